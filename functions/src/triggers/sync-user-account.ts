import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { auth, db } from '../platform/firebase';
import { syncUser } from '../services/user-sync';
import { recordingFailures } from '../platform/trigger-failures';

/**
 * users/{uid} written: lower-case first name, staff directory, the Auth account's email
 * verification mirrored, Auth user disabled while archived (never custom claims).
 */
export const syncUserAccount = onDocumentWritten(
  { document: `${COLLECTIONS.users}/{uid}`, retry: true },
  recordingFailures('syncUserAccount', async (event) => {
    await syncUser({ db: db(), auth: auth() }, event.params.uid, event.data?.after.data());
  }),
);
