import { isWebPushAddress } from '../domain/push-address';
import type { PushTransport, TokenSendResult } from './transport';

async function settle(
  transport: PushTransport,
  tokens: string[],
  send: () => Promise<TokenSendResult>,
): Promise<TokenSendResult> {
  if (tokens.length === 0) return { successCount: 0, failures: [] };
  try {
    return await send();
  } catch (error) {
    // One way failing whole must not hide what the other delivered.
    const message = error instanceof Error ? error.message : String(error);
    return {
      successCount: 0,
      failures: tokens.map((token) => ({ token, code: `${transport.name}/failed`, message })),
    };
  }
}

/**
 * A person's devices in one list (docs/decisions.md#web-push): Web Push addresses go through
 * `web`, every other token through `device` (FCM, or its stand-in locally), side by side, and
 * the answers are merged in one result. Topics exist only in FCM. The record names `device`.
 */
export function routedTransport(device: PushTransport, web: PushTransport): PushTransport {
  return {
    name: device.name,
    async sendToTokens(tokens, payload) {
      const webTokens = tokens.filter(isWebPushAddress);
      const deviceTokens = tokens.filter((t) => !isWebPushAddress(t));
      const results = await Promise.all([
        settle(device, deviceTokens, () => device.sendToTokens(deviceTokens, payload)),
        settle(web, webTokens, () => web.sendToTokens(webTokens, payload)),
      ]);
      return {
        successCount: results[0].successCount + results[1].successCount,
        failures: [...results[0].failures, ...results[1].failures],
      };
    },
    sendToTopic: (topic, payload) => device.sendToTopic(topic, payload),
  };
}
