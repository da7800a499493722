import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { getStorage } from 'firebase-admin/storage';
import { checkStoredFile } from '../services/file-checks';
import { db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';

/** A file was written to the default bucket: check its content (services/file-checks.ts). */
export const checkUploadedFile = onObjectFinalized(
  { retry: true },
  recordingFailures('checkUploadedFile', async (event) => {
    await checkStoredFile(
      { db: db(), bucket: getStorage().bucket(event.data.bucket) },
      { name: event.data.name, size: Number(event.data.size) },
    );
  }),
);
