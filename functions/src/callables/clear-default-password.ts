import { clearDefaultPassword as clear } from '../services/accounts';
import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';

/** The signed-in user asks to drop the "default password" flag after changing their password. */
export const clearDefaultPassword = callable('clearDefaultPassword', (_input, caller) =>
  clear({ db: db(), auth: auth(), now: () => new Date() }, caller.uid),
);
