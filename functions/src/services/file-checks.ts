import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS, fileCheckId } from '@campus-safety/model';
import type { Bucket } from '../platform/firebase';
import { MAGIC_BYTES, detectType, fileKind, fileProblem } from '../domain/file-content';

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

/**
 * Copies `path` onto `target` with `metadata` as its whole custom metadata, so no download token
 * goes with it: in production the token is the custom key `firebaseStorageDownloadTokens`, which
 * the new metadata replaces; the Storage emulator, which keeps tokens apart, carries them over
 * only when a copy names no custom metadata. Anyone's old token link stops working.
 */
async function copyWithoutToken(
  bucket: Bucket,
  path: string,
  target: string,
  metadata: Record<string, string>,
) {
  await bucket.file(path).copy(bucket.file(target), {
    // The object resource's `metadata` is its custom metadata, given whole: no token key in it.
    metadata,
  });
}

/**
 * Drops the download token a client upload got (docs/media.md#tokens) by writing the object onto
 * itself with `note` as its custom metadata; the object is otherwise unchanged.
 */
export async function dropDownloadTokens(
  bucket: Bucket,
  path: string,
  note: Record<string, string>,
) {
  await copyWithoutToken(bucket, path, path, note);
}

/**
 * Moves a refused file under `quarantine/` without its download token, so neither its old URL nor
 * a new one serves it; `reason` goes with it. A file already moved (a redelivered event) is left.
 */
export async function quarantineFile(bucket: Bucket, path: string, reason: string | null) {
  const original = bucket.file(path);
  if (!(await original.exists())[0]) return;
  await copyWithoutToken(bucket, path, `${QUARANTINE_PREFIX}${path}`, {
    quarantineReason: reason ?? 'refused',
  });
  await original.delete({ ignoreNotFound: true });
  logger.warn('Uploaded file quarantined', { path, reason });
}

/**
 * Checks a file just written to Storage (docs/requirements.md#validation: files are trusted by
 * content, not by name): article, announcement, accomplishment and profile images must be
 * PNG/JPEG/WebP/GIF by their first bytes; app builds must be ZIP archives of a plausible size, and
 * get their SHA-256. The outcome is recorded in `file_checks`; a file that fails is moved under
 * `quarantine/` without its download token, so neither its old URL nor a new one serves it.
 */
export async function checkStoredFile(
  deps: { db: Firestore; bucket: Bucket },
  object: StoredObject,
): Promise<FileCheckOutcome> {
  const kind = fileKind(object.name);
  if (!kind) return 'skipped';
  const detected = detectType(await head(deps.bucket, object.name, object.size));
  const problem = fileProblem(kind, detected, object.size);
  const digest = kind === 'release' && !problem ? await sha256(deps.bucket, object.name) : null;
  if (problem) await quarantineFile(deps.bucket, object.name, problem);
  await deps.db
    .collection(COLLECTIONS.fileChecks)
    .doc(fileCheckId(object.name))
    .set({
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
