import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { importRoster as work } from '../services/roster';

/** An Admin previews a roster CSV, or applies one with no problem (docs/mass-notifications.md#roster). */
export const importRoster = callable('importRoster', (input, caller) =>
  work(db(), input, caller, 'console'),
);
