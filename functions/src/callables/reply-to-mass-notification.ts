import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { recordReply } from '../services/mass-notifications/replies';

/** A person an alert reached answers its question ("are you safe?") in the app. */
export const replyToMassNotification = callable('replyToMassNotification', (input, caller) =>
  recordReply(db(), {
    alertId: input.id,
    recipientId: caller.uid,
    choice: input.choice,
    via: 'app',
  }),
);
