import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { runMediaCheck, type MediaCheck } from '../services/incident-media';
import { bucket, db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';

/**
 * The heavy step of an incident media check (docs/media.md#budget): decoding, copies, verdict.
 * Its own function so its memory (the original and its decoded pixels) and its timeout are its
 * own; the headers bound the work before decoding, and a run killed anyway leaves its queue entry
 * for the sweep (sweepUncheckedMedia), which runs it once more and then refuses the file. Not
 * retried by the platform: a file that killed a run would kill the retries too.
 */
export const checkIncidentMedia = onDocumentWritten(
  { document: `${COLLECTIONS.mediaChecks}/{checkId}`, memory: '1GiB', timeoutSeconds: 120 },
  recordingFailures('checkIncidentMedia', async (event) => {
    const after = event.data?.after;
    const check = after?.data() as MediaCheck | undefined;
    // A deletion (the verdict was written) or a write that does not ask for a new run.
    if (!after || !check || event.data?.before.get('run') === check.run) return;
    await runMediaCheck({ db: db(), bucket: bucket(), now: () => new Date() }, after.ref, check);
  }),
);
