import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { consoleUrl } from '../options';
import { accountEmailVerified, db } from '../platform/firebase';
import { smtpTransport } from '../platform/mail';
import { recordingFailures } from '../platform/trigger-failures';
import { askForApproval as work } from '../services/mass-notifications/approval-request';
import { currentInstitution } from '../services/settings';

/** An alert was written that waits for a second Admin: the Admins who may approve it are mailed. */
export const askForAlertApproval = onDocumentCreated(
  { document: `${COLLECTIONS.massNotifications}/{alertId}`, retry: true },
  recordingFailures('askForAlertApproval', async (event) => {
    if (event.data?.get('state') !== 'awaitingApproval') return;
    await work(
      {
        db: db(),
        mail: smtpTransport((await currentInstitution(db())).name),
        emailVerified: accountEmailVerified,
        consoleUrl: consoleUrl(),
      },
      event.id,
      event.params.alertId,
    );
  }),
);
