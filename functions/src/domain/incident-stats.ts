import {
  OPEN_STATUSES,
  THREAT_LEVELS,
  UNASSESSED_THREAT_LEVEL,
  bucketOf,
  dayInZone,
  isCountedMinutes,
  isOneOf,
  isWithinTarget,
  responseTargetFor,
  tagId,
  targetLevelOf,
} from '@campus-safety/model';

/**
 * The counters of a stats doc without its labels (`campus`, `day`, `updatedAt`): nested maps whose
 * leaves are numbers. Both docs, `incident_stats/{campus}` (IncidentStats) and its
 * `days/{day}` (IncidentDayStats), are sums of per-report counters of this shape, so one
 * add/subtract covers every bucket and a delta is simply `after − before`.
 */
export interface Counters {
  [key: string]: number | Counters;
}

/** The fields of a report the stats depend on (any value: the data is not trusted here). */
export interface ReportFields {
  nearestCampus?: unknown;
  isArchived?: unknown;
  status?: unknown;
  threatLevel?: unknown;
  incidentType?: unknown;
  tags?: unknown;
  timestamp?: unknown;
  responseTimeInMinutes?: unknown;
  waitingTimeInMinutes?: unknown;
  acknowledgeTimeInMinutes?: unknown;
  acknowledgedAt?: unknown;
}

/** A stats doc: the campus doc (`day` null) or one of its day docs. */
export interface StatsDocKey {
  campus: string;
  day: string | null;
}

/** What one report adds to one stats doc. */
export interface StatsPart extends StatsDocKey {
  counters: Counters;
}

/** Tags counted per report, at most (a report carries a handful; this bounds a bad write). */
const MAX_TAGS_COUNTED = 50;

function instantMs(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  if (typeof toDate === 'function') return (toDate.call(value) as Date).getTime();
  return null;
}

function label(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function tally(minutes: unknown): Counters {
  return isCountedMinutes(minutes) ? { sum: minutes, count: 1 } : {};
}

/** One duration of one report against its target: DurationStats of a single value. */
function duration(minutes: unknown, targetMinutes: number): Counters | null {
  if (!isCountedMinutes(minutes)) return null;
  return {
    count: 1,
    sum: minutes,
    within: isWithinTarget(minutes, targetMinutes) ? 1 : 0,
    histogram: { [String(bucketOf(minutes))]: 1 },
  };
}

/** A duration without a target yet (time to acknowledge): count, sum and histogram. */
function untargeted(minutes: unknown): Counters | null {
  if (!isCountedMinutes(minutes)) return null;
  return { count: 1, sum: minutes, histogram: { [String(bucketOf(minutes))]: 1 } };
}

/**
 * The tag ids a report counts for: its tag names keyed as the tags collection keys them (tagId),
 * never the raw name, so a name Firestore reserves as a field (`__x__`) or one differing only in
 * case or spacing cannot break or split the day doc's `byTag` map.
 */
function tagIdsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = new Set(
    value
      .map(label)
      .filter((t): t is string => t !== null)
      .map(tagId)
      .filter((id) => id !== ''),
  );
  return [...ids].slice(0, MAX_TAGS_COUNTED);
}

const ones = (keys: string[]): Counters => Object.fromEntries(keys.map((k) => [k, 1]));

/**
 * What a report counts for: its campus doc, and the doc of its day (the `timestamp`'s calendar
 * day in `timeZone`) when it has a timestamp. Nothing when it does not exist, is archived
 * (archive/restore moves it out of and back into the stats) or names no campus. A threat level
 * outside THREAT_LEVELS counts as Unassessed, and its durations are judged by the Unrated target.
 */
export function incidentStatsContribution(
  report: ReportFields | undefined,
  timeZone: string,
): StatsPart[] {
  if (!report || report.isArchived === true) return [];
  const campus = label(report.nearestCampus);
  if (!campus) return [];
  const status = label(report.status);
  const threat = label(report.threatLevel);
  const type = label(report.incidentType);
  const byStatus = ones(status ? [status] : []);
  const byThreatLevel = ones([isOneOf(THREAT_LEVELS, threat) ? threat : UNASSESSED_THREAT_LEVEL]);
  const byIncidentType = ones(type ? [type] : []);
  const at = instantMs(report.timestamp);
  const day = at === null ? null : dayInZone(at, timeZone);
  const open = isOneOf(OPEN_STATUSES, status);

  const campusCounters: Counters = {
    total: 1,
    byStatus,
    byThreatLevel,
    byIncidentType,
    openByDay: ones(open && day ? [day] : []),
    responseTimeInMinutes: tally(report.responseTimeInMinutes),
    waitingTimeInMinutes: tally(report.waitingTimeInMinutes),
    acknowledgeTimeInMinutes: tally(report.acknowledgeTimeInMinutes),
  };
  const parts: StatsPart[] = [{ campus, day: null, counters: campusCounters }];
  if (day) {
    const level = targetLevelOf(threat);
    const target = responseTargetFor(threat);
    const waiting = duration(report.waitingTimeInMinutes, target.assignWithinMinutes);
    const response = duration(report.responseTimeInMinutes, target.respondWithinMinutes);
    parts.push({
      campus,
      day,
      counters: {
        total: 1,
        byStatus,
        byThreatLevel,
        byIncidentType,
        byTag: ones(tagIdsOf(report.tags)),
        waiting: waiting ? { [level]: waiting } : {},
        response: response ? { [level]: response } : {},
      },
    });
  }
  // MTTA is about answering pages: an acknowledgement counts on the day it was given, so a
  // period's figure holds every page acknowledged in it, whatever day the report was filed.
  const acknowledge = untargeted(report.acknowledgeTimeInMinutes);
  const acknowledgedAt = instantMs(report.acknowledgedAt);
  if (acknowledge && acknowledgedAt !== null)
    parts.push({
      campus,
      day: dayInZone(acknowledgedAt, timeZone),
      counters: { acknowledge: { [targetLevelOf(threat)]: acknowledge } },
    });
  return parts;
}

/** `target += sign × source`, every leaf (in place; returns `target`). */
export function addCounters(target: Counters, source: Counters, sign: 1 | -1 = 1): Counters {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === 'number') {
      target[key] = (typeof current === 'number' ? current : 0) + sign * value;
    } else {
      const child = current !== undefined && typeof current === 'object' ? current : {};
      target[key] = addCounters(child, value, sign);
    }
  }
  return target;
}

/** The counters with every zero leaf and empty map left out; null when nothing is left. */
export function pruneCounters(counters: Counters): Counters | null {
  const out: Counters = {};
  for (const [key, value] of Object.entries(counters)) {
    if (typeof value === 'number') {
      if (value !== 0) out[key] = value;
    } else {
      const child = pruneCounters(value);
      if (child) out[key] = child;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The labels of a stored stats doc that are numbers: not counters, never summed. */
const NUMERIC_LABELS = new Set(['shard', 'recentWrites']);

/** The numeric leaves of a stored stats doc (labels and timestamps dropped): its counters. */
export function countersIn(data: unknown): Counters {
  const out: Counters = {};
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (NUMERIC_LABELS.has(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (instantMs(value) !== null) continue;
      out[key] = countersIn(value);
    }
  }
  return out;
}

const docKey = (part: StatsDocKey) => JSON.stringify([part.campus, part.day]);

function accumulate(docs: Map<string, StatsPart>, parts: StatsPart[], sign: 1 | -1): void {
  for (const part of parts) {
    const key = docKey(part);
    let doc = docs.get(key);
    if (!doc) docs.set(key, (doc = { campus: part.campus, day: part.day, counters: {} }));
    addCounters(doc.counters, part.counters, sign);
  }
}

function pruned(docs: Map<string, StatsPart>): StatsPart[] {
  return [...docs.values()].flatMap((doc) => {
    const counters = pruneCounters(doc.counters);
    return counters ? [{ ...doc, counters }] : [];
  });
}

/**
 * The change one report write makes to the stats docs: `after − before` per doc, zeros left
 * out. Empty when the write touched nothing counted (e.g. a description edit). A campus or day
 * move gives −1 to the old docs and +1 to the new ones.
 */
export function incidentStatsDelta(
  before: ReportFields | undefined,
  after: ReportFields | undefined,
  timeZone: string,
): StatsPart[] {
  const docs = new Map<string, StatsPart>();
  accumulate(docs, incidentStatsContribution(after, timeZone), 1);
  accumulate(docs, incidentStatsContribution(before, timeZone), -1);
  return pruned(docs);
}

/** Every stats doc's counters over all reports (the rebuild). */
export function incidentStatsTotals(
  reports: Iterable<ReportFields>,
  timeZone: string,
): StatsPart[] {
  const docs = new Map<string, StatsPart>();
  for (const report of reports) accumulate(docs, incidentStatsContribution(report, timeZone), 1);
  return pruned(docs);
}

/** FNV-1a (32 bits) of a string: cheap, and spreads ids that differ in one character. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The two shards (of `shards`, at least 2) one stats write may go to: distinct, from a hash of
 * the event id, so a retried transaction or a redelivery chooses between the same two.
 */
export function statsShardCandidates(eventId: string, shards: number): [number, number] {
  const hash = fnv1a(eventId);
  const first = hash % shards;
  const second = (first + 1 + (Math.floor(hash / shards) % (shards - 1))) % shards;
  return [first, second];
}

/** How fast a shard's count of recent writes fades: the hotspot window (10 s). */
export const RECENT_WRITES_DECAY_MS = 10_000;

/**
 * A stored shard's recent writes at `nowMs`: its `recentWrites` (stored at its last write, at
 * `updatedAt`) faded exponentially since, so about the writes of the last 10 s. 0 for a missing
 * shard or one written before the count existed.
 */
export function recentWritesOf(data: unknown, nowMs: number): number {
  const shard = (data ?? {}) as { recentWrites?: unknown; updatedAt?: unknown };
  const at = instantMs(shard.updatedAt);
  if (typeof shard.recentWrites !== 'number' || !Number.isFinite(shard.recentWrites) || at === null)
    return 0;
  return shard.recentWrites * Math.exp(-Math.max(0, nowMs - at) / RECENT_WRITES_DECAY_MS);
}

/**
 * Which of two candidate shards to write (0 or 1): the one with fewer recent writes, the first on
 * a tie. Choosing the less loaded of two random shards keeps every shard's writes near the mean
 * instead of the random bunching of one fixed shard ("power of two choices"); the less recently
 * written of two does much less (simulated in the unit test).
 */
export function lessLoaded(recentWrites: [number, number]): 0 | 1 {
  return recentWrites[1] < recentWrites[0] ? 1 : 0;
}
