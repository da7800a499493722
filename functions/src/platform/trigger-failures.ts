import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { db, isEmulated } from './firebase';
import { runTransaction } from './transactions';

/** What the wrapper needs of a CloudEvent (every v2 Firestore event has these). */
export interface TriggerEvent {
  id: string;
  time: string;
  document?: string;
  /** Storage events name their object here (`objects/<path>`). */
  subject?: string;
  params?: Record<string, string>;
  data?: unknown;
}

/** Runs in all, the first and its re-runs, before a record is `failed` for good. */
export const MAX_ATTEMPTS = 6;
/** The wait after the first failure; it doubles after each: 1, 2, 4, 8, 16 min, about 31 in all. */
export const FIRST_RETRY_DELAY_MS = 60_000;
/**
 * A successful first run of an event older than this may be the platform's own redelivery (the
 * last resort when a failure could not be recorded, below): only then is a record looked up, so
 * a first run reads nothing more.
 */
export const RETRY_AFTER_MS = 5_000;
/** How long a re-run holds its record: a housekeeping run that died mid-way is re-run after it. */
const CLAIM_MS = 5 * 60_000;
/** Records re-run per housekeeping run, oldest due first; the rest wait for the next minute. */
const RERUNS_PER_RUN = 50;
const ERROR_MAX = 500;
/** `trigger_failures/{id}/event/input`: the event as the trigger got it; server-only (rules). */
const INPUT_COLLECTION = 'event';
const INPUT_DOC = 'input';

export function retryDelayMs(attempts: number): number {
  return FIRST_RETRY_DELAY_MS * 2 ** (attempts - 1);
}

function failureRef(store: Firestore, trigger: string, eventId: string) {
  return store.collection(COLLECTIONS.triggerFailures).doc(eventDocId(eventId, trigger));
}

function inputRef(record: DocumentReference) {
  return record.collection(INPUT_COLLECTION).doc(INPUT_DOC);
}

// ---------- the event, stored and rebuilt ----------

interface StoredSnapshot {
  data: DocumentData;
  createTime: Timestamp | null;
  updateTime: Timestamp | null;
}

/**
 * A re-run gets the event the failed run got, not the document as it is now: a step acts on the
 * change it was fired for (before and after, the write's commit time), and a later write has its
 * own event. Firestore events keep their snapshots' data (typed values intact); any other event
 * (Storage) keeps its data as JSON.
 */
interface StoredEvent {
  id: string;
  time: string;
  document: string | null;
  subject: string | null;
  params: Record<string, string>;
  change?: { before: StoredSnapshot | null; after: StoredSnapshot | null };
  snapshot?: StoredSnapshot | null;
  json?: unknown;
}

function isSnapshot(value: unknown): value is DocumentSnapshot {
  return (
    typeof value === 'object' &&
    value !== null &&
    'exists' in value &&
    typeof (value as { data?: unknown }).data === 'function'
  );
}

function storedSnapshot(snapshot: DocumentSnapshot): StoredSnapshot | null {
  return snapshot.exists
    ? {
        data: snapshot.data()!,
        createTime: snapshot.createTime ?? null,
        updateTime: snapshot.updateTime ?? null,
      }
    : null;
}

function storedEvent(event: TriggerEvent): StoredEvent {
  const data = event.data as { before?: unknown; after?: unknown } | undefined;
  const base = {
    id: event.id,
    time: event.time,
    document: event.document ?? null,
    subject: event.subject ?? null,
    params: { ...event.params },
  };
  if (isSnapshot(data?.before) && isSnapshot(data?.after))
    return {
      ...base,
      change: { before: storedSnapshot(data.before), after: storedSnapshot(data.after) },
    };
  if (isSnapshot(data)) return { ...base, snapshot: storedSnapshot(data) };
  return { ...base, json: data === undefined ? null : JSON.parse(JSON.stringify(data)) };
}

/** A snapshot with what the handlers read of one: exists, id, ref, data(), get(), the times. */
function rebuiltSnapshot(ref: DocumentReference, stored: StoredSnapshot | null): DocumentSnapshot {
  const data = stored?.data;
  const rebuilt = {
    exists: stored !== null,
    id: ref.id,
    ref,
    createTime: stored?.createTime ?? undefined,
    updateTime: stored?.updateTime ?? undefined,
    readTime: Timestamp.now(),
    data: () => data,
    get: (field: string) =>
      field
        .split('.')
        .reduce<unknown>((value, key) => (value as DocumentData | undefined)?.[key], data),
  };
  return rebuilt as unknown as DocumentSnapshot;
}

function rebuiltEvent(store: Firestore, stored: StoredEvent): TriggerEvent {
  const ref = () => store.doc(stored.document!);
  const data = stored.change
    ? {
        before: rebuiltSnapshot(ref(), stored.change.before),
        after: rebuiltSnapshot(ref(), stored.change.after),
      }
    : stored.snapshot !== undefined
      ? rebuiltSnapshot(ref(), stored.snapshot)
      : (stored.json ?? undefined);
  return {
    id: stored.id,
    time: stored.time,
    ...(stored.document ? { document: stored.document } : {}),
    ...(stored.subject ? { subject: stored.subject } : {}),
    params: stored.params,
    data,
  };
}

// ---------- the test hook ----------

type EventData =
  | { before?: { data(): DocumentData | undefined }; after?: { data(): DocumentData | undefined } }
  | { data?: () => DocumentData | undefined }
  | undefined;

/** The fault a write set: on the document after it, and not the same before it. */
function faultSetBy(event: TriggerEvent): unknown {
  const data = event.data as EventData;
  const change = data && 'after' in data ? data : undefined;
  const after =
    change?.after?.data() ??
    (data && 'data' in data && typeof data.data === 'function' ? data.data() : undefined);
  const fault = after?.emulatorFault as unknown;
  const before = change?.before?.data()?.emulatorFault as unknown;
  return fault !== undefined && JSON.stringify(fault) !== JSON.stringify(before)
    ? fault
    : undefined;
}

/**
 * Test hook, under the emulator only: a write that sets `emulatorFault: {trigger, failures, at?}`
 * on a document makes that trigger (or report step) fail on its first `failures` attempts at the
 * event of that write, counted by the failure record: before its work (`at` absent or 'start') or
 * after it (`at: 'end'`, a run that did everything and died before it could say so). Later writes
 * of the document, which keep the field, are not failed. It costs nothing on documents without
 * the field and does not exist in production.
 */
async function injectEmulatorFault(
  store: Firestore,
  trigger: string,
  event: TriggerEvent,
  at: 'start' | 'end',
) {
  if (!isEmulated()) return;
  const fault = faultSetBy(event) as
    { trigger?: unknown; failures?: unknown; at?: unknown } | undefined;
  if (fault?.trigger !== trigger || typeof fault.failures !== 'number') return;
  if ((fault.at === 'end' ? 'end' : 'start') !== at) return;
  const attempts = (await failureRef(store, trigger, event.id).get()).get('attempts') ?? 0;
  if (attempts < fault.failures)
    throw new Error(`Injected fault ${attempts + 1} (emulator test hook)`);
}

// ---------- the wrapper and the queue ----------

/** Every wrapped trigger and step by name, for housekeeping's re-runs (registered on load). */
const rerunners = new Map<string, (event: TriggerEvent) => Promise<void>>();

/**
 * Wraps a trigger handler (`trigger` = its export name, or a report step's name). A failure is
 * recorded in `trigger_failures` with the event it failed on, and not rethrown: the record is the
 * queue, and housekeeping runs it again when due (retryDueFailures), the same on the emulators
 * and in production. Handlers are idempotent per event (run-once markers, compare-before-write), so
 * a re-run does only what the failed run did not. A run that succeeds marks its record
 * `recovered`. Only a failure that could not be recorded is rethrown (outside the emulators), so
 * the platform's own retry (`retry: true`) is the last resort; the Functions emulator kills the
 * worker of a function that throws, which can lose the next event handed to it.
 */
export function recordingFailures<E extends TriggerEvent>(
  trigger: string,
  handler: (event: E) => Promise<void>,
): (event: E) => Promise<void> {
  const run = async (event: E, rerun: boolean) => {
    const store = db();
    try {
      await injectEmulatorFault(store, trigger, event, 'start');
      await handler(event);
      await injectEmulatorFault(store, trigger, event, 'end');
    } catch (error) {
      try {
        await recordFailure(store, trigger, event, error);
      } catch (recordError) {
        logger.error('Could not record a trigger failure', { trigger, recordError });
        if (!isEmulated()) throw error;
      }
      logger.error(`${trigger} failed on event ${event.id}`, { error, rerun });
      return;
    }
    if (rerun || Date.now() - Date.parse(event.time) > RETRY_AFTER_MS) {
      await markRecovered(store, trigger, event.id).catch((markError: unknown) =>
        logger.error('Could not mark a trigger failure recovered', { trigger, markError }),
      );
    }
  };
  rerunners.set(trigger, (event) => run(event as E, true));
  return (event) => run(event, false);
}

/** One more failed attempt: `retrying` with the next `retryAt`, or `failed` after the last. */
async function recordFailure(
  store: Firestore,
  trigger: string,
  event: TriggerEvent,
  error: unknown,
) {
  const message = error instanceof Error ? error.message : String(error);
  const eventTime = new Date(event.time);
  const ref = failureRef(store, trigger, event.id);
  await runTransaction(store, async (tx) => {
    const previous = (await tx.get(ref)).data();
    const attempts = (typeof previous?.attempts === 'number' ? previous.attempts : 0) + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    tx.set(
      ref,
      {
        trigger,
        eventId: event.id,
        document: event.document ?? event.subject ?? null,
        eventTime: Number.isNaN(eventTime.getTime()) ? null : Timestamp.fromDate(eventTime),
        error: message.slice(0, ERROR_MAX),
        attempts,
        state: failed ? 'failed' : 'retrying',
        lastFailedAt: FieldValue.serverTimestamp(),
        retryAt: failed
          ? FieldValue.delete()
          : Timestamp.fromMillis(Date.now() + retryDelayMs(attempts)),
      },
      { merge: true },
    );
    if (!previous) tx.set(inputRef(ref), storedEvent(event));
  });
}

async function markRecovered(store: Firestore, trigger: string, eventId: string) {
  const ref = failureRef(store, trigger, eventId);
  await runTransaction(store, async (tx) => {
    const record = await tx.get(ref);
    if (!record.exists || record.get('state') === 'recovered') return;
    tx.update(ref, {
      state: 'recovered',
      recoveredAt: FieldValue.serverTimestamp(),
      retryAt: FieldValue.delete(),
    });
  });
}

/** Takes a due record for one re-run (its `retryAt` moves on by CLAIM_MS); null if not due. */
async function claim(store: Firestore, ref: DocumentReference, now: Date) {
  return runTransaction(store, async (tx) => {
    const record = (await tx.get(ref)).data();
    const retryAt = record?.retryAt as unknown;
    if (
      record?.state !== 'retrying' ||
      !(retryAt instanceof Timestamp) ||
      retryAt.toMillis() > now.getTime()
    )
      return null;
    tx.update(ref, { retryAt: Timestamp.fromMillis(now.getTime() + CLAIM_MS) });
    return { trigger: String(record.trigger) };
  });
}

/**
 * Housekeeping's part: runs again each `retrying` record whose `retryAt` has come, oldest first
 * (RERUNS_PER_RUN a run), through its trigger's wrapper with the stored event, so a failure counts
 * one more attempt and a success marks it recovered. Returns how many it ran.
 */
export async function retryDueFailures(store: Firestore, now: Date): Promise<number> {
  const due = await store
    .collection(COLLECTIONS.triggerFailures)
    .where('retryAt', '<=', Timestamp.fromDate(now))
    .orderBy('retryAt', 'asc')
    .limit(RERUNS_PER_RUN)
    .get();
  let ran = 0;
  for (const doc of due.docs) {
    const claimed = await claim(store, doc.ref, now);
    if (!claimed) continue;
    const stored = (await inputRef(doc.ref).get()).data() as StoredEvent | undefined;
    const rerun = rerunners.get(claimed.trigger);
    if (!stored || !rerun) {
      // Nothing to run it with (a record older than stored events, a trigger since removed).
      await doc.ref.update({
        state: 'failed',
        retryAt: FieldValue.delete(),
        error: stored ? `No trigger named ${claimed.trigger}` : 'The event was not stored',
      });
      continue;
    }
    await rerun(rebuiltEvent(store, stored));
    ran += 1;
  }
  return ran;
}
