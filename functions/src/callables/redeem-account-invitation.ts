import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';
import { redeemInvitation as redeem } from '../services/invitations';

/** Anyone holding an invitation sets the account's password with it, once. */
export const redeemInvitation = callable('redeemInvitation', (input) =>
  redeem({ db: db(), auth: auth(), now: () => new Date() }, input),
);
