import { defaultSender } from '../push/default-sender';
import { sendNotificationSchema } from '../schemas/http';
import { parseInput } from '../schemas/parse';
import { adminEndpoint } from './endpoint';

/**
 * POST /send-notification {title, body, tokens, type, type_id} (docs/requirements.md#calls): a push
 * to the given device tokens; an empty list is recorded as skipped. Answers the push record's
 * outcome.
 */
export const sendNotification = adminEndpoint('Could not send the notification.', async (body) => {
  const input = parseInput(sendNotificationSchema, body);
  const { id, state, sent, failed } = await defaultSender().send(
    { tokens: input.tokens },
    { title: input.title, body: input.body, type: input.type as never, type_id: input.type_id },
  );
  return { id, state, sent, failed };
});
