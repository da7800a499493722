import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { parseMediaUploadPath } from '@campus-safety/model';
import { checkStoredFile } from '../services/file-checks';
import { queueIncidentMedia } from '../services/incident-media';
import { bucket, db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';

/**
 * A file was written to the default bucket: check its content. Incident media are queued for
 * their check, which runs in its own function (checkIncidentMedia, services/incident-media.ts);
 * images and builds get their file check here (services/file-checks.ts), which reads 12 bytes.
 */
export const checkUploadedFile = onObjectFinalized(
  { retry: true },
  recordingFailures('checkUploadedFile', async (event) => {
    const files = bucket(event.data.bucket);
    const upload = parseMediaUploadPath(event.data.name);
    if (upload) {
      await queueIncidentMedia(
        { db: db(), bucket: files, now: () => new Date() },
        {
          eventId: event.id,
          path: event.data.name,
          upload,
          size: Number(event.data.size),
          contentType: event.data.contentType ?? '',
        },
      );
      return;
    }
    await checkStoredFile(
      { db: db(), bucket: files, now: () => new Date() },
      { name: event.data.name, size: Number(event.data.size) },
    );
  }),
);
