import { useEffect, useState } from 'react';
import { WEB_PUSH_LIMITS, type WebPushSubscription } from '@campus-safety/model';
import { Button } from '../components/Button';
import { useAction } from '../components/use-action';
import { saveWebPushDevices } from '../data/web-push';
import { webPushKey } from '../lib/firebase';
import { useAuth } from './store';
import {
  activeRegistration,
  isOnHere,
  pushSupport,
  turnOffPush,
  turnOnPush,
  type PushDevice,
} from './web-push';

/** Web Push's own service worker (web/public): the console's, and the app's under the dev server. */
export const PUSH_WORKER_URL = '/push-sw.js';

/** The service worker push goes through: the app's own in /app, the console's push-sw.js. */
export interface PushWorker {
  url: string;
  scope: string;
}

/** One empty list: a selector that made a new one on each call would render forever. */
const NO_DEVICES: WebPushSubscription[] = [];

const NOT_HERE = {
  unsupported: 'This browser cannot show notifications from the web.',
  'no-key': 'Notifications on devices are not set up for this site.',
} as const;

/**
 * "Notifications on this device" on both profile screens: turned on, this browser shows the
 * pushes of the signed-in person (their reports, alerts, pages) even with the site closed;
 * turned off, it is removed from their account and unsubscribed.
 */
export function WebPushToggle({ worker }: { worker: PushWorker }) {
  const uid = useAuth((s) => s.profile?.id ?? '');
  const devices = useAuth((s) => s.profile?.webPush ?? NO_DEVICES);
  const support = pushSupport(webPushKey);
  const [here, setHere] = useState<PushSubscription | null | undefined>(undefined);

  const device: PushDevice = {
    requestPermission: () => Notification.requestPermission(),
    registration: () => activeRegistration(worker.url, worker.scope),
  };
  const account = { devices, save: (list: typeof devices) => saveWebPushDevices(uid, list) };
  const refresh = async () => {
    const registration = await navigator.serviceWorker.getRegistration(worker.scope);
    setHere((await registration?.pushManager.getSubscription()) ?? null);
  };

  useEffect(() => {
    if (support !== 'ready') return;
    navigator.serviceWorker
      .getRegistration(worker.scope)
      .then((registration) => registration?.pushManager.getSubscription() ?? null)
      .then((subscription) => setHere(subscription ?? null))
      .catch(() => setHere(null));
  }, [support, worker.scope]);

  const turnOn = useAction(
    async () => {
      await turnOnPush(device, account, webPushKey!);
      await refresh();
    },
    { failureTitle: 'Could not turn notifications on' },
  );
  const turnOff = useAction(
    async () => {
      await turnOffPush(device, account);
      await refresh();
    },
    { failureTitle: 'Could not turn notifications off' },
  );

  if (support !== 'ready') return <p className="text-sm text-slate-600">{NOT_HERE[support]}</p>;
  const on = isOnHere(devices, here ?? null);
  return (
    <div className="max-w-xl space-y-3 text-sm text-slate-700">
      <p>
        Shows your notifications on this device, even with this site closed. Each browser is turned
        on by itself: your account has {devices.length} turned on, at most{' '}
        {WEB_PUSH_LIMITS.subscriptions} (a new one replaces the oldest).
      </p>
      <p aria-live="polite" className="font-medium text-slate-900" data-testid="web-push-state">
        {here === undefined
          ? 'Checking this device…'
          : on
            ? 'On for this device.'
            : 'Off for this device.'}
      </p>
      {on ? (
        <Button variant="secondary" busy={turnOff.busy} onClick={() => void turnOff.run()}>
          Turn off
        </Button>
      ) : (
        <Button busy={turnOn.busy} disabled={here === undefined} onClick={() => void turnOn.run()}>
          Turn on
        </Button>
      )}
      {(turnOn.failure ?? turnOff.failure) && (
        <p role="alert" className="text-red-700">
          {turnOn.failure ?? turnOff.failure}
        </p>
      )}
    </div>
  );
}
