import type { CallableRequest } from '@campus-safety/model';
import { callFunction } from '../../lib/functions';

export function classifyIncident(input: CallableRequest<'classifyIncident'>) {
  return callFunction('classifyIncident', input);
}

export function withholdCrimeLogEntry(input: CallableRequest<'withholdCrimeLogEntry'>) {
  return callFunction('withholdCrimeLogEntry', input);
}

export function setLegalHold(input: CallableRequest<'setLegalHold'>) {
  return callFunction('setLegalHold', input);
}

export function saveCleryCalendar(input: CallableRequest<'saveCleryCalendar'>) {
  return callFunction('saveCleryCalendar', input);
}

export function recordFire(input: CallableRequest<'recordFire'>) {
  return callFunction('recordFire', input);
}

export function recordWarningDecision(input: CallableRequest<'recordWarningDecision'>) {
  return callFunction('recordWarningDecision', input);
}

export function recordEmergencyTest(input: CallableRequest<'recordEmergencyTest'>) {
  return callFunction('recordEmergencyTest', input);
}
