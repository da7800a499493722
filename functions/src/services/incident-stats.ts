import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  INCIDENT_STATS_SHARDS,
  incidentStatsId,
  isIsoDay,
  isStatsShardId,
  statsShardId,
} from '@campus-safety/model';
import {
  addCounters,
  countersIn,
  incidentStatsDelta,
  incidentStatsTotals,
  lessLoaded,
  pruneCounters,
  recentWritesOf,
  statsShardCandidates,
  type Counters,
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
  'acknowledgedAt',
] as const satisfies readonly (keyof ReportFields)[];

/** Shard `shard` of a stats doc (model's statsShardId); the rebuild writes shard 0 only. */
function statsRef(db: Firestore, { campus, day }: StatsDocKey, shard: number): DocumentReference {
  const stats = db.collection(COLLECTIONS.incidentStats);
  const id = incidentStatsId(campus);
  return day === null
    ? stats.doc(statsShardId(id, shard))
    : stats.doc(id).collection(INCIDENT_STATS_DAYS).doc(statsShardId(day, shard));
}

/** A shard as stored: its counters, labels, when it was written and its recent writes. */
function docData(part: StatsPart, shard: number, recentWrites = 0) {
  const labels =
    part.day === null ? { campus: part.campus } : { campus: part.campus, day: part.day };
  return {
    ...part.counters,
    ...labels,
    shard,
    ...(recentWrites > 0 ? { recentWrites } : {}),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

export interface StatsEvent {
  /** The write's event id: it draws the two candidate shards (statsShardCandidates). */
  eventId: string;
  before: ReportFields | undefined;
  after: ReportFields | undefined;
}

/**
 * Applies one report write to the stats docs it moves (its campus doc and its day doc, both
 * before and after): for each doc, the event's two candidate shards (statsShardCandidates) are
 * read and `after − before` is added to the one with fewer recent writes (lessLoaded), zeros
 * dropped, the shard written back whole with its recent writes plus one (or deleted when no
 * count is left), in one transaction with the event's processed_events marker. So a report's
 * later writes may land in other shards than its first, and a shard may hold negative counts:
 * only the sum of a doc's shards means anything. Concurrent writes to one shard retry the
 * transaction, which then sees that shard busier; a redelivery adds nothing. A write that changes
 * nothing counted costs nothing.
 */
export async function applyIncidentStatsChange(
  db: Firestore,
  event: StatsEvent,
  timeZone: string,
): Promise<'unchanged' | 'applied' | 'duplicate'> {
  const deltas = incidentStatsDelta(event.before, event.after, timeZone);
  if (deltas.length === 0) return 'unchanged';
  const candidates = statsShardCandidates(event.eventId, INCIDENT_STATS_SHARDS);
  const outcome = await runOnce(
    db,
    { trigger: 'incidentStats', eventId: event.eventId },
    async (tx) => {
      const read = await Promise.all(
        deltas.map((part) => Promise.all(candidates.map((k) => tx.get(statsRef(db, part, k))))),
      );
      const now = Date.now();
      deltas.forEach((part, i) => {
        const pair = read[i]!;
        const load: [number, number] = [
          recentWritesOf(pair[0]!.data(), now),
          recentWritesOf(pair[1]!.data(), now),
        ];
        const choice = lessLoaded(load);
        const current = pair[choice]!;
        const counters = pruneCounters(addCounters(countersIn(current.data()), part.counters));
        if (counters)
          tx.set(current.ref, docData({ ...part, counters }, candidates[choice], load[choice] + 1));
        else if (current.exists) tx.delete(current.ref);
      });
    },
  );
  return outcome.duplicate ? 'duplicate' : 'applied';
}

/**
 * Folds the day docs of each campus that are over (a day before `today`, in the programme time
 * zone) and spread over several shards: each such day's shards are summed into shard 0 and the
 * others deleted, in one transaction per day, so a late write of an old report (its own
 * transaction on the same shards) is either folded in or lands after the fold, never lost. Only
 * shards above 0 are queried (their `shard` label), so days already folded cost nothing (a shard
 * written before the label existed is folded with its day's labelled ones, or by a rebuild). The
 * dashboard then reads one doc per campus and past day. Campus docs are not folded: every report
 * writes them, whatever its day.
 */
export async function foldStatsDaysBefore(
  db: Firestore,
  today: string,
): Promise<{ days: number; removedShards: number }> {
  const campuses = (await db.collection(COLLECTIONS.incidentStats).listDocuments()).filter(
    (ref) => !isStatsShardId(ref.id),
  );
  let days = 0;
  let removedShards = 0;
  for (const campus of campuses) {
    const daysRef = campus.collection(INCIDENT_STATS_DAYS);
    const spread = await daysRef.where('shard', '>', 0).select('day').get();
    const past = new Set(
      spread.docs
        .map((d) => d.get('day') as unknown)
        .filter((day): day is string => typeof day === 'string' && isIsoDay(day) && day < today),
    );
    for (const day of past) {
      const removed = await db.runTransaction(async (tx): Promise<number | null> => {
        const refs = Array.from({ length: INCIDENT_STATS_SHARDS }, (_, k) =>
          daysRef.doc(statsShardId(day, k)),
        );
        const shards = (await tx.getAll(...refs)).filter((s) => s.exists);
        const total: Counters = {};
        for (const shard of shards) addCounters(total, countersIn(shard.data()));
        const counters = pruneCounters(total);
        if (counters) {
          const label = shards[0]!.get('campus') as unknown;
          if (typeof label !== 'string') return null; // not a shard the trigger wrote: left alone
          tx.set(refs[0]!, docData({ campus: label, day, counters }, 0));
        }
        const others = shards.filter((s) => counters === null || s.id !== refs[0]!.id);
        for (const shard of others) tx.delete(shard.ref);
        return others.length;
      });
      if (removed === null) continue;
      days += 1;
      removedShards += removed;
    }
  }
  return { days, removedShards };
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
    void writer.set(ref, docData(part, 0));
  }
  for (const ref of [...existing, ...existingDays])
    if (!written.has(ref.path)) void writer.delete(ref);
  await writer.close();
  const campuses = totals.filter((p) => p.day === null).length;
  return { campuses, days: totals.length - campuses, reports: counted };
}
