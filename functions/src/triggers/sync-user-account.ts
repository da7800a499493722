import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { auth, bucket, db } from '../platform/firebase';
import { dropTokensWhenAccessEnds } from '../services/download-tokens';
import { syncUser } from '../services/user-sync';
import { recordingFailures } from '../platform/trigger-failures';

/**
 * users/{uid} written: lower-case first name, staff directory, the Auth account's email
 * verification mirrored, the roster person of a verified email linked, Auth user disabled while archived (never custom claims); when staff
 * access to media ended, the download tokens on media objects go (docs/media.md#tokens).
 */
export const syncUserAccount = onDocumentWritten(
  { document: `${COLLECTIONS.users}/{uid}`, retry: true },
  recordingFailures('syncUserAccount', async (event) => {
    const { uid } = event.params;
    const after = event.data?.after.data();
    await syncUser({ db: db(), auth: auth() }, uid, after);
    await dropTokensWhenAccessEnds(
      { db: db(), bucket: bucket(), now: () => new Date() },
      { id: event.id, uid, before: event.data?.before.data(), after },
    );
  }),
);
