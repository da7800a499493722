import { COLLECTIONS, type WebPushSubscription } from '@campus-safety/model';
import { updateDocument } from './firestore';

/**
 * `users/{uid}.webPush`, the person's Web Push devices (docs/decisions.md#web-push): written whole
 * by its owner, as the rules check the list entry by entry.
 */
export function saveWebPushDevices(uid: string, devices: WebPushSubscription[]) {
  return updateDocument(
    [COLLECTIONS.users, uid],
    { webPush: devices },
    'Could not save the notifications of this device',
  );
}
