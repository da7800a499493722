import { callable } from '../platform/callable';
import { classifyIncident as work } from '../services/clery';
import { db } from '../platform/firebase';
import { timeZone } from '../options';

/** Admins classify a closed incident for the Clery Act. */
export const classifyIncident = callable('classifyIncident', (input, caller) =>
  work(db(), input, caller, timeZone()),
);
