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

/**
 * Where pushes go: FCM in production (a recording stand-in under the emulator suite), and Web
 * Push for the addresses of browsers (routed-transport.ts sends each address its own way).
 */
export interface PushTransport {
  readonly name: 'fcm' | 'emulator' | 'webpush';
  sendToTokens(tokens: string[], payload: PushPayload): Promise<TokenSendResult>;
  sendToTopic(topic: string, payload: PushPayload): Promise<void>;
}

/** What a 404 or 410 from a Web Push service becomes: the subscription is gone for good. */
export const WEB_PUSH_GONE = 'webpush/subscription-gone';

/** Error codes meaning the device will never take a push again and should be forgotten. */
export const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  WEB_PUSH_GONE,
]);
