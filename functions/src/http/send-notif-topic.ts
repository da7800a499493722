import { defaultSender } from '../push/default-sender';
import { sendNotifTopicSchema } from '../schemas/http';
import { parseInput } from '../schemas/parse';
import { adminEndpoint } from './endpoint';

/**
 * POST /send-notif-topic {title, body, topic: 'all', type, type_id} (docs/requirements.md#calls): a
 * topic push.
 */
export const sendNotifTopic = adminEndpoint('Could not send the notification.', async (body) => {
  const input = parseInput(sendNotifTopicSchema, body);
  const { id, state } = await defaultSender().send(
    { topic: input.topic },
    { title: input.title, body: input.body, type: input.type, type_id: input.type_id },
  );
  return { id, state };
});
