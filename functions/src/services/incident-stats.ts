import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  INCIDENT_STATS_SHARDS,
  incidentStatsId,
  statsShardId,
} from '@campus-safety/model';
import {
  addCounters,
  countersIn,
  incidentStatsDelta,
  incidentStatsTotals,
  pruneCounters,
  type ReportFields,
  type StatsDocKey,
  type StatsPart,
} from '../domain/incident-stats';
import { runOnce } from '../platform/run-once';

/** The report fields the stats read (the rebuild reads only these). */
const COUNTED_FIELDS = [
  'nearestCampus',
  'isArchived',
  'status',
  'threatLevel',
  'incidentType',
  'tags',
  'timestamp',
  'responseTimeInMinutes',
  'waitingTimeInMinutes',
  'acknowledgeTimeInMinutes',
] as const satisfies readonly (keyof ReportFields)[];

/** Shard `shard` of a stats doc (model's statsShardId); the rebuild writes shard 0 only. */
function statsRef(db: Firestore, { campus, day }: StatsDocKey, shard: number): DocumentReference {
  const stats = db.collection(COLLECTIONS.incidentStats);
  const id = incidentStatsId(campus);
  return day === null
    ? stats.doc(statsShardId(id, shard))
    : stats.doc(id).collection(INCIDENT_STATS_DAYS).doc(statsShardId(day, shard));
}

/** The shard a report counts in, all its life: FNV-1a of its id, modulo the shard count. */
export function statsShardOf(incidentId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < incidentId.length; i += 1) {
    hash ^= incidentId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % INCIDENT_STATS_SHARDS;
}

function docData(part: StatsPart) {
  const labels =
    part.day === null ? { campus: part.campus } : { campus: part.campus, day: part.day };
  return { ...part.counters, ...labels, updatedAt: FieldValue.serverTimestamp() };
}

export interface StatsEvent {
  eventId: string;
  /** The report's id: it picks the shard (statsShardOf). */
  incidentId: string;
  before: ReportFields | undefined;
  after: ReportFields | undefined;
}

/**
 * Applies one report write to the stats docs it moves (its campus doc and its day doc, both
 * before and after), in the report's shard of each: each shard is read, `after − before` added,
 * zeros dropped and the shard written back whole (or deleted when nothing is left), in one
 * transaction with the event's processed_events marker. Reports spread over
 * INCIDENT_STATS_SHARDS shards, so a burst of N reports a second writes each shard about
 * N / INCIDENT_STATS_SHARDS times a second; concurrent writes to one shard retry the transaction;
 * a redelivery adds nothing. A write that changes nothing counted costs nothing.
 */
export async function applyIncidentStatsChange(
  db: Firestore,
  event: StatsEvent,
  timeZone: string,
): Promise<'unchanged' | 'applied' | 'duplicate'> {
  const deltas = incidentStatsDelta(event.before, event.after, timeZone);
  if (deltas.length === 0) return 'unchanged';
  const outcome = await runOnce(
    db,
    { trigger: 'incidentStats', eventId: event.eventId },
    async (tx) => {
      const shard = statsShardOf(event.incidentId);
      const refs = deltas.map((part) => statsRef(db, part, shard));
      const current = await Promise.all(refs.map((ref) => tx.get(ref)));
      deltas.forEach((part, i) => {
        const counters = pruneCounters(addCounters(countersIn(current[i]!.data()), part.counters));
        if (counters) tx.set(refs[i]!, docData({ ...part, counters }));
        else if (current[i]!.exists) tx.delete(refs[i]!);
      });
    },
  );
  return outcome.duplicate ? 'duplicate' : 'applied';
}

/**
 * Recomputes every stats doc (campus and day docs) from the reports and replaces them: each
 * total in shard 0, every other shard and every doc without counted reports deleted. For seeded or imported data, after an outage of the trigger and
 * after a change of the response targets or the programme time zone; run it while reports are
 * not being written, or a write during the rebuild may count twice.
 */
export async function rebuildIncidentStats(
  db: Firestore,
  timeZone: string,
): Promise<{ campuses: number; days: number; reports: number }> {
  const reports = await db
    .collection(COLLECTIONS.incidentReports)
    .select(...COUNTED_FIELDS)
    .get();
  const totals = incidentStatsTotals(
    reports.docs.map((d) => d.data()),
    timeZone,
  );
  const existing = await db.collection(COLLECTIONS.incidentStats).listDocuments();
  const existingDays = (
    await Promise.all(existing.map((ref) => ref.collection(INCIDENT_STATS_DAYS).listDocuments()))
  ).flat();
  const writer = db.bulkWriter();
  const written = new Set<string>();
  let counted = 0;
  for (const part of totals) {
    const ref = statsRef(db, part, 0);
    written.add(ref.path);
    if (part.day === null) counted += (part.counters.total as number | undefined) ?? 0;
    void writer.set(ref, docData(part));
  }
  for (const ref of [...existing, ...existingDays])
    if (!written.has(ref.path)) void writer.delete(ref);
  await writer.close();
  const campuses = totals.filter((p) => p.day === null).length;
  return { campuses, days: totals.length - campuses, reports: counted };
}
