import assert from 'node:assert/strict';
import type { BatchResponse, MulticastMessage, Message } from 'firebase-admin/messaging';
import { fcmTransport, type MessagingClient } from '../../src/push/fcm-transport';
import { INVALID_TOKEN_CODES } from '../../src/push/transport';

/** FCM itself cannot run here: a stand-in that answers like sendEachForMulticast does. */
function fakeMessaging(errors: Record<string, string>) {
  const sent: (MulticastMessage | Message)[] = [];
  const client: MessagingClient = {
    async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
      sent.push(message);
      const responses = message.tokens.map((token) =>
        errors[token]
          ? { success: false, error: { code: errors[token], message: `failed ${token}` } as never }
          : { success: true, messageId: `m-${token}` },
      );
      const successCount = responses.filter((r) => r.success).length;
      return { responses, successCount, failureCount: responses.length - successCount };
    },
    async send(message: Message) {
      sent.push(message);
      return 'projects/p/messages/1';
    },
  };
  return { client, sent };
}

const payload = {
  title: 'Report Processing',
  body: 'Ana is handling it.',
  type: 'report' as const,
  type_id: 'inc1',
};

describe('fcmTransport', () => {
  it('sends a notification with the type and id as data, and reports per-token failures', async () => {
    const fake = fakeMessaging({
      dead: 'messaging/registration-token-not-registered',
      flaky: 'messaging/internal-error',
    });
    const result = await fcmTransport(fake.client).sendToTokens(['ok', 'dead', 'flaky'], payload);
    assert.equal(result.successCount, 1);
    assert.deepEqual(
      result.failures.map((f) => [f.token, f.code]),
      [
        ['dead', 'messaging/registration-token-not-registered'],
        ['flaky', 'messaging/internal-error'],
      ],
    );
    const message = fake.sent[0] as MulticastMessage;
    assert.deepEqual(message.notification, { title: payload.title, body: payload.body });
    assert.deepEqual(message.data, { type: 'report', type_id: 'inc1' });
  });

  it('treats only unregistered and invalid tokens as ones to forget', () => {
    assert.ok(INVALID_TOKEN_CODES.has('messaging/registration-token-not-registered'));
    assert.ok(INVALID_TOKEN_CODES.has('messaging/invalid-registration-token'));
    assert.ok(!INVALID_TOKEN_CODES.has('messaging/internal-error'));
  });

  it('sends topic pushes to the topic', async () => {
    const fake = fakeMessaging({});
    await fcmTransport(fake.client).sendToTopic('all', { ...payload, type: 'guide' });
    assert.equal((fake.sent[0] as { topic?: string }).topic, 'all');
  });
});
