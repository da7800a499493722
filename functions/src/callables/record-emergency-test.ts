import { callable } from '../platform/callable';
import { recordEmergencyTest as work } from '../services/clery';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';

/** Admins record a test of the emergency response procedures, or revise one. */
export const recordEmergencyTest = callable('recordEmergencyTest', async (input, caller) =>
  work(db(), input, caller, await programmeTimeZone(db(), { fresh: true })),
);
