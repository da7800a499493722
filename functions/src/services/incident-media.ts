import { createHash } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
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
  fileCheckId,
  mediaKindOfContentType,
  parseMediaUploadPath,
  type IncidentMedia,
  type MediaUploadPath,
} from '@campus-safety/model';
import {
  MEDIA_MAGIC_BYTES,
  TOO_MANY_MEDIA,
  judgeMedia,
  type MediaContainer,
  type MediaJudgement,
} from '../domain/media-content';
import { mp4Copy, wavCopy } from '../domain/media-copies';
import { jpegOrientation } from '../domain/image-headers';
import { flattenOnWhite, photoCopies, swapsSides } from '../domain/image-resize';
import { runOnce } from '../platform/run-once';
import type { Bucket } from '../platform/firebase';
import { QUARANTINE_PREFIX, quarantineFile } from './file-checks';
import { dropDownloadTokens } from './download-tokens';
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
  noPreview?: string;
  width?: number;
  height?: number;
}

/** A recording the server could not copy safely: refused, with the reason people are shown. */
class UncopyableRecording extends Error {}

/**
 * Image copies, re-encoded as JPEG: a thumbnail and a display copy, upright (the EXIF orientation
 * applied), transparency over white. The encoder is given pixels only (image-codecs), so no EXIF
 * (GPS, camera, time), XMP or comment of the original survives in either, scaled or not.
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
    saveServerObject(bucket, displayPath, await encodeJpeg(display, 85), 'image/jpeg'),
    saveServerObject(bucket, thumbPath, await encodeJpeg(thumb, 80), 'image/jpeg'),
  ]);
  const upright = swapsSides(orientation)
    ? { width: stored.height, height: stored.width }
    : { width: stored.width, height: stored.height };
  return { displayPath, thumbPath, ...upright };
}

/** Why WebM, Ogg and MP3 files get no display copy (docs/media.md#what-is-kept). */
const NO_PREVIEW =
  'No preview: the server cannot copy this kind of recording without its metadata. Staff who may read originals can download it.';

/**
 * Video and audio: no transcoder runs here, so a copy keeps the original's layout and only what
 * is known to be needed to play it (domain/media-copies.ts): MP4, M4A and QuickTime by an
 * allow-list of boxes and their tracks' samples, WAV by an allow-list of chunks. WebM, Ogg and
 * MP3 get no copy at all (`noPreview`), rather than a copy that keeps what was not checked.
 */
async function playableCopy(
  bucket: Bucket,
  upload: MediaUploadPath,
  bytes: Buffer,
  container: MediaContainer,
  contentType: string,
): Promise<Copies> {
  const copy =
    container === 'mp4' || container === 'quicktime'
      ? mp4Copy(bytes)
      : container === 'wav'
        ? wavCopy(bytes)
        : null;
  if (!copy) return { noPreview: NO_PREVIEW };
  if (!copy.ok) throw new UncopyableRecording(copy.reason);
  const displayPath = STORAGE_PATHS.mediaCopy(
    upload.incidentId,
    upload.mediaId,
    MEDIA_COPIES.displayMedia,
  );
  await saveServerObject(bucket, displayPath, Buffer.from(copy.bytes), contentType);
  return { displayPath };
}

/** Tries of a copy's upload that lost its connection (a reset socket, not an answer). */
const SAVE_TRIES = 3;

/**
 * Writes an object the server made. The Admin SDK sets no download token on it
 * (docs/media.md#tokens): readers go through the rules. A lost connection is tried again: the
 * SDK does not retry uploads without a generation precondition, and a copy may be overwritten.
 */
async function saveServerObject(bucket: Bucket, path: string, bytes: Buffer, contentType: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await bucket.file(path).save(bytes, { contentType });
    } catch (error) {
      const lost = /ECONNRESET|EPIPE|socket hang up/.test(String(error));
      if (!lost || attempt >= SAVE_TRIES) throw error;
    }
  }
}

/** Every copy path an upload may have had (a killed run may have left some). */
const copyPaths = (upload: MediaUploadPath) =>
  Object.values(MEDIA_COPIES).map((name) =>
    STORAGE_PATHS.mediaCopy(upload.incidentId, upload.mediaId, name),
  );

/**
 * A refused original goes under quarantine/ (never served; deleted at once past its owner's
 * bound: quarantineFile), and the copies made of it go.
 */
async function quarantine(
  deps: IncidentMediaDeps,
  file: UploadedMedia,
  copies: Copies,
  reason: string | null,
): Promise<void> {
  for (const copy of [copies.thumbPath, copies.displayPath])
    if (copy) await deps.bucket.file(copy).delete({ ignoreNotFound: true });
  await quarantineFile(deps, file.path, reason, mediaDocOf(deps.db, file.upload));
}

/** What reading a file found: the judgement of its bytes, its digest, the copies made of it. */
interface Examined {
  judged: MediaJudgement;
  sha256: string | null;
  copies: Copies;
  /** Why it is refused by its content (null: not by its content). */
  reason: string | null;
}

/** Reads the original, judges it by its bytes and makes the copies readers see. */
async function examine(bucket: Bucket, file: UploadedMedia): Promise<Examined> {
  let bytes: Buffer | null = null;
  if (file.size > 0 && file.size < LARGEST_MEDIA) [bytes] = await bucket.file(file.path).download();
  const judged: MediaJudgement = bytes
    ? judgeMedia(bytes.subarray(0, MEDIA_MAGIC_BYTES), file.contentType, bytes.length)
    : { ok: false, kind: null, reason: 'The file is empty or larger than any media may be.' };
  const sha256 = bytes ? createHash('sha256').update(bytes).digest('hex') : null;
  let copies: Copies = {};
  let reason: string | null = judged.ok ? null : judged.reason;
  if (judged.ok && bytes) {
    try {
      copies =
        judged.kind === 'image'
          ? await imageCopies(bucket, file.upload, bytes, judged.container)
          : await playableCopy(bucket, file.upload, bytes, judged.container, judged.contentType);
    } catch (error) {
      // A file that cannot be copied is refused; anything else (Storage answering an error) fails
      // the run, which the sweep runs again (docs/media.md#budget).
      if (!(error instanceof UnreadableImage || error instanceof UncopyableRecording)) throw error;
      logger.warn('Media copy failed', { path: file.path, error: String(error) });
      reason = error.message;
    }
  }
  return { judged, sha256, copies, reason };
}

/**
 * Writes the verdict on an upload once per event (runOnce): `incident_reports/{id}/media/
 * {mediaId}`, refused by its content (`examined.reason`), by the report's count of ready media
 * (known only in the transaction), or ready, with its timeline entry. A refused file is moved
 * under quarantine/ first, so it is gone before its verdict is readable; one that may stay loses
 * its upload's download token first.
 */
async function recordVerdict(
  deps: IncidentMediaDeps,
  file: UploadedMedia,
  { judged, sha256, copies, reason }: Examined,
): Promise<IncidentMedia['state'] | 'duplicate'> {
  const { db, bucket } = deps;
  const { upload } = file;
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(upload.incidentId);
  const mediaRef = incidentRef.collection(COLLECTIONS.media).doc(upload.mediaId);
  if (reason) await quarantine(deps, file, copies, reason);
  // The token the upload got goes before the verdict is readable: originals are read through
  // the rules only.
  else await dropDownloadTokens(bucket, file.path, { mediaChecked: 'true' });
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
    await quarantine(deps, file, copies, outcome.result.problem);
  return outcome.result.state;
}

/** The media doc of an upload, read to tell a redelivered event from a new one. */
const mediaDocOf = (db: Firestore, upload: MediaUploadPath) =>
  db
    .collection(COLLECTIONS.incidentReports)
    .doc(upload.incidentId)
    .collection(COLLECTIONS.media)
    .doc(upload.mediaId);

/**
 * A verdict already exists (a redelivered event or a second run): nothing to do but finish the
 * move of a quarantined original that a run may have stopped before. True when one exists.
 */
async function alreadyJudged(deps: IncidentMediaDeps, file: UploadedMedia): Promise<boolean> {
  const done = await mediaDocOf(deps.db, file.upload).get();
  if (!done.exists) return false;
  if (done.get('state') === 'quarantined')
    await quarantine(deps, file, {}, done.get('reason') ?? null);
  return true;
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
  if (await alreadyJudged(deps, file)) return 'duplicate';
  return recordVerdict(deps, file, await examine(deps.bucket, file));
}

// --- The check's budget (docs/media.md#budget) ----------------------------------------------

/** How long a queued check may take before the sweep looks at it (the heavy step's timeout: 2 min). */
export const MEDIA_CHECK_BUDGET_MS = 5 * 60_000;
/** Runs a check gets: the sweep queues it once more, then refuses the file. */
export const MEDIA_CHECK_RUNS = 2;
/** Checks the sweep handles per run. */
const SWEEP_PAGE = 50;

export const UNCHECKED_MEDIA =
  'The server could not check this file within the time and memory a check may take, so it is withheld.';

/** `media_checks/{fileCheckId(path)}`: an upload waiting for its check (server-only). */
export interface MediaCheck {
  path: string;
  eventId: string;
  size: number;
  contentType: string;
  queuedAt: Timestamp | FieldValue;
  /** The run this doc asks for (1, then 2 when the sweep queues it again). */
  run: number;
}

const checkRef = (db: Firestore, path: string) =>
  db.collection(COLLECTIONS.mediaChecks).doc(fileCheckId(path));

/**
 * The Storage trigger's part, cheap and bounded: an upload without a verdict is queued for the
 * heavy step (`checkIncidentMedia`, its own function with its own memory and timeout). A
 * redelivered event finds the verdict or the queued check and does nothing more.
 */
export async function queueIncidentMedia(
  deps: IncidentMediaDeps,
  file: UploadedMedia,
): Promise<'queued' | 'duplicate'> {
  if (await alreadyJudged(deps, file)) return 'duplicate';
  const check: MediaCheck = {
    path: file.path,
    eventId: file.eventId,
    size: file.size,
    contentType: file.contentType,
    queuedAt: FieldValue.serverTimestamp(),
    run: 1,
  };
  try {
    await checkRef(deps.db, file.path).create(check);
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error; // ALREADY_EXISTS: queued before
    return 'duplicate';
  }
  return 'queued';
}

function uploadOf(check: MediaCheck): UploadedMedia | null {
  const upload = parseMediaUploadPath(check.path);
  return upload && { ...check, upload };
}

/**
 * The heavy step, run when a check is queued or queued again (`run` changed): the upload's
 * verdict and copies; the queue entry goes with its verdict.
 */
export async function runMediaCheck(
  deps: IncidentMediaDeps,
  ref: DocumentReference,
  check: MediaCheck,
): Promise<void> {
  const file = uploadOf(check);
  if (file) await processIncidentMedia(deps, file);
  await ref.delete();
}

/**
 * Checks still queued past MEDIA_CHECK_BUDGET_MS (their run was killed: out of memory, out of
 * time, or failed): each is queued once more, and after MEDIA_CHECK_RUNS runs the file is
 * quarantined with UNCHECKED_MEDIA, so every upload reaches a verdict. Run by housekeeping.
 * Returns the number handled.
 */
export async function sweepUncheckedMedia(deps: IncidentMediaDeps): Promise<number> {
  const cutoff = Timestamp.fromMillis(deps.now().getTime() - MEDIA_CHECK_BUDGET_MS);
  const stale = await deps.db
    .collection(COLLECTIONS.mediaChecks)
    .where('queuedAt', '<', cutoff)
    .limit(SWEEP_PAGE)
    .get();
  for (const doc of stale.docs) {
    const check = doc.data() as MediaCheck;
    const file = uploadOf(check);
    if (file && check.run < MEDIA_CHECK_RUNS) {
      // The same document with the next run: its write runs the heavy step again.
      await deps.db.runTransaction(async (tx) => {
        if ((await tx.get(doc.ref)).get('run') !== check.run) return;
        tx.update(doc.ref, { run: check.run + 1, queuedAt: FieldValue.serverTimestamp() });
      });
      continue;
    }
    if (file && !(await alreadyJudged(deps, file))) {
      logger.warn('Media check over its budget: quarantined', { path: file.path, runs: check.run });
      // A killed run may have written copies before it stopped.
      for (const copy of copyPaths(file.upload))
        await deps.bucket.file(copy).delete({ ignoreNotFound: true });
      await recordVerdict(deps, file, {
        judged: {
          ok: false,
          kind: mediaKindOfContentType(file.contentType),
          reason: UNCHECKED_MEDIA,
        },
        sha256: null,
        copies: {},
        reason: UNCHECKED_MEDIA,
      });
    }
    await doc.ref.delete();
  }
  return stale.size;
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
