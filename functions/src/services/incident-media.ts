import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  ANONYMOUS_ACTOR,
  COLLECTIONS,
  LIMITS,
  MEDIA_BYTES,
  MEDIA_COPIES,
  MEDIA_DISPLAY_EDGE,
  MEDIA_KIND_NAMES,
  MEDIA_THUMB_WIDTH,
  STORAGE_PATHS,
  type IncidentMedia,
  type MediaUploadPath,
} from '@campus-safety/model';
import {
  MEDIA_MAGIC_BYTES,
  TOO_MANY_MEDIA,
  blankMp4Metadata,
  judgeMedia,
  type MediaContainer,
} from '../domain/media-content';
import { jpegOrientation } from '../domain/image-headers';
import { flattenOnWhite, photoCopies, swapsSides } from '../domain/image-resize';
import { runOnce } from '../platform/run-once';
import type { Bucket } from '../platform/firebase';
import { QUARANTINE_PREFIX, quarantineFile } from './file-checks';
import { UnreadableImage, decodeImage, encodeJpeg } from './image-codecs';
import { actorOf, addEntry, timelineCollection } from './timeline';

export interface IncidentMediaDeps {
  db: Firestore;
  bucket: Bucket;
  now: () => Date;
}

export interface UploadedMedia {
  eventId: string;
  path: string;
  upload: MediaUploadPath;
  size: number;
  /** As the uploader declared it (the rules bound it); the bytes decide what it is. */
  contentType: string;
}

/** Media docs deleted per batch when their incident goes. */
const MEDIA_DELETE_PAGE = 200;

/** The largest file any kind may be: anything bigger is refused unread. */
const LARGEST_MEDIA = Math.max(...Object.values(MEDIA_BYTES));

interface Copies {
  thumbPath?: string;
  displayPath?: string;
  width?: number;
  height?: number;
}

/**
 * Image copies, re-encoded as JPEG: a thumbnail and a display copy, upright (the EXIF orientation
 * applied), transparency over white. The encoder writes pixels only, so no EXIF (GPS, camera,
 * time) of the original survives in either.
 */
async function imageCopies(
  bucket: Bucket,
  upload: MediaUploadPath,
  bytes: Buffer,
  container: MediaContainer,
): Promise<Copies> {
  const stored = flattenOnWhite(await decodeImage(bytes, container));
  const orientation = container === 'jpeg' ? jpegOrientation(bytes) : 1;
  const { display, thumb } = photoCopies(stored, orientation, {
    displayEdge: MEDIA_DISPLAY_EDGE,
    thumbWidth: MEDIA_THUMB_WIDTH,
  });
  const displayPath = STORAGE_PATHS.mediaCopy(
    upload.incidentId,
    upload.mediaId,
    MEDIA_COPIES.displayImage,
  );
  const thumbPath = STORAGE_PATHS.mediaCopy(upload.incidentId, upload.mediaId, MEDIA_COPIES.thumb);
  await Promise.all([
    bucket.file(displayPath).save(await encodeJpeg(display, 85), { contentType: 'image/jpeg' }),
    bucket.file(thumbPath).save(await encodeJpeg(thumb, 80), { contentType: 'image/jpeg' }),
  ]);
  const upright = swapsSides(orientation)
    ? { width: stored.height, height: stored.width }
    : { width: stored.width, height: stored.height };
  return { displayPath, thumbPath, ...upright };
}

/**
 * Video and audio: no transcoder runs here, so the display copy is the original's bytes; MP4 and
 * QuickTime (where phones put GPS: `©xyz`, Apple's location keys) get their metadata boxes
 * blanked. WebM, Ogg, WAV and MP3 carry no location field phones write.
 */
async function playableCopy(
  bucket: Bucket,
  upload: MediaUploadPath,
  bytes: Buffer,
  container: MediaContainer,
  contentType: string,
): Promise<Copies> {
  const copy = Buffer.from(bytes);
  if (container === 'mp4' || container === 'quicktime') blankMp4Metadata(copy);
  const displayPath = STORAGE_PATHS.mediaCopy(
    upload.incidentId,
    upload.mediaId,
    MEDIA_COPIES.displayMedia,
  );
  await bucket.file(displayPath).save(copy, { contentType });
  return { displayPath };
}

/** A refused original goes under quarantine/ (never served), and the copies made of it go. */
async function quarantine(
  bucket: Bucket,
  path: string,
  copies: Copies,
  reason: string | null,
): Promise<void> {
  for (const copy of [copies.thumbPath, copies.displayPath])
    if (copy) await bucket.file(copy).delete({ ignoreNotFound: true });
  await quarantineFile(bucket, path, reason);
}

/**
 * Judges a photo, video or audio file just uploaded to an incident (docs/media.md) and writes
 * `incident_reports/{id}/media/{mediaId}`: by its bytes (the declared type only says the kind
 * meant), its size, and the report's count of ready media; records the original's SHA-256; makes
 * the copies readers see. A file that fails is moved under quarantine/ and its doc says why.
 * The doc and the timeline entry are written once per event (runOnce); a redelivered event whose
 * doc exists does nothing.
 */
export async function processIncidentMedia(
  deps: IncidentMediaDeps,
  file: UploadedMedia,
): Promise<IncidentMedia['state'] | 'duplicate'> {
  const { db, bucket } = deps;
  const { upload } = file;
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(upload.incidentId);
  const mediaRef = incidentRef.collection(COLLECTIONS.media).doc(upload.mediaId);
  const done = await mediaRef.get();
  if (done.exists) {
    // A run that recorded the verdict may have stopped before moving the file away.
    if (done.get('state') === 'quarantined')
      await quarantine(bucket, file.path, {}, done.get('reason') ?? null);
    return 'duplicate';
  }

  let bytes: Buffer | null = null;
  if (file.size > 0 && file.size < LARGEST_MEDIA) [bytes] = await bucket.file(file.path).download();
  const judged = bytes
    ? judgeMedia(bytes.subarray(0, MEDIA_MAGIC_BYTES), file.contentType, bytes.length)
    : ({
        ok: false,
        kind: null,
        reason: 'The file is empty or larger than any media may be.',
      } as const);
  const sha256 = bytes ? createHash('sha256').update(bytes).digest('hex') : null;

  let copies: Copies = {};
  let reason: string | null = judged.ok ? null : judged.reason;
  if (judged.ok && bytes) {
    try {
      copies =
        judged.kind === 'image'
          ? await imageCopies(bucket, upload, bytes, judged.container)
          : await playableCopy(bucket, upload, bytes, judged.container, judged.contentType);
    } catch (error) {
      logger.warn('Media copy failed', { path: file.path, error: String(error) });
      reason =
        error instanceof UnreadableImage
          ? error.message
          : 'The file could not be read as the image it claims to be.';
    }
  }

  // A file refused by its content goes away before its verdict is readable.
  if (reason) await quarantine(bucket, file.path, copies, reason);
  const outcome = await runOnce(
    db,
    { trigger: 'checkUploadedFile', eventId: file.eventId },
    async (tx) => {
      const incident = await tx.get(incidentRef);
      const existing = await tx.get(mediaRef);
      const ready = await tx.get(
        incidentRef
          .collection(COLLECTIONS.media)
          .where('state', '==', 'ready')
          .limit(LIMITS.mediaPerReport),
      );
      if (existing.exists) return 'duplicate' as const;
      const problem = !incident.exists
        ? 'The report does not exist.'
        : (reason ?? (ready.size >= LIMITS.mediaPerReport ? TOO_MANY_MEDIA : null));
      const staff = upload.side === 'staff' ? await actorOf(tx, db, upload.uid) : null;
      const reporterActor =
        upload.side === 'reporter' && incident.exists
          ? incident.get('anonymous') === true
            ? ANONYMOUS_ACTOR
            : await actorOf(tx, db, incident.get('reporterId'))
          : null;
      const media: IncidentMedia<FieldValue> = {
        side: upload.side,
        by: staff && staff.uid ? { uid: staff.uid, name: staff.name } : null,
        kind: judged.kind,
        contentType: judged.ok ? judged.contentType : null,
        size: file.size,
        sha256,
        state: problem ? 'quarantined' : 'ready',
        ...(problem ? { reason: problem } : copies),
        originalPath: problem ? `${QUARANTINE_PREFIX}${file.path}` : file.path,
        createdAt: FieldValue.serverTimestamp(),
      };
      tx.create(mediaRef, media);
      if (!problem && judged.kind)
        addEntry(tx, timelineCollection(db, upload.incidentId).doc(`media-${upload.mediaId}`), {
          kind: 'media-added',
          at: deps.now(),
          actor: staff ?? reporterActor,
          detail: `${MEDIA_KIND_NAMES[judged.kind]} added by the ${upload.side === 'staff' ? 'staff' : 'reporter'}`,
        });
      return problem ? { state: 'quarantined' as const, problem } : { state: 'ready' as const };
    },
  );
  if (outcome.duplicate || outcome.result === 'duplicate') return 'duplicate';
  // Refused by the count, known only in the transaction: moved away now.
  if (outcome.result.state === 'quarantined' && !reason)
    await quarantine(bucket, file.path, copies, outcome.result.problem);
  return outcome.result.state;
}

/**
 * An incident was deleted (docs/media.md#retention): its media docs and every stored file of it
 * (originals, copies, quarantined originals) go too, unless the incident is under legal hold,
 * when all of it is kept for the hold. Returns what happened. Deleting twice deletes nothing
 * more, so a redelivered event is harmless.
 */
export async function removeIncidentMedia(
  deps: Pick<IncidentMediaDeps, 'db' | 'bucket'>,
  incidentId: string,
): Promise<'held' | 'removed'> {
  const { db, bucket } = deps;
  const hold = await db.collection(COLLECTIONS.legalHolds).doc(incidentId).get();
  if (hold.get('active') === true) {
    logger.warn('Deleted incident under legal hold: its media are kept', { incidentId });
    return 'held';
  }
  const folder = STORAGE_PATHS.incidentMediaFolder(incidentId);
  await bucket.deleteFiles({ prefix: folder });
  await bucket.deleteFiles({ prefix: `${QUARANTINE_PREFIX}${folder}` });
  const docs = db
    .collection(COLLECTIONS.incidentReports)
    .doc(incidentId)
    .collection(COLLECTIONS.media);
  // Media docs have no sub-collections: deleted page by page (a plain query, on every engine).
  for (;;) {
    const page = await docs.limit(MEDIA_DELETE_PAGE).get();
    if (page.empty) return 'removed';
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
  }
}
