import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';
import { removeUnverifiedAccount as remove } from '../services/staff-access';

/** Admin removes an account that never verified its email (never a verified one). */
export const removeUnverifiedAccount = callable('removeUnverifiedAccount', (input, admin) =>
  remove({ db: db(), auth: auth(), now: () => new Date() }, admin, input.uid),
);
