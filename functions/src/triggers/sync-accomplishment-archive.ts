import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { syncArchiveToSource } from '../services/accomplishment';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';

/** Archiving or restoring the top-level copy archives or restores the accomplishment it copies. */
export const syncAccomplishmentArchive = onDocumentUpdated(
  { document: `${COLLECTIONS.accomplishmentReports}/{accomplishmentId}`, retry: true },
  recordingFailures('syncAccomplishmentArchive', async (event) => {
    const before = event.data?.before.data();
    const after = event.data?.after.data();
    if (!before || !after) return;
    await syncArchiveToSource(db(), event.params.accomplishmentId, before, after);
  }),
);
