import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { COLLECTIONS, incidentStatsId } from '@campus-safety/model';
import {
  incidentStatsDelta,
  incidentStatsTotals,
  oldestKeptDay,
  type ReportFields,
  type StatsCounters,
} from '../domain/incident-stats';
import { runOnce } from './run-once';

/** The report fields the stats read (the rebuild reads only these). */
const COUNTED_FIELDS = [
  'nearestCampus',
  'isArchived',
  'status',
  'threatLevel',
  'incidentType',
  'timestamp',
  'responseTimeInMinutes',
  'waitingTimeInMinutes',
] as const satisfies readonly (keyof ReportFields)[];

function statsRef(db: Firestore, campus: string): DocumentReference {
  return db.collection(COLLECTIONS.incidentStats).doc(incidentStatsId(campus));
}

/** The delta shaped like the doc, every number an increment (a set-merge adds them in place). */
function increments(delta: Partial<StatsCounters>): DocumentData {
  const wrap = (value: unknown): unknown =>
    typeof value === 'number'
      ? FieldValue.increment(value)
      : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, wrap(v)]));
  return wrap(delta) as DocumentData;
}

export interface StatsEvent {
  eventId: string;
  eventTime: Date;
  before: ReportFields | undefined;
  after: ReportFields | undefined;
}

/**
 * Applies one report write to the campus stats: `after − before` as increments, in one
 * transaction with the event's processed_events marker, so a redelivery adds nothing. Days that
 * fell out of the kept window are removed from `byDay` on the way. A write that changes nothing
 * counted (most edits, the status trigger's history writes) costs nothing.
 */
export async function applyIncidentStatsChange(
  db: Firestore,
  event: StatsEvent,
): Promise<'unchanged' | 'applied' | 'duplicate'> {
  const deltas = incidentStatsDelta(event.before, event.after, event.eventTime);
  if (deltas.size === 0) return 'unchanged';
  const cutoff = oldestKeptDay(event.eventTime);
  const outcome = await runOnce(
    db,
    { trigger: 'incidentStats', eventId: event.eventId },
    async (tx) => {
      const targets = [...deltas].map(([campus, delta]) => ({
        campus,
        delta,
        ref: statsRef(db, campus),
      }));
      const current = await Promise.all(targets.map((t) => tx.get(t.ref)));
      targets.forEach(({ campus, delta, ref }, i) => {
        const data = increments(delta);
        const kept = (current[i]!.get('byDay') ?? {}) as Record<string, unknown>;
        for (const day of Object.keys(kept).filter((d) => d < cutoff)) {
          data.byDay = { ...data.byDay, [day]: FieldValue.delete() };
        }
        tx.set(ref, { ...data, campus, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
      });
    },
  );
  return outcome.duplicate ? 'duplicate' : 'applied';
}

/**
 * Recomputes every campus's stats from the reports and replaces the docs (campuses without
 * counted reports lose theirs). For seeded or imported data and after an outage of the trigger;
 * run it while reports are not being written, or a write during the rebuild may count twice.
 */
export async function rebuildIncidentStats(
  db: Firestore,
  now: Date,
): Promise<{ campuses: number; reports: number }> {
  const reports = await db
    .collection(COLLECTIONS.incidentReports)
    .select(...COUNTED_FIELDS)
    .get();
  const totals = incidentStatsTotals(
    reports.docs.map((d) => d.data()),
    now,
  );
  const existing = await db.collection(COLLECTIONS.incidentStats).listDocuments();
  const writer = db.bulkWriter();
  const written = new Set<string>();
  let counted = 0;
  for (const [campus, counters] of totals) {
    const ref = statsRef(db, campus);
    written.add(ref.id);
    counted += counters.total;
    void writer.set(ref, { campus, ...counters, updatedAt: FieldValue.serverTimestamp() });
  }
  for (const ref of existing) if (!written.has(ref.id)) void writer.delete(ref);
  await writer.close();
  return { campuses: totals.size, reports: counted };
}
