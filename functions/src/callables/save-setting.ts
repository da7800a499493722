import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { saveSetting as work } from '../services/settings';

/** An Admin saves response targets, incident types or campus areas (history kept). */
export const saveSetting = callable('saveSetting', (input, caller) => work(db(), input, caller));
