import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { acknowledgeEmergency as work } from '../services/emergencies';

/** Staff of the emergency's campus (Admins: any) acknowledge an SOS: the alarm stops. */
export const acknowledgeEmergency = callable('acknowledgeEmergency', (input, caller) =>
  work(db(), input, caller),
);
