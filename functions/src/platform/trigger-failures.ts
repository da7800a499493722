import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS } from '@campus-safety/model';
import { eventDocId } from '../domain/event-ids';
import { db, isEmulated } from './firebase';

/** What the wrapper needs of a CloudEvent (every v2 Firestore event has these). */
export interface TriggerEvent {
  id: string;
  time: string;
  document?: string;
  /** Storage events name their object here (`objects/<path>`). */
  subject?: string;
  data?: unknown;
}

/**
 * How long a failing event is handed back for a retry. The platform retries for up to a day;
 * work that is an hour late (a notification, a history entry) is better looked at by a person,
 * and an event that fails for an hour is not transient. Past it the record says `gave-up`.
 */
export const RETRY_WINDOW_MS = 60 * 60_000;
/**
 * A successful run of an event older than this may be a retry (the platform backs off at least
 * 10 s before retrying): only then is a failure record looked up, so a first run reads nothing.
 */
export const RETRY_AFTER_MS = 5_000;
const ERROR_MAX = 500;

function failureRef(store: Firestore, trigger: string, eventId: string) {
  return store.collection(COLLECTIONS.triggerFailures).doc(eventDocId(eventId, trigger));
}

function documentOf(event: TriggerEvent): DocumentData | undefined {
  const data = event.data as
    | { after?: { data(): DocumentData | undefined }; data?: () => DocumentData | undefined }
    | undefined;
  return data?.after?.data() ?? (typeof data?.data === 'function' ? data.data() : undefined);
}

/**
 * Test hook, under the emulator only: a document carrying `emulatorFault: {trigger, failures}`
 * makes that trigger (or report step) fail on its first `failures` attempts at each event it
 * handles, counted by the failure record. It costs nothing on documents without the field and
 * does not exist in production.
 */
async function injectEmulatorFault(store: Firestore, trigger: string, event: TriggerEvent) {
  if (!isEmulated()) return;
  const fault = documentOf(event)?.emulatorFault as
    { trigger?: unknown; failures?: unknown } | undefined;
  if (fault?.trigger !== trigger || typeof fault.failures !== 'number') return;
  const attempts = (await failureRef(store, trigger, event.id).get()).get('attempts') ?? 0;
  if (attempts < fault.failures)
    throw new Error(`Injected fault ${attempts + 1} (emulator test hook)`);
}

/**
 * Wraps a trigger handler (`trigger` = its export name) registered with `retry: true`. A failure
 * is recorded in `trigger_failures` (attempts counted) and rethrown, so the platform delivers the
 * event again; handlers are idempotent per event (run-once markers, compare-before-write), so a
 * retry does only what the failed run did not. An event older than RETRY_WINDOW_MS is not
 * rethrown: its record says `gave-up` for an Admin. A retry that succeeds marks its record
 * `recovered`.
 *
 * Under the emulators a failure is recorded, not rethrown: neither Firestore emulator delivers a
 * failed event again, and the Functions emulator kills the worker of a function that throws, in a
 * way that can lose the next event of the same function (the dying worker is handed it). Tests
 * deliver retries by hand.
 */
export function recordingFailures<E extends TriggerEvent>(
  trigger: string,
  handler: (event: E) => Promise<void>,
): (event: E) => Promise<void> {
  return async (event) => {
    const store = db();
    const age = Date.now() - Date.parse(event.time);
    try {
      await injectEmulatorFault(store, trigger, event);
      await handler(event);
    } catch (error) {
      const gaveUp = age > RETRY_WINDOW_MS;
      await recordFailure(store, trigger, event, error, gaveUp).catch((recordError: unknown) =>
        logger.error('Could not record a trigger failure', { trigger, recordError }),
      );
      logger.error(`${trigger} failed on event ${event.id}`, { error, gaveUp });
      if (!gaveUp && !isEmulated()) throw error;
      return;
    }
    if (age > RETRY_AFTER_MS) {
      await markRecovered(store, trigger, event.id).catch((markError: unknown) =>
        logger.error('Could not mark a trigger failure recovered', { trigger, markError }),
      );
    }
  };
}

async function recordFailure(
  store: Firestore,
  trigger: string,
  event: TriggerEvent,
  error: unknown,
  gaveUp: boolean,
) {
  const message = error instanceof Error ? error.message : String(error);
  const eventTime = new Date(event.time);
  await failureRef(store, trigger, event.id).set(
    {
      trigger,
      eventId: event.id,
      document: event.document ?? event.subject ?? null,
      eventTime: Number.isNaN(eventTime.getTime()) ? null : Timestamp.fromDate(eventTime),
      error: message.slice(0, ERROR_MAX),
      attempts: FieldValue.increment(1),
      state: gaveUp ? 'gave-up' : 'retrying',
      lastFailedAt: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
}

async function markRecovered(store: Firestore, trigger: string, eventId: string) {
  const ref = failureRef(store, trigger, eventId);
  await store.runTransaction(async (tx) => {
    const record = await tx.get(ref);
    if (!record.exists || record.get('state') === 'recovered') return;
    tx.update(ref, { state: 'recovered', recoveredAt: FieldValue.serverTimestamp() });
  });
}
