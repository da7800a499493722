import { alertPhoneSpec } from '../data/alert-phones';
import { useLiveDoc } from '../data/live-query';
import { callFunction } from '../lib/functions';

/**
 * The signed-in person's phone for alerts (docs/mass-notifications.md#phones-for-alerts): the
 * proved number, followed live, and the callables that prove and remove it. Here, with the
 * session, because both profile screens (the console's and /app's) use it.
 */

/** The signed-in person's proved number (`null` while none is proved). */
export function useAlertPhone(uid: string) {
  return useLiveDoc(uid ? alertPhoneSpec(uid) : null);
}

/** Sends a code by SMS to the typed number; the answer names it in E.164. */
export function startAlertPhoneVerification(phone: string) {
  return callFunction('startAlertPhoneVerification', { phone });
}

export function confirmAlertPhone(code: string) {
  return callFunction('confirmAlertPhone', { code });
}

export function removeAlertPhone() {
  return callFunction('removeAlertPhone', {});
}
