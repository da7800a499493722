import { reissueDefaultPassword as reissue } from '../services/accounts';
import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';

/** Admin gives an account a new default password (shown once) after the old one expired. */
export const reissueDefaultPassword = callable('reissueDefaultPassword', (input, admin) =>
  reissue({ db: db(), auth: auth(), now: () => new Date() }, admin.uid, input.uid),
);
