import { callable } from '../platform/callable';
import { setLegalHold as work } from '../services/clery';
import { db } from '../platform/firebase';

/** Admins set or lift the legal hold of an incident. */
export const setLegalHold = callable('setLegalHold', (input, caller) => work(db(), input, caller));
