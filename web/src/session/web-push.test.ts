import { describe, expect, it } from 'vitest';
import { WEB_PUSH_LIMITS, type WebPushSubscription } from '@campus-safety/model';
import {
  applicationServerKey,
  deviceEntry,
  devicesWith,
  pushSupport,
  turnOffPush,
  turnOnPush,
  unsubscribeThisDevice,
  type PushDevice,
} from './web-push';

/*
 * Chromium's own pushManager needs its vendor's push service, which cannot be reached here: the
 * browser's side is a stand-in, and the functions' side runs for real against a local push
 * service (functions/test/integration/web-push.test.ts).
 */
const KEY =
  'BH-B2SodSrX8a8fYs06JLmAZp0j8tw5v0_iP5upyj0TtpAL6QIe6uNe5KdwyZbFCljwL8jCQlUkIx58ZVLrEBM4';
const entry = (i: number): WebPushSubscription => ({
  endpoint: `https://push.example/send/${i}`,
  p256dh: 'B'.repeat(87),
  auth: 'a'.repeat(22),
});

function fakeDevice(permission: NotificationPermission, existing: number | null = null) {
  const calls: string[] = [];
  let current: PushSubscription | null = null;
  const subscription = (i: number) =>
    ({
      endpoint: entry(i).endpoint,
      toJSON: () => ({
        endpoint: entry(i).endpoint,
        keys: { p256dh: entry(i).p256dh, auth: entry(i).auth },
      }),
      unsubscribe: async () => {
        calls.push('unsubscribe');
        current = null;
        return true;
      },
    }) as unknown as PushSubscription;
  if (existing !== null) current = subscription(existing);
  const device: PushDevice = {
    requestPermission: async () => permission,
    registration: async () => ({
      pushManager: {
        getSubscription: async () => current,
        subscribe: async (options?: PushSubscriptionOptionsInit) => {
          calls.push(`subscribe ${(options?.applicationServerKey as Uint8Array).length}`);
          current = subscription(9);
          return current;
        },
      } as unknown as PushManager,
    }),
  };
  return { device, calls };
}

function fakeAccount(devices: WebPushSubscription[]) {
  const saved: WebPushSubscription[][] = [];
  return {
    account: { devices, save: async (list: WebPushSubscription[]) => void saved.push(list) },
    saved,
  };
}

describe('notifications on this device', () => {
  it('turning on asks permission, subscribes with the VAPID key and adds the device', async () => {
    const { device, calls } = fakeDevice('granted');
    const { account, saved } = fakeAccount([entry(1)]);
    await turnOnPush(device, account, KEY);
    expect(calls).toEqual(['subscribe 65']);
    expect(saved).toEqual([[entry(1), entry(9)]]);
  });

  it('a refused permission writes nothing and says where to allow it', async () => {
    const { device, calls } = fakeDevice('denied');
    const { account, saved } = fakeAccount([]);
    await expect(turnOnPush(device, account, KEY)).rejects.toThrow(/browser's settings/);
    expect(calls).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('turning off removes the device from the account, then unsubscribes it', async () => {
    const { device, calls } = fakeDevice('granted', 2);
    const { account, saved } = fakeAccount([entry(1), entry(2)]);
    await turnOffPush(device, account);
    expect(saved).toEqual([[entry(1)]]);
    expect(calls).toEqual(['unsubscribe']);
  });

  it(`keeps at most ${WEB_PUSH_LIMITS.subscriptions} devices, the newest, each once`, () => {
    const full = Array.from({ length: WEB_PUSH_LIMITS.subscriptions }, (_, i) => entry(i));
    expect(devicesWith(full, entry(7)).map((d) => d.endpoint)).toEqual(
      [1, 2, 3, 4, 7].map((i) => entry(i).endpoint),
    );
    expect(devicesWith([entry(1), entry(2)], entry(1))).toEqual([entry(2), entry(1)]);
  });

  it("takes only an https address with the rules' keys; decodes the VAPID key", () => {
    const json = {
      endpoint: entry(1).endpoint,
      keys: { p256dh: entry(1).p256dh, auth: entry(1).auth },
    };
    expect(deviceEntry(json)).toEqual(entry(1));
    expect(() => deviceEntry({ ...json, endpoint: 'http://push.example/x' })).toThrow(/cannot use/);
    expect(() => deviceEntry({ endpoint: entry(1).endpoint })).toThrow(/cannot use/);
    const bytes = applicationServerKey(KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('says when the browser or the site has no Web Push', () => {
    expect(pushSupport(KEY, {} as typeof globalThis)).toBe('unsupported');
    const env = { navigator: { serviceWorker: {} }, PushManager: {}, Notification: {} };
    expect(pushSupport(null, env as unknown as typeof globalThis)).toBe('no-key');
    expect(pushSupport(KEY, env as unknown as typeof globalThis)).toBe('ready');
  });
});

describe('signing out', () => {
  it("unsubscribes this browser's workers, whatever one of them answers", async () => {
    const unsubscribed: string[] = [];
    const container = {
      getRegistration: async (scope?: string) => {
        if (scope === '/broken') throw new Error('no');
        return {
          pushManager: {
            getSubscription: async () =>
              scope === '/none'
                ? null
                : { unsubscribe: async () => Boolean(unsubscribed.push(scope ?? '')) },
          },
        } as unknown as ServiceWorkerRegistration;
      },
    };
    await unsubscribeThisDevice(['/app', '/broken', '/none', '/'], container);
    expect(unsubscribed.sort()).toEqual(['/', '/app']);
    await unsubscribeThisDevice(['/app'], undefined);
  });
});
