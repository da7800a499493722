import { db, isEmulated } from '../platform/firebase';
import { emulatorTransport } from './emulator-transport';
import { fcmTransport } from './fcm-transport';
import { routedTransport } from './routed-transport';
import { pushSender, type PushSender } from './sender';
import { vapidDetails } from './vapid';
import { webPushTransport } from './web-push-transport';

/**
 * The sender the deployed functions use: FCM in production (the emulator transport locally, as
 * no FCM runs here) and Web Push to browsers, which is real in both: the local stack and the
 * tests push to a local push service (docs/decisions.md#web-push).
 */
export function defaultSender(): PushSender {
  const emulated = isEmulated();
  const device = emulated ? emulatorTransport() : fcmTransport();
  const web = webPushTransport(vapidDetails(), { allowHttp: emulated });
  return pushSender(db(), routedTransport(device, web));
}
