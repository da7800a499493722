import { createHash } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS, LIMITS, fileCheckId, parseMediaUploadPath } from '@campus-safety/model';
import type { Bucket } from '../platform/firebase';
import { DAY_MS, tryCountInWindow } from '../platform/windowed-count';
import { MAGIC_BYTES, detectType, fileKind, fileProblem } from '../domain/file-content';
import { copyWithoutToken } from './download-tokens';

/** Where quarantined files go: no storage.rules match, no download token, so never served. */
export const QUARANTINE_PREFIX = 'quarantine/';

export interface StoredObject {
  name: string;
  size: number;
}

export type FileCheckOutcome = 'skipped' | 'ok' | 'quarantined';

async function head(bucket: Bucket, name: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array();
  const [bytes] = await bucket
    .file(name)
    .download({ start: 0, end: Math.min(size, MAGIC_BYTES) - 1 });
  return bytes;
}

async function sha256(bucket: Bucket, name: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of bucket.file(name).createReadStream()) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Who a refused file counts against (LIMITS.quarantinedFilesPerOwnerPerDay). */
export function quarantineOwner(path: string): string {
  const upload = parseMediaUploadPath(path);
  // A reporter's media name no uid (docs/anonymity.md): their report stands for them.
  if (upload) return upload.uid ? `user-${upload.uid}` : `incident-${upload.incidentId}`;
  const [top, second] = path.split('/');
  return top === 'profiles' && second ? `user-${second}` : `folder-${top}`;
}

export interface QuarantineDeps {
  db: Firestore;
  bucket: Bucket;
  now: () => Date;
}

/**
 * Moves a refused file under `quarantine/` without its download token, so neither its old URL nor
 * a new one serves it; `reason` goes with it; `record` is the media or file-check doc naming it.
 * Within its owner's daily bound it is kept for LIMITS.quarantineKeepDays, then housekeeping
 * deletes it (purgeQuarantine); past the bound it is deleted now. Either way
 * `quarantined_files` records it. A file already moved (a redelivered event) is left.
 */
export async function quarantineFile(
  deps: QuarantineDeps,
  path: string,
  reason: string | null,
  record: DocumentReference,
): Promise<'kept' | 'deleted' | 'moved-before'> {
  const { db, bucket } = deps;
  const original = bucket.file(path);
  if (!(await original.exists())[0]) return 'moved-before';
  const target = `${QUARANTINE_PREFIX}${path}`;
  const owner = quarantineOwner(path);
  const at = deps.now();
  const kept = await db.runTransaction(async (tx) => {
    const counted = await tryCountInWindow(
      tx,
      db.collection(COLLECTIONS.quarantineCounts).doc(owner),
      'files',
      { limit: LIMITS.quarantinedFilesPerOwnerPerDay, windowMs: DAY_MS, at },
    );
    const within = !('fullUntil' in counted);
    tx.set(db.collection(COLLECTIONS.quarantinedFiles).doc(fileCheckId(target)), {
      path: target,
      record: record.path,
      owner,
      reason: reason ?? 'refused',
      at: Timestamp.fromDate(at),
      keptUntil: within
        ? Timestamp.fromMillis(at.getTime() + LIMITS.quarantineKeepDays * DAY_MS)
        : null,
      purgedAt: within ? null : Timestamp.fromDate(at),
    });
    return within;
  });
  if (kept) await copyWithoutToken(bucket, path, target, { quarantineReason: reason ?? 'refused' });
  await original.delete({ ignoreNotFound: true });
  logger.warn(kept ? 'Uploaded file quarantined' : 'Uploaded file refused and deleted', {
    path,
    reason,
    owner,
  });
  return kept ? 'kept' : 'deleted';
}

/**
 * Housekeeping: deletes the quarantined files whose keep time is over, at most
 * LIMITS.quarantinePurgePage a run, and marks their record (`purgedAt`, and `quarantinePurgedAt`
 * on the media or file-check doc). A file of a report under legal hold is kept a day more at a
 * time, as the report's other files are. Returns the number deleted.
 */
export async function purgeQuarantine(deps: QuarantineDeps): Promise<number> {
  const { db, bucket } = deps;
  const now = deps.now();
  const due = await db
    .collection(COLLECTIONS.quarantinedFiles)
    .where('keptUntil', '<=', Timestamp.fromDate(now))
    .orderBy('keptUntil')
    .limit(LIMITS.quarantinePurgePage)
    .get();
  let purged = 0;
  for (const entry of due.docs) {
    const path = entry.get('path') as string;
    const upload = parseMediaUploadPath(path.slice(QUARANTINE_PREFIX.length));
    const held =
      upload &&
      (await db.collection(COLLECTIONS.legalHolds).doc(upload.incidentId).get()).get('active') ===
        true;
    if (held) {
      await entry.ref.update({ keptUntil: Timestamp.fromMillis(now.getTime() + DAY_MS) });
      continue;
    }
    await bucket.file(path).delete({ ignoreNotFound: true });
    const record = db.doc(entry.get('record') as string);
    await db.runTransaction(async (tx) => {
      const named = await tx.get(record);
      tx.update(entry.ref, { keptUntil: null, purgedAt: Timestamp.fromDate(now) });
      if (named.exists) tx.update(record, { quarantinePurgedAt: Timestamp.fromDate(now) });
    });
    purged += 1;
  }
  return purged;
}

/**
 * Checks a file just written to Storage (docs/requirements.md#validation: files are trusted by
 * content, not by name): article, announcement, accomplishment and profile images must be
 * PNG/JPEG/WebP/GIF by their first bytes; app builds must be ZIP archives of a plausible size, and
 * get their SHA-256. The outcome is recorded in `file_checks`; a file that fails is moved under
 * `quarantine/` without its download token, so neither its old URL nor a new one serves it.
 */
export async function checkStoredFile(
  deps: QuarantineDeps,
  object: StoredObject,
): Promise<FileCheckOutcome> {
  const kind = fileKind(object.name);
  if (!kind) return 'skipped';
  const detected = detectType(await head(deps.bucket, object.name, object.size));
  const problem = fileProblem(kind, detected, object.size);
  const digest = kind === 'release' && !problem ? await sha256(deps.bucket, object.name) : null;
  const record = deps.db.collection(COLLECTIONS.fileChecks).doc(fileCheckId(object.name));
  if (problem) await quarantineFile(deps, object.name, problem, record);
  await record.set({
    path: object.name,
    kind,
    state: problem ? 'quarantined' : 'ok',
    reason: problem,
    detectedType: detected,
    size: object.size,
    sha256: digest,
    checkedAt: FieldValue.serverTimestamp(),
  });
  return problem ? 'quarantined' : 'ok';
}
