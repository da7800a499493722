import { clearDefaultPassword as clear } from '../services/accounts';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { auth, db } from '../services/firebase';

/** The signed-in user asks to drop the "default password" flag after changing their password. */
export const clearDefaultPassword = callable(
  'Could not update your password status. Try again.',
  async (request) => {
    const caller = await requireCaller(db(), request.auth?.uid, 'any');
    return clear({ db: db(), auth: auth(), now: () => new Date() }, caller.uid);
  },
);
