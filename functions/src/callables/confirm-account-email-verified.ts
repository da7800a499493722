import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';
import { confirmEmailVerified as confirm } from '../services/staff-access';

/** The caller's email verification mirrored onto their users doc (after opening the link). */
export const confirmEmailVerified = callable('confirmEmailVerified', (_input, caller) =>
  confirm({ db: db(), auth: auth() }, caller.uid),
);
