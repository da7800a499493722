import {
  INCIDENT_STATS_DAYS,
  THREAT_LEVELS,
  isOneOf,
  UNASSESSED_THREAT_LEVEL,
  type MinutesTally,
} from '@campus-safety/model';

/** The counters of one campus's `incident_stats` doc (everything but `campus` and `updatedAt`). */
export interface StatsCounters {
  total: number;
  byStatus: Record<string, number>;
  byThreatLevel: Record<string, number>;
  byIncidentType: Record<string, number>;
  byDay: Record<string, number>;
  responseTimeInMinutes: MinutesTally;
  waitingTimeInMinutes: MinutesTally;
}

/** What one report adds to the stats doc of its campus. */
export interface StatsContribution {
  campus: string;
  counters: StatsCounters;
}

/** The fields of a report the stats depend on (any value: the data is not trusted here). */
export interface ReportFields {
  nearestCampus?: unknown;
  isArchived?: unknown;
  status?: unknown;
  threatLevel?: unknown;
  incidentType?: unknown;
  timestamp?: unknown;
  responseTimeInMinutes?: unknown;
  waitingTimeInMinutes?: unknown;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant in UTC: the `byDay` key. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The oldest `byDay` key still kept at `now` (INCIDENT_STATS_DAYS days, today included). */
export function oldestKeptDay(now: Date): string {
  return utcDay(now.getTime() - (INCIDENT_STATS_DAYS - 1) * DAY_MS);
}

function instantMs(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  if (typeof toDate === 'function') return (toDate.call(value) as Date).getTime();
  return null;
}

function tally(value: unknown): MinutesTally {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? { sum: value, count: 1 }
    : { sum: 0, count: 0 };
}

function label(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What a report counts for, or null when it counts for nothing: it does not exist, is archived
 * (archive/restore moves it out of and back into the stats) or names no campus. A threat level
 * outside THREAT_LEVELS (none yet) counts as Unassessed; `byDay` holds the report only while its
 * day is within the kept window at `now`.
 */
export function incidentStatsContribution(
  report: ReportFields | undefined,
  now: Date,
): StatsContribution | null {
  if (!report || report.isArchived === true) return null;
  const campus = label(report.nearestCampus);
  if (!campus) return null;
  const counters = emptyCounters();
  counters.total = 1;
  const status = label(report.status);
  if (status) counters.byStatus[status] = 1;
  const threat = label(report.threatLevel);
  const level = isOneOf(THREAT_LEVELS, threat) ? threat : null;
  counters.byThreatLevel[level ?? UNASSESSED_THREAT_LEVEL] = 1;
  const type = label(report.incidentType);
  if (type) counters.byIncidentType[type] = 1;
  const at = instantMs(report.timestamp);
  if (at !== null && utcDay(at) >= oldestKeptDay(now)) counters.byDay[utcDay(at)] = 1;
  counters.responseTimeInMinutes = tally(report.responseTimeInMinutes);
  counters.waitingTimeInMinutes = tally(report.waitingTimeInMinutes);
  return { campus, counters };
}

export function emptyCounters(): StatsCounters {
  return {
    total: 0,
    byStatus: {},
    byThreatLevel: {},
    byIncidentType: {},
    byDay: {},
    responseTimeInMinutes: { sum: 0, count: 0 },
    waitingTimeInMinutes: { sum: 0, count: 0 },
  };
}

const MAPS = ['byStatus', 'byThreatLevel', 'byIncidentType', 'byDay'] as const;
const TALLIES = ['responseTimeInMinutes', 'waitingTimeInMinutes'] as const;

/** Adds `sign` × `source` into `target` (in place). */
function addCounters(target: StatsCounters, source: StatsCounters, sign: 1 | -1): void {
  target.total += sign * source.total;
  for (const map of MAPS) {
    for (const [key, n] of Object.entries(source[map]))
      target[map][key] = (target[map][key] ?? 0) + sign * n;
  }
  for (const t of TALLIES) {
    target[t].sum += sign * source[t].sum;
    target[t].count += sign * source[t].count;
  }
}

function accumulate(
  byCampus: Map<string, StatsCounters>,
  contribution: StatsContribution | null,
  sign: 1 | -1,
): void {
  if (!contribution) return;
  let counters = byCampus.get(contribution.campus);
  if (!counters) byCampus.set(contribution.campus, (counters = emptyCounters()));
  addCounters(counters, contribution.counters, sign);
}

/** The counters with every zero left out: the increments worth writing. */
function nonZero(counters: StatsCounters): Partial<StatsCounters> | null {
  const out: Partial<StatsCounters> = {};
  if (counters.total !== 0) out.total = counters.total;
  for (const map of MAPS) {
    const entries = Object.entries(counters[map]).filter(([, n]) => n !== 0);
    if (entries.length > 0) out[map] = Object.fromEntries(entries);
  }
  for (const t of TALLIES) {
    if (counters[t].sum !== 0 || counters[t].count !== 0) out[t] = { ...counters[t] };
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The change one report write makes to the stats, per campus: `after − before`, zeros left out.
 * Empty when the write touched nothing the stats count (e.g. a description edit). A campus move
 * gives −1 to the old campus and +1 to the new one.
 */
export function incidentStatsDelta(
  before: ReportFields | undefined,
  after: ReportFields | undefined,
  now: Date,
): Map<string, Partial<StatsCounters>> {
  const byCampus = new Map<string, StatsCounters>();
  accumulate(byCampus, incidentStatsContribution(after, now), 1);
  accumulate(byCampus, incidentStatsContribution(before, now), -1);
  const deltas = new Map<string, Partial<StatsCounters>>();
  for (const [campus, counters] of byCampus) {
    const changed = nonZero(counters);
    if (changed) deltas.set(campus, changed);
  }
  return deltas;
}

/** Every campus's counters over all reports (the rebuild). */
export function incidentStatsTotals(
  reports: Iterable<ReportFields>,
  now: Date,
): Map<string, StatsCounters> {
  const totals = new Map<string, StatsCounters>();
  for (const report of reports) accumulate(totals, incidentStatsContribution(report, now), 1);
  return totals;
}
