/**
 * Web Push subscriptions (docs/decisions.md#web-push): the devices on which /app or the console
 * turned on "Notifications on this device". Each is kept on `users/{uid}.webPush` as the browser's
 * push service gave it; only the owner writes the list and the rules check every entry.
 */

export interface WebPushSubscription {
  /** The push service's address for this device (https; the rules refuse any other scheme). */
  endpoint: string;
  /** The device's P-256 public key, base64url (65 bytes: 87 characters unpadded). */
  p256dh: string;
  /** The device's authentication secret, base64url (16 bytes: 22 characters unpadded). */
  auth: string;
}

export const WEB_PUSH_LIMITS = {
  /** Devices one account keeps: a phone, a laptop, a desk computer and a couple more. */
  subscriptions: 5,
  /** Push services' endpoints are about 200-400 characters; this leaves room and no more. */
  endpoint: 1000,
  /** Room for the padded base64 forms some browsers give; the real keys are 87 and 22. */
  p256dh: 128,
  auth: 64,
} as const;

/** base64url of at most `max` characters, padding included (firestore.rules `webPushEntry`). */
const key = (max: number) => new RegExp(`^[A-Za-z0-9_-]{1,${max - 2}}={0,2}$`);
const P256DH = key(WEB_PUSH_LIMITS.p256dh);
const AUTH = key(WEB_PUSH_LIMITS.auth);
/** The rules take https only; the functions also take http from the emulators' push service. */
const ENDPOINT = new RegExp(`^https?://\\S{1,${WEB_PUSH_LIMITS.endpoint - 8}}$`);

/** Whether `value` is one well-formed entry of `users/{uid}.webPush` (the rules' own check). */
export function isWebPushSubscription(value: unknown): value is WebPushSubscription {
  if (typeof value !== 'object' || value === null) return false;
  const { endpoint, p256dh, auth, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof endpoint === 'string' &&
    ENDPOINT.test(endpoint) &&
    typeof p256dh === 'string' &&
    P256DH.test(p256dh) &&
    typeof auth === 'string' &&
    AUTH.test(auth)
  );
}

/** The well-formed subscriptions of a `users` document (none when the field is absent). */
export function webPushSubscriptionsOf(
  user: { webPush?: unknown } | undefined,
): WebPushSubscription[] {
  const list = user?.webPush;
  return Array.isArray(list) ? list.filter(isWebPushSubscription) : [];
}
