import type { CallableRequest } from '@campus-safety/model';
import { callFunction } from '../../lib/functions';

export function sendMassNotification(input: CallableRequest<'sendMassNotification'>) {
  return callFunction('sendMassNotification', input);
}

export function approveMassNotification(id: string) {
  return callFunction('approveMassNotification', { id });
}

export function sendMassNotificationTest(input: CallableRequest<'sendMassNotificationTest'>) {
  return callFunction('sendMassNotificationTest', input);
}

export function countMassNotificationAudience(
  input: CallableRequest<'countMassNotificationAudience'>,
) {
  return callFunction('countMassNotificationAudience', input);
}
