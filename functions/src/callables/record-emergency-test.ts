import { callable } from '../platform/callable';
import { recordEmergencyTest as work } from '../services/clery';
import { db } from '../platform/firebase';
import { timeZone } from '../options';

/** Admins record a test of the emergency response procedures, or revise one. */
export const recordEmergencyTest = callable('recordEmergencyTest', (input, caller) =>
  work(db(), input, caller, timeZone()),
);
