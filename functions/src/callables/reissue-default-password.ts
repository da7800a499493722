import { reissueDefaultPasswordSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { reissueDefaultPassword as reissue } from '../services/accounts';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { auth, db } from '../services/firebase';

/** Admin gives an account a new default password (shown once) after the old one expired. */
export const reissueDefaultPassword = callable(
  'Could not issue a new default password. Try again.',
  async (request) => {
    const admin = await requireCaller(db(), request.auth?.uid, ['Admin']);
    const input = parseInput(reissueDefaultPasswordSchema, request.data);
    return reissue({ db: db(), auth: auth(), now: () => new Date() }, admin.uid, input.uid);
  },
);
