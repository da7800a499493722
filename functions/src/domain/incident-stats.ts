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
    const acknowledge = untargeted(report.acknowledgeTimeInMinutes);
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
        acknowledge: acknowledge ? { [level]: acknowledge } : {},
      },
    });
  }
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

/** The numeric leaves of a stored stats doc (labels and timestamps dropped): its counters. */
export function countersIn(data: unknown): Counters {
  const out: Counters = {};
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
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
