/** What a person receives of an alert in the app and by push. */
import { FieldValue } from 'firebase-admin/firestore';
import {
  MASS_NOTIFICATION_TYPE,
  type ChannelTexts,
  type MassNotificationKind,
  type ReplyRequest,
} from '@campus-safety/model';

/**
 * The in-app notification of an alert (the same id per person, so nobody gets it twice), with
 * the answers it asks for, if any.
 */
export function inAppNotification(
  texts: ChannelTexts,
  alertId: string | null,
  kind: MassNotificationKind,
  reply: ReplyRequest | null = null,
) {
  return {
    title: texts.inApp.title,
    message: texts.inApp.message,
    color: kind === 'general' ? 'blue' : 'red',
    icon: 'campaign',
    isRead: false,
    timestamp: FieldValue.serverTimestamp(),
    type: MASS_NOTIFICATION_TYPE,
    ...(alertId ? { type_id: alertId, alertId } : { test: true }),
    ...(reply ? { reply } : {}),
  };
}

export function pushPayload(texts: ChannelTexts, alertId: string) {
  return {
    title: texts.push.title,
    body: texts.push.body,
    type: MASS_NOTIFICATION_TYPE,
    type_id: alertId,
  };
}
