import {
  INCIDENT_STATUSES,
  STATUS_LABELS,
  TARGET_LEVELS,
  RESPONSE_TARGETS,
  backlogByAge,
  daysBetween,
  daysOf,
  durationOver,
  type BucketValue,
  type Campus,
  type DayRange,
  type DurationSummary,
  type TargetLevel,
} from '@campus-safety/model';
import type { CampusStats } from '../../data/incident-stats';
import type { DayStats } from '../../data/incident-day-stats';
import { formatMinutes } from '../../lib/format';

/** A table behind a chart: what the screen shows as a table and what its CSV holds. */
export interface FigureTable {
  columns: string[];
  rows: (string | number | null)[][];
}

/** One point of the time axis: a day, or a month when the period is long. */
export interface TimePoint {
  key: string;
  label: string;
  days: string[];
}

/** Up to this many days the time axis has one point per day; longer periods go by month. */
export const DAILY_UP_TO_DAYS = 92;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}`;
const monthLabel = (month: string) =>
  `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export function timeAxis(range: DayRange): TimePoint[] {
  const days = daysOf(range);
  if (days.length <= DAILY_UP_TO_DAYS)
    return days.map((day) => ({ key: day, label: dayLabel(day), days: [day] }));
  const months = new Map<string, string[]>();
  for (const day of days) {
    const month = day.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), day]);
  }
  return [...months].map(([month, list]) => ({ key: month, label: monthLabel(month), days: list }));
}

/** A percentile for a chart: the bucket's lower edge (the stated error is below its width). */
const lowerEdge = (value: BucketValue | null) => (value ? value.from : null);

/**
 * A percentile as one value, as the chart draws it: exact minutes under 2 hours, above that its
 * bucket's lower edge (the last bucket is open: "… or more").
 */
export function formatPercentile(value: BucketValue | null): string {
  if (!value) return '—';
  if (value.to === Infinity) return `${formatMinutes(value.from)} or more`;
  return formatMinutes(value.from);
}

/**
 * The top of a time chart's axis when a few outliers would flatten every other point (the
 * largest value over three times the 90th percentile of the values): half again the 90th
 * percentile, rounded up to 10 minutes; the outliers then run off the top. Null: no outlier, the
 * chart's own scale shows everything.
 */
export function chartCeiling(values: readonly unknown[]): number | null {
  const sorted = values
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  if (sorted.length < 4) return null;
  const p90 = sorted[Math.floor(0.9 * (sorted.length - 1))]!;
  if (sorted.at(-1)! <= 3 * p90) return null;
  return Math.ceil((p90 * 1.5) / 10) * 10;
}

/** A share as a percentage with one decimal (null: nothing to judge). */
export const share = (s: number | null) => (s === null ? null : Math.round(s * 1000) / 10);

export interface LevelTargets {
  level: string;
  assignWithinMinutes: number | null;
  respondWithinMinutes: number | null;
  waiting: DurationSummary;
  response: DurationSummary;
}

export interface PeriodFigures {
  total: number;
  averageResponseMinutes: number | null;
  averageWaitingMinutes: number | null;
  /**
   * MTTA: the mean time from assignment to the assignee's acknowledgement, over the reports
   * acknowledged (self-assigned ones are acknowledged untimed and do not count).
   */
  averageAcknowledgeMinutes: number | null;
  axis: TimePoint[];
  byStatus: Record<string, number | string>[];
  byCampus: Record<string, number | string>[];
  campuses: string[];
  times: Record<string, number | string | null>[];
  targets: LevelTargets[];
  backlog: { label: string; count: number }[];
  topTypes: { label: string; count: number }[];
  topTags: { label: string; count: number }[];
}

/** How many types and tags the "top" charts list. */
export const TOP_COUNT = 10;
/** Critical and High together: the director's question. */
export const URGENT_LEVELS: readonly TargetLevel[] = ['Critical', 'High'];

function top(days: DayStats[], pick: (d: DayStats) => Record<string, number> | undefined) {
  const totals = new Map<string, number>();
  for (const d of days)
    for (const [key, n] of Object.entries(pick(d) ?? {}))
      totals.set(key, (totals.get(key) ?? 0) + n);
  return [...totals]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_COUNT)
    .map(([label, count]) => ({ label, count }));
}

/**
 * The dashboard's figures from the day docs of the period in scope and the campus docs (for the
 * open backlog, which is about now rather than the period). Pure, so it is tested without
 * Firestore.
 */
export function periodFigures(input: {
  days: DayStats[];
  campusStats: CampusStats[];
  range: DayRange;
  today: string;
  /** The campuses shown separately (Admin, all campuses), by their current names; none otherwise. */
  campuses: readonly Campus[];
}): PeriodFigures {
  const { range } = input;
  const days = input.days.filter(
    (d) => typeof d.day === 'string' && d.day >= range.from && d.day <= range.to,
  );
  const axis = timeAxis(range);
  const onPoint = (point: TimePoint) => days.filter((d) => point.days.includes(d.day!));
  const sum = (list: DayStats[], pick: (d: DayStats) => number | undefined) =>
    list.reduce((t, d) => t + (pick(d) ?? 0), 0);
  const all = [...TARGET_LEVELS];
  const response = durationOver(days, 'response', all);
  const waiting = durationOver(days, 'waiting', all);
  const level = (name: string, levels: readonly string[]): LevelTargets => {
    const target = RESPONSE_TARGETS[name as TargetLevel] as
      (typeof RESPONSE_TARGETS)[TargetLevel] | undefined;
    return {
      level: name,
      assignWithinMinutes: target?.assignWithinMinutes ?? null,
      respondWithinMinutes: target?.respondWithinMinutes ?? null,
      waiting: durationOver(days, 'waiting', levels),
      response: durationOver(days, 'response', levels),
    };
  };
  const openByDay: Record<string, number> = {};
  for (const s of input.campusStats)
    for (const [day, n] of Object.entries(s.openByDay ?? {}))
      openByDay[day] = (openByDay[day] ?? 0) + n;

  return {
    total: sum(days, (d) => d.total),
    averageResponseMinutes: response.mean,
    averageWaitingMinutes: waiting.mean,
    averageAcknowledgeMinutes: durationOver(days, 'acknowledge', all).mean,
    axis,
    byStatus: axis.map((point) => {
      const list = onPoint(point);
      return Object.fromEntries([
        ['label', point.label],
        ...INCIDENT_STATUSES.map((s) => [STATUS_LABELS[s], sum(list, (d) => d.byStatus?.[s])]),
      ]);
    }),
    campuses: input.campuses.map((c) => c.name),
    byCampus: axis.map((point) => {
      const list = onPoint(point);
      return Object.fromEntries([
        ['label', point.label],
        ...input.campuses.map((c) => [c.name, sum(list, (d) => (d.campus === c.id ? d.total : 0))]),
      ]);
    }),
    times: axis.map((point) => {
      const list = onPoint(point);
      const w = durationOver(list, 'waiting', all);
      const r = durationOver(list, 'response', all);
      return {
        label: point.label,
        'Median waiting': lowerEdge(w.median),
        'P90 waiting': lowerEdge(w.p90),
        'Median response': lowerEdge(r.median),
        'P90 response': lowerEdge(r.p90),
      };
    }),
    targets: [
      ...TARGET_LEVELS.map((l) => level(l, [l])),
      level('High and Critical', URGENT_LEVELS),
    ],
    backlog: backlogByAge(openByDay, input.today),
    topTypes: top(days, (d) => d.byIncidentType),
    topTags: top(days, (d) => d.byTag),
  };
}

/** The tables behind the charts (also their CSV files). */
export function figureTables(f: PeriodFigures) {
  const series = (rows: Record<string, unknown>[], keys: string[]): FigureTable => ({
    columns: ['Period', ...keys],
    rows: rows.map((r) => [String(r.label), ...keys.map((k) => (r[k] as number | null) ?? null)]),
  });
  const statusKeys = INCIDENT_STATUSES.map((s) => STATUS_LABELS[s]);
  const counted = (list: { label: string; count: number }[], what: string): FigureTable => ({
    columns: [what, 'Reports'],
    rows: list.map((r) => [r.label, r.count]),
  });
  return {
    byStatus: series(f.byStatus, statusKeys),
    byCampus: series(f.byCampus, f.campuses),
    times: {
      columns: [
        'Period',
        'Median waiting (min)',
        'P90 waiting (min)',
        'Median response (min)',
        'P90 response (min)',
      ],
      rows: f.times.map((r) => [
        String(r.label),
        r['Median waiting'] ?? null,
        r['P90 waiting'] ?? null,
        r['Median response'] ?? null,
        r['P90 response'] ?? null,
      ]),
    } satisfies FigureTable,
    targets: {
      columns: [
        'Threat level',
        'Assign target',
        'Assigned',
        'Assigned within target',
        'Assigned within target (%)',
        'Respond target',
        'Responded',
        'Responded within target',
        'Responded within target (%)',
        'Median response',
        'P90 response',
        'Average response',
      ],
      rows: f.targets.map((t) => [
        t.level,
        t.assignWithinMinutes === null ? 'per level' : formatMinutes(t.assignWithinMinutes),
        t.waiting.count,
        t.waiting.within,
        share(t.waiting.share),
        t.respondWithinMinutes === null ? 'per level' : formatMinutes(t.respondWithinMinutes),
        t.response.count,
        t.response.within,
        share(t.response.share),
        formatPercentile(t.response.median),
        formatPercentile(t.response.p90),
        formatMinutes(t.response.mean),
      ]),
    } satisfies FigureTable,
    backlog: counted(f.backlog, 'Age'),
    topTypes: counted(f.topTypes, 'Incident type'),
    topTags: counted(f.topTags, 'Tag'),
  };
}

export type FigureTables = ReturnType<typeof figureTables>;

/** Days in a range (shown in the header). */
export const rangeLength = (range: DayRange) => daysBetween(range.from, range.to) + 1;
