import { sendNotification, WebPushError, type RequestOptions } from 'web-push';
import { PUSH_TYPES, type PushType } from '@campus-safety/model';
import type { PushPayload } from '../domain/publication-push';
import { webPushSubscriptionOf } from '../domain/push-address';
import {
  WEB_PUSH_GONE,
  type PushTransport,
  type TokenFailure,
  type TokenSendResult,
} from './transport';

/** The application server's VAPID identity (push/vapid.ts reads it from the params). */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** How a Web Push send is made; `web-push`'s own in production, swappable in unit tests. */
export type WebPushSend = typeof sendNotification;

/** Sends at once to one push service at most this many: an alert's page is up to 500 devices. */
export const WEB_PUSH_CONCURRENCY = 50;
/** A push service keeps an undelivered message a day (a phone switched off overnight). */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A send that has not been answered in this time counts as failed (not as a dead device). */
const SEND_TIMEOUT_MS = 15_000;

/** Pushes about someone in danger wake the device at once; the rest may wait for its battery. */
const URGENT: ReadonlySet<PushType> = new Set([PUSH_TYPES.emergency, PUSH_TYPES.massNotification]);

function failureOf(address: string, error: unknown): TokenFailure {
  if (error instanceof WebPushError) {
    const gone = error.statusCode === 404 || error.statusCode === 410;
    return {
      token: address,
      code: gone ? WEB_PUSH_GONE : `webpush/status-${error.statusCode}`,
      message: `${error.message} (${error.statusCode})`.slice(0, 300),
    };
  }
  return {
    token: address,
    code: 'webpush/send-failed',
    message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
  };
}

/**
 * The standard Web Push protocol (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292)
 * through the `web-push` package, to the push service each browser subscribed with. The message
 * is the JSON the service workers read (web/service-worker/push.js): title, body, type and id.
 */
export function webPushTransport(
  vapid: VapidDetails | null,
  send: WebPushSend = sendNotification,
): PushTransport {
  async function sendOne(address: string, payload: PushPayload): Promise<TokenFailure | null> {
    const subscription = webPushSubscriptionOf(address);
    if (!subscription)
      return {
        token: address,
        code: 'webpush/malformed-address',
        message: 'Not a Web Push address.',
      };
    if (!vapid)
      return {
        token: address,
        code: 'webpush/not-configured',
        message: 'WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY are not set.',
      };
    const options: RequestOptions = {
      vapidDetails: vapid,
      TTL: WEB_PUSH_TTL_SECONDS,
      urgency: URGENT.has(payload.type) ? 'high' : 'normal',
      timeout: SEND_TIMEOUT_MS,
    };
    try {
      await send(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        options,
      );
      return null;
    } catch (error) {
      return failureOf(address, error);
    }
  }

  return {
    name: 'webpush',
    async sendToTokens(addresses, payload): Promise<TokenSendResult> {
      const failures: TokenFailure[] = [];
      let next = 0;
      const worker = async () => {
        while (next < addresses.length) {
          const failure = await sendOne(addresses[next++]!, payload);
          if (failure) failures.push(failure);
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(WEB_PUSH_CONCURRENCY, addresses.length) }, worker),
      );
      return { successCount: addresses.length - failures.length, failures };
    },
    async sendToTopic() {
      throw new Error('Web Push has no topics: a topic goes to FCM.');
    },
  };
}
