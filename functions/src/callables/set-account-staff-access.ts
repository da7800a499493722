import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';
import { setStaffAccess as set } from '../services/staff-access';

/** Admin changes an account's role, campus or archive flag (claims, users doc, audit entry). */
export const setStaffAccess = callable('setStaffAccess', (input, admin) =>
  set({ db: db(), auth: auth(), now: () => new Date() }, admin, input),
);
