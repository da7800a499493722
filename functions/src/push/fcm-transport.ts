import { getMessaging, type Message, type Messaging } from 'firebase-admin/messaging';
import type { PushPayload } from '../domain/publication-push';
import type { PushTransport, TokenSendResult } from './transport';

function message(payload: PushPayload) {
  return {
    notification: { title: payload.title, body: payload.body },
    data: { type: payload.type, type_id: payload.type_id },
    android: { priority: 'high' as const },
  };
}

/** The two calls of firebase-admin messaging the transport uses. */
export type MessagingClient = Pick<Messaging, 'sendEachForMulticast' | 'send'>;

/** Firebase Cloud Messaging through firebase-admin. */
export function fcmTransport(messaging: MessagingClient = getMessaging()): PushTransport {
  return {
    name: 'fcm',
    async sendToTokens(tokens, payload): Promise<TokenSendResult> {
      const batch = await messaging.sendEachForMulticast({ tokens, ...message(payload) });
      return {
        successCount: batch.successCount,
        failures: batch.responses.flatMap((response, i) =>
          response.success
            ? []
            : [
                {
                  token: tokens[i] ?? '',
                  code: response.error?.code ?? 'unknown',
                  message: response.error?.message ?? 'unknown error',
                },
              ],
        ),
      };
    },
    async sendToTopic(topic, payload) {
      const topicMessage: Message = { topic, ...message(payload) };
      await messaging.send(topicMessage);
    },
  };
}
