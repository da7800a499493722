import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  documentId,
  endBefore,
  getCountFromServer,
  getDoc,
  getDocFromCache,
  getDocFromServer,
  getDocs,
  increment,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  deleteField,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  writeBatch,
  where,
  type FirestoreDataConverter,
  type FirestoreError,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  COLLECTIONS,
  RECORD_COUNT_LIMITS,
  nextEmergencyQuota,
  nextReportQuota,
  type CountedRecord,
  type EmergencyQuota,
  type ReportQuota,
} from '@campus-safety/model';
import { db } from '../lib/db';
import { messageOf, RecordLimitError } from '../lib/errors';
import type { DocSpec, PageBoundary, QuerySpec, Row, WithId } from './spec';

/**
 * The one place the console turns specs into Firestore calls. Screens and feature code use the
 * collection modules beside this file; nothing else imports `firebase/firestore`.
 */

/** Reads a document as its model entity plus its id; writes never carry the id. */
export function entityConverter<T>(): FirestoreDataConverter<WithId<T>> {
  return {
    toFirestore: (value) => {
      const { id: _id, ...data } = value as WithId<Record<string, unknown>>;
      return data;
    },
    fromFirestore: (snap) => ({ ...(snap.data() as T), id: snap.id }),
  };
}

function collectionRef(path: readonly string[]) {
  const [first, ...rest] = path;
  return collection(db, first!, ...rest);
}

function docRef(path: readonly string[]) {
  const [first, ...rest] = path;
  return doc(db, first!, ...rest);
}

function toQuery<T>(spec: QuerySpec<T>): Query<WithId<T>> {
  const parts: QueryConstraint[] = spec.wheres.map((w) => where(w.field, w.op, w.value));
  if (spec.orderBy) parts.push(orderBy(spec.orderBy.field, spec.orderBy.direction));
  const b = spec.boundary;
  if (b) {
    // Firestore orders ties by document id in the direction of the last order; naming it lets
    // the cursor carry the id.
    parts.push(orderBy(documentId(), spec.orderBy?.direction ?? 'asc'));
    const values = ['text' in b ? b.text : new Timestamp(b.seconds, b.nanoseconds), b.id];
    parts.push(b.side === 'after' ? startAfter(...values) : endBefore(...values));
  }
  if (spec.limit !== undefined)
    parts.push(b?.side === 'before' ? limitToLast(spec.limit) : limit(spec.limit));
  return query(collectionRef(spec.path), ...parts).withConverter(spec.converter);
}

export interface QueryUpdate<T> {
  rows: Row<T>[];
  /** Served from the local cache, not yet confirmed by the server. */
  fromCache: boolean;
  /** Some document was added, removed or modified (false: only metadata changed). */
  docsChanged: boolean;
}

export function listenToQuery<T>(
  spec: QuerySpec<T>,
  onNext: (update: QueryUpdate<T>) => void,
  onError: (error: FirestoreError) => void,
  options: { includeMetadataChanges?: boolean } = {},
): () => void {
  return onSnapshot(
    toQuery(spec),
    { includeMetadataChanges: options.includeMetadataChanges ?? false },
    (snap) =>
      onNext({
        rows: snap.docs.map((d) => ({ ...d.data(), snapshot: d })),
        fromCache: snap.metadata.fromCache,
        docsChanged: snap.docChanges().length > 0,
      }),
    onError,
  );
}

/**
 * Follows one document; null while it does not exist. `fromCache`: the answer is the device's
 * cache, not the server's (without a connection, null there means "not known", not "missing").
 */
export function listenToDoc<T>(
  spec: DocSpec<T>,
  onNext: (data: WithId<T> | null, fromCache: boolean) => void,
  onError: (error: FirestoreError) => void,
): () => void {
  return onSnapshot(
    docRef(spec.path).withConverter(spec.converter),
    (snap) => onNext(snap.exists() ? snap.data() : null, snap.metadata.fromCache),
    onError,
  );
}

/** One read of a document (no listener); null when it does not exist. */
export async function readDocument<T>(spec: DocSpec<T>): Promise<WithId<T> | null> {
  const snap = await getDoc(docRef(spec.path).withConverter(spec.converter));
  return snap.exists() ? snap.data() : null;
}

/**
 * Whether the server holds the document, asked of the server itself. A document the caller may
 * read only once it exists (their own report) reads as refused while it does not: false too.
 */
export async function existsOnServer(path: readonly string[]): Promise<boolean> {
  try {
    return (await getDocFromServer(docRef(path))).exists();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'permission-denied') return false;
    throw error;
  }
}

/**
 * Whether this device still holds a write of the document the server has not confirmed (its own
 * cache, shared by the app's tabs); false for a document the cache does not hold.
 */
export async function pendingOnDevice(path: readonly string[]): Promise<boolean> {
  const snap = await getDocFromCache(docRef(path)).catch(() => null);
  return snap?.metadata.hasPendingWrites ?? false;
}

/** One read of a query (no listener). */
export async function readQuery<T>(spec: QuerySpec<T>): Promise<WithId<T>[]> {
  const snap = await getDocs(toQuery(spec));
  return snap.docs.map((d) => d.data());
}

/** One read of a query page, each row with its snapshot (a page boundary's exact values). */
export async function readQueryPage<T>(spec: QuerySpec<T>): Promise<Row<T>[]> {
  const snap = await getDocs(toQuery(spec));
  return snap.docs.map((d) => ({ ...d.data(), snapshot: d }));
}

/**
 * How many documents the query matches, counted by the server (an aggregation: one read per
 * 1,000 documents counted), without its limit or cursor.
 */
export async function countQuery<T>(spec: QuerySpec<T>): Promise<number> {
  const { limit: _limit, boundary: _boundary, ...whole } = spec;
  const snapshot = await getCountFromServer(toQuery(whole));
  return snapshot.data().count;
}

/** The boundary at `row` of a list ordered by the Timestamp field `field` (to the nanosecond). */
export function boundaryAt(
  row: Row<unknown>,
  field: string,
  side: PageBoundary['side'],
): PageBoundary {
  const value = row.snapshot.get(field) as Timestamp;
  return { side, seconds: value.seconds, nanoseconds: value.nanoseconds, id: row.id };
}

/** A fresh document id in a collection (for a Storage folder named after the document). */
export function newDocumentId(path: readonly string[]): string {
  return doc(collectionRef(path)).id;
}

/** The server's clock, for the `timestamp` the rules require to be `request.time`. */
export const serverTime = serverTimestamp;

/** A field's removal, for a choice taken back (the rules read a missing field as none). */
export const removedField = deleteField;

/**
 * Every console write goes through here: a refused or failed write is logged with `failure` (what
 * was being done) and rethrown as plain text for the toast or form. A RecordLimitError is already
 * said for people and keeps its type, so a form can put it next to its field.
 */
async function explained(failure: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.error(failure, error);
    throw error instanceof RecordLimitError ? error : new Error(messageOf(error));
  }
}

/** Document fields as written (intents only: the rules refuse anything else). */
type Fields = Record<string, unknown>;

export function createDocument(path: readonly string[], data: Fields, failure: string) {
  return explained(failure, () => setDoc(docRef(path), data));
}

/** Follows whether `spec`'s document holds a local write the server has not confirmed yet. */
export function listenToPendingWrites(
  spec: DocSpec<unknown>,
  onNext: (pending: boolean) => void,
  onError: (error: FirestoreError) => void,
): () => void {
  // Metadata changes: the server's confirmation may change no field.
  return onSnapshot(
    docRef(spec.path),
    { includeMetadataChanges: true },
    (snap) => onNext(snap.metadata.hasPendingWrites),
    onError,
  );
}

/**
 * A document as this device last saw it, a pending server time as its estimate. The app follows
 * the documents it counts into, so one that exists is cached. The cache holds nothing for one
 * that does not (Google's engine sends nothing for a missing document): online the server is
 * asked; offline there is none as far as the device knows, and the rules judge on arrival.
 */
async function seenOnDevice(ref: ReturnType<typeof docRef>): Promise<Fields | undefined> {
  const seen = await getDocFromCache(ref)
    .catch(() => (navigator.onLine ? getDoc(ref) : null))
    .catch((error: unknown) => {
      throw new Error(messageOf(error));
    });
  return seen?.data({ serverTimestamps: 'estimate' });
}

/**
 * A new report of `uid` counted into their hourly report quota in one batch, which, unlike a
 * transaction, the SDK keeps on the device without a connection (the reporter app's persistent
 * cache) and sends when it returns (docs/reporter-app.md#offline). The quota is read as this
 * device last saw it: a window still open there is counted into (`filed` incremented on the
 * server, so an earlier queued report is not counted over), else a new one starts with the
 * commit's time; the rules (withinReportQuota) check the result when it arrives. With the window
 * full nothing is written, and the error says until when (`fullText`). Resolves once the batch is
 * written on the device, with `sent`, which settles when the server has taken or refused it.
 */
export async function createQueuedInReportQuota(
  path: readonly string[],
  data: Fields,
  uid: string,
  fullText: (until: Date) => string,
  failure: string,
): Promise<{ sent: Promise<void> }> {
  const quotaRef = docRef([COLLECTIONS.reportQuotas, uid]);
  const id = path[path.length - 1]!;
  const current = (await seenOnDevice(quotaRef)) as ReportQuota<Timestamp> | undefined;
  const next = nextReportQuota(current, Date.now(), id);
  if ('full' in next) throw new Error(fullText(next.full));
  const batch = writeBatch(db);
  if (next.windowStart === 'now')
    batch.set(quotaRef, { windowStart: serverTimestamp(), filed: 1, lastId: id });
  else batch.update(quotaRef, { filed: increment(1), lastId: id });
  batch.set(docRef(path), data);
  return { sent: explained(failure, () => batch.commit()) };
}

/** Documents the rules check together (one needs the other after the write): one batch. */
export function setDocuments(
  writes: readonly { path: readonly string[]; data: Fields }[],
  failure: string,
) {
  return explained(failure, async () => {
    const batch = writeBatch(db);
    for (const w of writes) batch.set(docRef(w.path), w.data);
    await batch.commit();
  });
}

/**
 * The hourly quotas a person's own writes are counted into in the same transaction, as the rules
 * require (firestore.rules withinEmergencyQuota): each quota's collection and what its document
 * becomes with one more (the model's derivation).
 */
const QUOTAS = {
  emergency: {
    collection: COLLECTIONS.emergencyQuotas,
    next: (current: unknown, nowMs: number, id: string) =>
      nextEmergencyQuota(current as EmergencyQuota<Timestamp> | undefined, nowMs, id),
  },
} as const;

/**
 * A new document of `uid` (a report, an emergency) counted into their hourly `quota` in the same
 * transaction: one more in the open window, or a new one from the commit's time. With the window
 * full nothing is written, and the error says until when (`fullText`).
 */
export function createInQuota(
  quota: keyof typeof QUOTAS,
  path: readonly string[],
  data: Fields,
  uid: string,
  fullText: (until: Date) => string,
  failure: string,
) {
  const { collection, next: nextOf } = QUOTAS[quota];
  const quotaRef = docRef([collection, uid]);
  return explained(failure, () =>
    runTransaction(db, async (tx) => {
      const next = nextOf((await tx.get(quotaRef)).data(), Date.now(), path[path.length - 1]!);
      if ('full' in next) throw new Error(fullText(next.full));
      tx.set(quotaRef, {
        ...next,
        windowStart: next.windowStart === 'now' ? serverTimestamp() : next.windowStart,
      });
      tx.set(docRef(path), data);
    }),
  );
}

/**
 * A new document its record counts, paced per author, in one batch, which the SDK keeps on the
 * device without a connection and sends when it returns (a reporter's message,
 * docs/reporter-app.md#offline). The count is `increment(1)`, so messages queued one after another
 * each count one on arrival; at the record's limit as the device last saw it nothing is written (a
 * RecordLimitError). `pace.next` derives the pace from what the device last saw of it (an
 * estimate of a time still pending) and may throw to write nothing; `'same'` counts one more into
 * the window the server holds, never rewriting its start. The rules check all of it on arrival.
 * Resolves once written on the device, with `sent`, which settles when the server has taken or
 * refused it.
 */
export async function createQueuedCounted(
  parent: readonly [string, string],
  record: CountedRecord,
  target: readonly string[],
  data: Fields,
  failure: string,
  pace: { path: readonly string[]; next: (held: Fields | undefined) => 'same' | 'new' },
): Promise<{ sent: Promise<void> }> {
  const counterRef = docRef([...parent, COLLECTIONS.recordCounts, record]);
  const paceRef = docRef(pace.path);
  const [counted, held] = await Promise.all([seenOnDevice(counterRef), seenOnDevice(paceRef)]);
  if (Number(counted?.count ?? 0) >= RECORD_COUNT_LIMITS[record])
    throw new RecordLimitError(record);
  const id = target[target.length - 1]!;
  const batch = writeBatch(db);
  if (pace.next(held) === 'same') batch.update(paceRef, { sent: increment(1), lastId: id });
  else batch.set(paceRef, { windowStart: serverTimestamp(), sent: 1, lastId: id });
  batch.set(counterRef, { count: increment(1), lastId: id }, { merge: true });
  batch.set(docRef(target), data);
  return { sent: explained(failure, () => batch.commit()) };
}

/** A time from the device's clock, where the server's cannot go (inside a list). */
export function deviceTime(ms: number) {
  return Timestamp.fromMillis(ms);
}

export function updateDocument(path: readonly string[], change: Fields, failure: string) {
  return explained(failure, () => updateDoc(docRef(path), change));
}

export function deleteDocument(path: readonly string[], failure: string) {
  return explained(failure, () => deleteDoc(docRef(path)));
}

/**
 * A write its record counts (`{parent}/record_counts/{record}`: a report's or an emergency's,
 * docs/security-rules.md#bounded-records): in one transaction the count grows by one and names the written document, which `fields` may stamp
 * with the new count. At the record's limit nothing is written: a RecordLimitError. `alongside`
 * writes one more document in the same transaction from what it holds (a message's pace); its
 * `fields` may throw to write nothing.
 */
export function writeCounted(
  parent: readonly [string, string],
  record: CountedRecord,
  target: readonly string[],
  kind: 'create' | 'update',
  fields: (count: number) => Fields,
  failure: string,
  alongside?: { path: readonly string[]; fields: (held: Fields | undefined) => Fields },
) {
  const counter = [...parent, COLLECTIONS.recordCounts, record];
  return explained(failure, () =>
    runTransaction(db, async (tx) => {
      const current = await tx.get(docRef(counter));
      const held = alongside ? (await tx.get(docRef(alongside.path))).data() : undefined;
      const count = current.exists() ? Number(current.get('count')) : 0;
      if (count >= RECORD_COUNT_LIMITS[record]) throw new RecordLimitError(record);
      if (alongside) tx.set(docRef(alongside.path), alongside.fields(held));
      tx.set(docRef(counter), { count: count + 1, lastId: target[target.length - 1] });
      if (kind === 'create') tx.set(docRef(target), fields(count + 1));
      else tx.update(docRef(target), fields(count + 1));
    }),
  );
}
