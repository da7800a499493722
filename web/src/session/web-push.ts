import {
  WEB_PUSH_LIMITS,
  isWebPushSubscription,
  type WebPushSubscription,
} from '@campus-safety/model';

/**
 * "Notifications on this device" (docs/decisions.md#web-push): this browser's push subscription,
 * made through a service worker with the deployment's VAPID public key, and kept on the
 * person's `users/{uid}.webPush` so the functions push to it.
 */

/** What the browser offers: the device, or why not. */
export type PushSupport = 'ready' | 'unsupported' | 'no-key';

export function pushSupport(key: string | null, env: typeof globalThis = globalThis): PushSupport {
  const nav = env.navigator as Navigator | undefined;
  if (!nav || !('serviceWorker' in nav) || !('PushManager' in env) || !('Notification' in env))
    return 'unsupported';
  return key ? 'ready' : 'no-key';
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The entry the rules take, from the browser's subscription; an error says what is wrong. */
export function deviceEntry(json: PushSubscriptionJSON): WebPushSubscription {
  const entry = { endpoint: json.endpoint, p256dh: json.keys?.p256dh, auth: json.keys?.auth };
  if (!isWebPushSubscription(entry) || !entry.endpoint.startsWith('https://'))
    throw new Error("This browser's push service gave an address the app cannot use.");
  return entry;
}

/**
 * The list with `entry` in (a device subscribing again replaces its old entry); past
 * WEB_PUSH_LIMITS.subscriptions devices, the one turned on longest ago gives way.
 */
export function devicesWith(list: WebPushSubscription[], entry: WebPushSubscription) {
  const others = list.filter((d) => d.endpoint !== entry.endpoint);
  return [...others.slice(Math.max(0, others.length - (WEB_PUSH_LIMITS.subscriptions - 1))), entry];
}

export function devicesWithout(list: WebPushSubscription[], endpoint: string) {
  return list.filter((d) => d.endpoint !== endpoint);
}

/** Whether this device's subscription is one the person's account holds. */
export function isOnHere(list: WebPushSubscription[], here: PushSubscription | null): boolean {
  return !!here && list.some((d) => d.endpoint === here.endpoint);
}

/** The browser calls the toggle needs (the real ones in the app, stand-ins in unit tests). */
export interface PushDevice {
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker registration push goes through, active. */
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'>>;
}

export interface PushAccount {
  devices: WebPushSubscription[];
  save(devices: WebPushSubscription[]): Promise<void>;
}

/** Asks permission, subscribes this device and adds it to the account. */
export async function turnOnPush(device: PushDevice, account: PushAccount, key: string) {
  const permission = await device.requestPermission();
  if (permission !== 'granted')
    throw new Error(
      permission === 'denied'
        ? "Notifications are blocked for this site: allow them in the browser's settings."
        : 'Notifications were not allowed.',
    );
  const { pushManager } = await device.registration();
  const subscription =
    (await pushManager.getSubscription()) ??
    (await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key),
    }));
  await account.save(devicesWith(account.devices, deviceEntry(subscription.toJSON())));
}

/** Removes this device from the account first (no more pushes), then unsubscribes it. */
export async function turnOffPush(device: PushDevice, account: PushAccount) {
  const { pushManager } = await device.registration();
  const subscription = await pushManager.getSubscription();
  if (!subscription) return;
  await account.save(devicesWithout(account.devices, subscription.endpoint));
  await subscription.unsubscribe();
}

/** Registers `url` for `scope` and waits until it is active: pushManager needs an active one. */
export async function activeRegistration(url: string, scope: string) {
  const registration = await navigator.serviceWorker.register(url, { scope });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) throw new Error('The notifications worker did not start.');
  await new Promise<void>((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant')
        reject(new Error('The notifications worker did not start.'));
    });
  });
  return registration;
}

/**
 * Signing out unsubscribes this browser (the console's worker and the app's): the next person
 * on a shared computer must not see the last one's notifications. Only the browser is asked, so
 * sign-out works offline and never waits on a write; the account's entry goes at the next push,
 * which the push service answers 410 (the functions then forget it). Never throws.
 */
export async function unsubscribeThisDevice(
  scopes: readonly string[],
  container: Pick<ServiceWorkerContainer, 'getRegistration'> | undefined = globalThis.navigator
    ?.serviceWorker,
): Promise<void> {
  if (!container) return;
  await Promise.all(
    scopes.map(async (scope) => {
      try {
        const registration = await container.getRegistration(scope);
        await (await registration?.pushManager?.getSubscription())?.unsubscribe();
      } catch (error) {
        console.warn('Could not turn off notifications on this device', error);
      }
    }),
  );
}
