import type { WebPushSubscription } from '@campus-safety/model';

/**
 * A person's devices travel through the push sender as one list of addresses
 * (docs/decisions.md#web-push): an FCM registration token as it is, and a Web Push subscription
 * as `webpush:<p256dh>:<auth>:<endpoint>`. The keys are base64url (no `:`), so the endpoint,
 * which has colons of its own, is everything after the third one.
 */
const PREFIX = 'webpush:';

export function webPushAddress(subscription: WebPushSubscription): string {
  return `${PREFIX}${subscription.p256dh}:${subscription.auth}:${subscription.endpoint}`;
}

export function isWebPushAddress(address: string): boolean {
  return address.startsWith(PREFIX);
}

/** The subscription an address names; null for an FCM token or a malformed address. */
export function webPushSubscriptionOf(address: string): WebPushSubscription | null {
  if (!isWebPushAddress(address)) return null;
  const rest = address.slice(PREFIX.length);
  const first = rest.indexOf(':');
  const second = rest.indexOf(':', first + 1);
  if (first <= 0 || second <= first + 1 || second === rest.length - 1) return null;
  return {
    p256dh: rest.slice(0, first),
    auth: rest.slice(first + 1, second),
    endpoint: rest.slice(second + 1),
  };
}

/**
 * How an address is written in a `push_messages` record: a Web Push one without its keys (the
 * auth secret is the device's, and the record is kept long after the push).
 */
export function recordedAddress(address: string): string {
  const subscription = webPushSubscriptionOf(address);
  return subscription ? `${PREFIX}${subscription.endpoint}` : address;
}
