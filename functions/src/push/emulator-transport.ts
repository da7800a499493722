import type { PushTransport } from './transport';

/**
 * Tokens with this prefix are answered as FCM answers a token whose app was uninstalled, so the
 * invalid-token clean-up can be exercised in the local stack. Every other token "succeeds".
 */
export const EMULATOR_UNREGISTERED_PREFIX = 'emulator-unregistered-';

/**
 * There is no FCM emulator: locally a push is accepted without leaving the machine, and the
 * push_messages record (transport `emulator`) is what tests and developers look at.
 */
export function emulatorTransport(): PushTransport {
  return {
    name: 'emulator',
    async sendToTokens(tokens) {
      const failures = tokens
        .filter((token) => token.startsWith(EMULATOR_UNREGISTERED_PREFIX))
        .map((token) => ({
          token,
          code: 'messaging/registration-token-not-registered',
          message: 'Requested entity was not found (emulator: unregistered test token).',
        }));
      return { successCount: tokens.length - failures.length, failures };
    },
    async sendToTopic() {},
  };
}
