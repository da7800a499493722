import { generateRequestDetails, type RequestOptions } from 'web-push';
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

/** One request to a push service, answered with its status; `fetch` in production. */
export type PushPost = (
  endpoint: string,
  request: { headers: Record<string, string>; body: Buffer | null; timeoutMs: number },
) => Promise<{ status: number; text: string }>;

const fetchPost: PushPost = async (endpoint, { headers, body, timeoutMs }) => {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers,
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, text: (await res.text()).slice(0, 300) };
};

/** Sends at once to one push service at most this many: an alert's page is up to 500 devices. */
export const WEB_PUSH_CONCURRENCY = 50;
/** A push service keeps an undelivered message a day (a phone switched off overnight). */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A send that has not been answered in this time counts as failed (not as a dead device). */
const SEND_TIMEOUT_MS = 15_000;

/** Pushes about someone in danger wake the device at once; the rest may wait for its battery. */
const URGENT: ReadonlySet<PushType> = new Set([PUSH_TYPES.emergency, PUSH_TYPES.massNotification]);

function statusFailure(address: string, status: number, text: string): TokenFailure {
  return {
    token: address,
    // 404 and 410: the device unsubscribed or its subscription expired, for good (RFC 8030).
    code: status === 404 || status === 410 ? WEB_PUSH_GONE : `webpush/status-${status}`,
    message: `The push service answered ${status}${text ? `: ${text}` : ''}`.slice(0, 300),
  };
}

/**
 * The standard Web Push protocol (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292)
 * through the `web-push` package, to the push service each browser subscribed with. The message
 * is the JSON the service workers read (web/public/push-sw.js): title, body, type and id.
 */
export function webPushTransport(
  vapid: VapidDetails | null,
  options: { allowHttp?: boolean; post?: PushPost } = {},
): PushTransport {
  const post = options.post ?? fetchPost;
  // Push services are https. Plain http only where the local push service of the tests runs
  // (the emulators): the rules take https endpoints only, so only the Admin SDK writes one.
  const scheme = options.allowHttp ? /^https?:\/\// : /^https:\/\//;
  async function sendOne(address: string, payload: PushPayload): Promise<TokenFailure | null> {
    const subscription = webPushSubscriptionOf(address);
    if (!subscription || !scheme.test(subscription.endpoint))
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
    const requestOptions: RequestOptions = {
      vapidDetails: vapid,
      TTL: WEB_PUSH_TTL_SECONDS,
      urgency: URGENT.has(payload.type) ? 'high' : 'normal',
    };
    try {
      // web-push encrypts (RFC 8291) and signs (VAPID); the request itself is ours, as its own
      // sender speaks https only and the local push service of the tests is http.
      const request = generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        requestOptions,
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const answer = await post(request.endpoint, {
        headers,
        body: request.body,
        timeoutMs: SEND_TIMEOUT_MS,
      });
      return answer.status >= 200 && answer.status < 300
        ? null
        : statusFailure(address, answer.status, answer.text);
    } catch (error) {
      return {
        token: address,
        code: 'webpush/send-failed',
        message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
      };
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
