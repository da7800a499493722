import type { NotificationContent } from './notification-content';
import { PUSH_BODY_MAX, shorten, type PushPayload } from './publication-push';

/**
 * What the person is told of a staff message (a report's reporter, an emergency's person): who
 * wrote it (the name from the author's users doc, or "Campus Safety" when the profile has none)
 * and the message, shortened as a push is; `opens` is the record the app opens.
 */
export function messageNotification(
  staffName: string | null,
  text: string,
  opens: Pick<PushPayload, 'type' | 'type_id'>,
): { notification: NotificationContent; push: PushPayload } {
  const title = `Message from ${staffName || 'Campus Safety'}`;
  const body = shorten(text, PUSH_BODY_MAX);
  return {
    notification: { title, message: body, color: 'blue', icon: 'chat' },
    push: { title, body, ...opens },
  };
}
