import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  ACCOMPLISHMENT_IMAGES_FOLDER,
  COLLECTIONS,
  INCIDENT_MEDIA_FOLDER,
  STORAGE_PATHS,
} from '@campus-safety/model';
import type { Bucket } from '../platform/firebase';
import { eventDocId } from '../domain/event-ids';
import { mediaAccessEnded } from '../domain/media-access';

/**
 * Download tokens (docs/media.md#tokens): a link `…?alt=media&token=…` opens an object without
 * the rules, signed out, for as long as its token exists; Firebase Storage mints one whenever a
 * reader with `get` asks for an object's metadata (`getDownloadURL`; the Storage emulator also on
 * a download). Both production and the emulator show tokens to the Admin SDK as this custom
 * metadata key, in `getMetadata` and in a listing's items.
 */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

/**
 * Where the sweeps walk, in this order: every incident's originals and copies, then its
 * accomplishment photos (STORAGE_PATHS). The console reads both through the rules, so no token
 * on them is needed.
 */
export const SWEPT_PREFIXES = [`${INCIDENT_MEDIA_FOLDER}/`, `${ACCOMPLISHMENT_IMAGES_FOLDER}/`];
/** Objects a listing page holds (the most Cloud Storage gives in one call). */
export const TOKEN_SWEEP_PAGE = 1000;
/**
 * Tokens one walk's run drops at most (each drop is a copy): past it the cursor stays on the
 * page, and the next run lists it again and goes on.
 */
export const TOKEN_DROPS_PER_RUN = 200;
/** Listing pages a housekeeping run walks for the sweeps queued when someone's access ended. */
export const ACCESS_SWEEP_PAGES_PER_RUN = 10;
/** Drops run side by side (each a server-side copy of the object onto itself). */
const DROP_CONCURRENCY = 8;
/** `download_token_sweeps/{id}` of the periodic walk; the others are sweeps queued at access end. */
export const PERIODIC_SWEEP_ID = 'periodic';

type StoredFile = ReturnType<Bucket['file']>;
type CustomMetadata = Record<string, string | number | boolean | null>;

/** The tokens an object's resource names (comma-separated in its custom metadata). */
export function downloadTokensOf(resource: { metadata?: CustomMetadata | null }): string[] {
  const value = resource.metadata?.[DOWNLOAD_TOKENS_KEY];
  return typeof value === 'string' ? value.split(',').filter((token) => token !== '') : [];
}

/**
 * Copies `path` onto `target` with `metadata` as its whole custom metadata, so no download token
 * goes with it: in production the token is the custom key DOWNLOAD_TOKENS_KEY, which the new
 * metadata replaces; the Storage emulator, which keeps tokens apart, carries them over only when
 * a copy names no custom metadata, so `metadata` must name at least one key. Anyone's old token
 * link stops working.
 */
export async function copyWithoutToken(
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
 * Drops the download token a client upload got by writing the object onto itself with `note` as
 * its custom metadata; the object is otherwise unchanged.
 */
export async function dropDownloadTokens(
  bucket: Bucket,
  path: string,
  note: Record<string, string>,
) {
  await copyWithoutToken(bucket, path, path, note);
}

/**
 * Drops the tokens of one object as `file.metadata` (a listing's item, or getMetadata) shows it:
 * its other custom metadata is kept, with `downloadTokensDropped` noted (the emulator needs a
 * key). True when it had a token. An object gone meanwhile (a report deleted, a file
 * quarantined) is passed over: a copy needs its source, so nothing is written back.
 */
async function dropTokensShown(bucket: Bucket, file: StoredFile, at: Date): Promise<boolean> {
  if (downloadTokensOf(file.metadata).length === 0) return false;
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.metadata.metadata ?? {}))
    if (key !== DOWNLOAD_TOKENS_KEY && value !== null) kept[key] = String(value);
  try {
    await dropDownloadTokens(bucket, file.name, {
      ...kept,
      downloadTokensDropped: at.toISOString(),
    });
  } catch (error) {
    if ((error as { code?: number }).code === 404) return false;
    throw error;
  }
  return true;
}

/** Drops the tokens the listed files show, at most `maxDrops`; returns how many it dropped. */
async function dropTokensOfListed(
  bucket: Bucket,
  files: StoredFile[],
  at: Date,
  maxDrops = Infinity,
): Promise<number> {
  const withTokens = files.filter((file) => downloadTokensOf(file.metadata).length > 0);
  const due = withTokens.slice(0, maxDrops);
  let dropped = 0;
  for (let i = 0; i < due.length; i += DROP_CONCURRENCY) {
    const done = await Promise.all(
      due.slice(i, i + DROP_CONCURRENCY).map((file) => dropTokensShown(bucket, file, at)),
    );
    dropped += done.filter(Boolean).length;
  }
  return dropped;
}

interface ListedPage {
  files: StoredFile[];
  /** The cursor of the page after this one; null at the end of the prefix. */
  next: string | null;
}

async function listPage(
  bucket: Bucket,
  prefix: string,
  pageToken: string | null,
): Promise<ListedPage> {
  const [files, nextQuery] = await bucket.getFiles({
    prefix,
    maxResults: TOKEN_SWEEP_PAGE,
    autoPaginate: false,
    ...(pageToken ? { pageToken } : {}),
  });
  const next = (nextQuery as { pageToken?: string } | null | undefined)?.pageToken;
  return { files, next: next ?? null };
}

/**
 * A report's access ended for some (archived, or moved to another campus): the tokens on every
 * object of it go: its media folder (originals, copies, conversation media) and its
 * accomplishment photos. A report holds a bounded number of files (LIMITS.mediaPerReport ready
 * media, refused ones being moved out; a photo per accomplishment write), so both folders are
 * walked now, a page at a time. Returns how many it dropped.
 */
export async function dropIncidentTokens(
  deps: { bucket: Bucket; now: () => Date },
  incidentId: string,
): Promise<number> {
  let dropped = 0;
  for (const prefix of [
    STORAGE_PATHS.incidentMediaFolder(incidentId),
    STORAGE_PATHS.accomplishmentImageFolder(incidentId),
  ]) {
    let cursor: string | null = null;
    do {
      const page = await listPage(deps.bucket, prefix, cursor);
      dropped += await dropTokensOfListed(deps.bucket, page.files, deps.now());
      cursor = page.next;
    } while (cursor);
  }
  if (dropped > 0) logger.info('Download tokens dropped', { incidentId, dropped });
  return dropped;
}

export interface TokenSweepDeps {
  db: Firestore;
  bucket: Bucket;
  now: () => Date;
}

/**
 * `download_token_sweeps/{id}` (server-only): where a walk of SWEPT_PREFIXES has got to. The
 * periodic one (PERIODIC_SWEEP_ID) starts again when it reaches the end; one queued when an
 * access ended has `uid` and stops (`doneAt`).
 */
interface TokenSweep {
  /** The prefix being walked (one of SWEPT_PREFIXES); absent: the first. */
  prefix?: string;
  /** The listing cursor of the next page in `prefix`; null: from its start. */
  cursor: string | null;
  /** Tokens dropped by this walk (the periodic one: in its current cycle). */
  dropped: number;
  uid?: string;
  doneAt?: FieldValue | null;
}

const sweeps = (db: Firestore) => db.collection(COLLECTIONS.downloadTokenSweeps);

/** Where a walk goes on from, as a sweep doc stores it. */
type WalkPosition = Required<Pick<TokenSweep, 'prefix' | 'cursor'>>;

const WALK_START: WalkPosition = { prefix: SWEPT_PREFIXES[0]!, cursor: null };

/** A stored sweep's position; one naming a prefix no longer walked starts over. */
function positionOf(sweep: TokenSweep | undefined): WalkPosition {
  const prefix = sweep?.prefix ?? WALK_START.prefix;
  return SWEPT_PREFIXES.includes(prefix) ? { prefix, cursor: sweep?.cursor ?? null } : WALK_START;
}

/**
 * Walks `pages` listing pages of SWEPT_PREFIXES from `from`, one prefix after the other,
 * dropping the tokens found, at most `maxDrops`. Past the bound the page is walked again next
 * time (what was dropped has no token left, so the walk moves on). Returns the dropped count and
 * the position to go on from (WALK_START when the walk reached the end of the last prefix).
 */
async function walk(
  deps: TokenSweepDeps,
  from: WalkPosition,
  pages: number,
  maxDrops = Infinity,
): Promise<{ dropped: number; at: WalkPosition; finished: boolean }> {
  let dropped = 0;
  let at = from;
  for (let page = 0; page < pages; page++) {
    const listed = await listPage(deps.bucket, at.prefix, at.cursor);
    const budget = maxDrops - dropped;
    dropped += await dropTokensOfListed(deps.bucket, listed.files, deps.now(), budget);
    const unfinished =
      listed.files.filter((file) => downloadTokensOf(file.metadata).length > 0).length > budget;
    if (unfinished) return { dropped, at, finished: false };
    if (listed.next) {
      at = { prefix: at.prefix, cursor: listed.next };
      continue;
    }
    const nextPrefix = SWEPT_PREFIXES[SWEPT_PREFIXES.indexOf(at.prefix) + 1];
    if (!nextPrefix) return { dropped, at: WALK_START, finished: true };
    at = { prefix: nextPrefix, cursor: null };
  }
  return { dropped, at, finished: false };
}

/**
 * A users doc changed (the user trigger). When the change ended media access the person had
 * (archived, demoted, moved to another campus: mediaAccessEnded), every media object and
 * accomplishment photo is walked (SWEPT_PREFIXES): the first pages now, then, when more are left, the walk is queued as
 * `download_token_sweeps/{eventDocId}` for housekeeping (sweepDownloadTokens). It is written
 * once, after the first pages (a redelivered event walks them again, harmlessly, and queues
 * nothing more), so no housekeeping run walks the same pages at the same time. The whole
 * prefixes, not only what the person read: which objects they minted a token on is recorded
 * nowhere, and a listing page shows a thousand objects' tokens at once. Returns the tokens
 * dropped now, or null when no access ended.
 */
export async function dropTokensWhenAccessEnds(
  deps: TokenSweepDeps,
  event: { id: string; uid: string; before?: DocumentData; after?: DocumentData },
): Promise<number | null> {
  if (!mediaAccessEnded(event.before, event.after)) return null;
  const done = await walk(deps, WALK_START, ACCESS_SWEEP_PAGES_PER_RUN, TOKEN_DROPS_PER_RUN);
  const sweep = {
    uid: event.uid,
    ...done.at,
    dropped: done.dropped,
    queuedAt: FieldValue.serverTimestamp(),
    doneAt: done.finished ? FieldValue.serverTimestamp() : null,
  };
  try {
    await sweeps(deps.db).doc(eventDocId(event.id, 'access-ended')).create(sweep);
  } catch (error) {
    if ((error as { code?: number }).code !== 6) throw error; // ALREADY_EXISTS: queued before
  }
  if (done.finished) logAccessSweep(event.uid, done.dropped);
  return done.dropped;
}

const logAccessSweep = (uid: string | undefined, dropped: number) =>
  logger.info('Download tokens dropped after an access ended', { uid, dropped });

/** The next pages of a queued walk; returns the tokens dropped. */
async function advanceAccessSweep(
  deps: TokenSweepDeps,
  id: string,
  sweep: TokenSweep,
): Promise<number> {
  const done = await walk(deps, positionOf(sweep), ACCESS_SWEEP_PAGES_PER_RUN, TOKEN_DROPS_PER_RUN);
  const dropped = sweep.dropped + done.dropped;
  await sweeps(deps.db)
    .doc(id)
    .update({
      ...done.at,
      dropped,
      ...(done.finished ? { doneAt: FieldValue.serverTimestamp() } : {}),
    });
  if (done.finished) logAccessSweep(sweep.uid, dropped);
  return done.dropped;
}

/** Queued sweeps walked per housekeeping run (each ACCESS_SWEEP_PAGES_PER_RUN pages). */
const ACCESS_SWEEPS_PER_RUN = 3;

/**
 * Housekeeping: the periodic walk's next page (so a token minted on any media object or
 * accomplishment photo lives at most one cycle: the objects under SWEPT_PREFIXES /
 * TOKEN_SWEEP_PAGE minutes, plus a run per prefix), then the queued
 * access-end walks that are not done. Logs and returns the tokens dropped.
 */
export async function sweepDownloadTokens(deps: TokenSweepDeps): Promise<number> {
  const periodicRef = sweeps(deps.db).doc(PERIODIC_SWEEP_ID);
  const periodic = (await periodicRef.get()).data() as TokenSweep | undefined;
  const done = await walk(deps, positionOf(periodic), 1, TOKEN_DROPS_PER_RUN);
  const cycleDropped = (periodic?.dropped ?? 0) + done.dropped;
  await periodicRef.set(
    done.finished
      ? {
          ...WALK_START,
          dropped: 0,
          lastCycle: { endedAt: FieldValue.serverTimestamp(), dropped: cycleDropped },
        }
      : { ...done.at, dropped: cycleDropped },
    { merge: true },
  );
  let dropped = done.dropped;
  const queued = await sweeps(deps.db)
    .where('doneAt', '==', null)
    .limit(ACCESS_SWEEPS_PER_RUN)
    .get();
  for (const doc of queued.docs)
    dropped += await advanceAccessSweep(deps, doc.id, doc.data() as TokenSweep);
  if (dropped > 0) logger.info('Download tokens dropped by housekeeping', { dropped });
  return dropped;
}
