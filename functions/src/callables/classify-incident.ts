import { callable } from '../platform/callable';
import { classifyIncident as work } from '../services/clery';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';

/** Admins classify a closed incident for the Clery Act. */
export const classifyIncident = callable('classifyIncident', async (input, caller) =>
  work(db(), input, caller, await programmeTimeZone(db(), { fresh: true })),
);
