import { db, isEmulated } from '../platform/firebase';
import { emulatorTransport } from './emulator-transport';
import { fcmTransport } from './fcm-transport';
import { pushSender, type PushSender } from './sender';

/** The sender the deployed functions use: FCM in production, the emulator transport locally. */
export function defaultSender(): PushSender {
  return pushSender(db(), isEmulated() ? emulatorTransport() : fcmTransport());
}
