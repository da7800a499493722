import { PUSH_TYPES } from '@campus-safety/model';
import type { NotificationContent } from './notification-content';
import { PUSH_BODY_MAX, shorten, type PushPayload } from './publication-push';

/**
 * What the reporter is told of a staff message: who wrote it (the name from the author's users
 * doc, or "Campus Safety" when the profile has none) and the message, shortened as a push is.
 */
export function messageNotification(
  staffName: string | null,
  text: string,
  incidentId: string,
): { notification: NotificationContent; push: PushPayload } {
  const title = `Message from ${staffName || 'Campus Safety'}`;
  const body = shorten(text, PUSH_BODY_MAX);
  return {
    notification: { title, message: body, color: 'blue', icon: 'chat' },
    push: { title, body, type: PUSH_TYPES.report, type_id: incidentId },
  };
}
