import { createAccount as create } from '../services/accounts';
import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';

/** Admin creates an account (Auth user + users profile) with the default password. */
export const createAccount = callable('createAccount', (input) =>
  create({ db: db(), auth: auth(), now: () => new Date() }, input),
);
