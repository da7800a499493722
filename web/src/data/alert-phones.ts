import { COLLECTIONS, type AlertPhone } from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { DocSpec } from './spec';

/** `alert_phones/{uid}`: the number a person proved for alerts; read by that person only. */
export function alertPhoneSpec(uid: string): DocSpec<AlertPhone> {
  return { path: [COLLECTIONS.alertPhones, uid], converter: entityConverter<AlertPhone>() };
}
