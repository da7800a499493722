import { callable } from '../services/callable';
import { auth, db } from '../services/firebase';
import { confirmEmailVerified as confirm } from '../services/staff-access';

/** The caller's email verification mirrored onto their users doc (after opening the link). */
export const confirmEmailVerified = callable('confirmEmailVerified', (_input, caller) =>
  confirm({ db: db(), auth: auth() }, caller.uid),
);
