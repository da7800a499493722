import { createAccountSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { createAccount as create } from '../services/accounts';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { auth, db } from '../services/firebase';

/** Admin creates an account (Auth user + users profile) with the default password. */
export const createAccount = callable(
  'Could not create the account. Try again.',
  async (request) => {
    await requireCaller(db(), request.auth?.uid, ['Admin']);
    const input = parseInput(createAccountSchema, request.data);
    return create({ db: db(), auth: auth(), now: () => new Date() }, input);
  },
);
