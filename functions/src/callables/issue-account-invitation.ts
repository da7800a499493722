import { callable } from '../platform/callable';
import { auth, db } from '../platform/firebase';
import { issueInvitation as issue } from '../services/invitations';

/** Admin issues a new invitation for an account (shown once); the previous one stops working. */
export const issueInvitation = callable('issueInvitation', (input, admin) =>
  issue({ db: db(), auth: auth(), now: () => new Date() }, admin, input.uid),
);
