import type { PushPayload } from '../domain/publication-push';

export interface TokenFailure {
  token: string;
  code: string;
  message: string;
}

export interface TokenSendResult {
  successCount: number;
  failures: TokenFailure[];
}

/** Where pushes go: FCM in production, a recording stand-in under the emulator suite. */
export interface PushTransport {
  readonly name: 'fcm' | 'emulator';
  sendToTokens(tokens: string[], payload: PushPayload): Promise<TokenSendResult>;
  sendToTopic(topic: string, payload: PushPayload): Promise<void>;
}

/** FCM error codes meaning the token will never work again and should be forgotten. */
export const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);
