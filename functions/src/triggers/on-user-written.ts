import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { auth, db } from '../services/firebase';
import { syncUser } from '../services/user-sync';
import { recordingFailures } from '../services/trigger-failures';

/**
 * users/{uid} written: lower-case first name, staff directory, the Auth account's email
 * verification mirrored, Auth user disabled while archived (never custom claims).
 */
export const onUserWritten = onDocumentWritten(
  { document: `${COLLECTIONS.users}/{uid}`, retry: true },
  recordingFailures('onUserWritten', async (event) => {
    await syncUser({ db: db(), auth: auth() }, event.params.uid, event.data?.after.data());
  }),
);
