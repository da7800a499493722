import { createAccount as create } from '../services/accounts';
import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';

/** Admin creates an account (Auth user + users profile) and a one-time invitation for it. */
export const createAccount = callable('createAccount', (input, admin) =>
  create({ db: db(), auth: auth(), now: () => new Date() }, admin, input),
);
