/**
 * The math of the reporting aggregates (`incident_stats/{campus}/days/{day}`): minute histograms
 * with fixed buckets, percentiles read from them, shares within the response targets, the open
 * backlog by age and the dashboard's periods. The functions build the documents with these
 * helpers and the console reads them back with the same ones, so both agree on every bucket.
 */
import { addDays, daysBetween, isIsoDay } from './dates';

/**
 * Bucket widths in minutes, by range: exact minutes up to 2 h (the values are whole minutes, so
 * no error there), then 5 min up to 8 h, 15 min up to 24 h and 60 min up to 7 days; everything
 * from 7 days on shares one overflow bucket. A percentile read from a bucket is its lower edge,
 * so the error is below the bucket's width: 0 under 2 h, < 5 min under 8 h, < 15 min under 24 h,
 * < 60 min under 7 days. At most 369 buckets, whatever the number of reports.
 */
export const HISTOGRAM_BANDS = [
  { until: 120, width: 1 },
  { until: 480, width: 5 },
  { until: 1440, width: 15 },
  { until: 10_080, width: 60 },
] as const;
/** Minutes from which every value falls in the one overflow bucket. */
export const HISTOGRAM_OVERFLOW = 10_080;

/** Bucket count → reports, keyed by the bucket's lower edge in minutes (sparse). */
export type MinuteHistogram = Record<string, number>;

/** Whether `minutes` is a duration the aggregates count (a finite, non-negative number). */
export function isCountedMinutes(minutes: unknown): minutes is number {
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes >= 0;
}

/** The lower edge of the bucket holding `minutes`. */
export function bucketOf(minutes: number): number {
  if (!isCountedMinutes(minutes)) throw new RangeError(`Not a duration: ${minutes}.`);
  let start = 0;
  for (const band of HISTOGRAM_BANDS) {
    if (minutes < band.until)
      return start + Math.floor((minutes - start) / band.width) * band.width;
    start = band.until;
  }
  return HISTOGRAM_OVERFLOW;
}

/** The (exclusive) upper edge of the bucket whose lower edge is `lower`; Infinity for overflow. */
export function bucketEnd(lower: number): number {
  for (const band of HISTOGRAM_BANDS) if (lower < band.until) return lower + band.width;
  return Infinity;
}

/** The histogram of some durations (values that are not durations are left out). */
export function histogramOf(values: Iterable<unknown>): MinuteHistogram {
  const histogram: MinuteHistogram = {};
  for (const v of values) {
    if (!isCountedMinutes(v)) continue;
    const key = String(bucketOf(v));
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}

/** The sum of some histograms (absent ones count as empty). */
export function mergeHistograms(
  histograms: Iterable<MinuteHistogram | undefined>,
): MinuteHistogram {
  const merged: MinuteHistogram = {};
  for (const h of histograms) {
    for (const [key, n] of Object.entries(h ?? {})) {
      if (n) merged[key] = (merged[key] ?? 0) + n;
    }
  }
  return merged;
}

/** A percentile as read from a histogram: the bucket holding it, `from` ≤ true value < `to`. */
export interface BucketValue {
  from: number;
  to: number;
}

/**
 * The `p`-th percentile (0 < p ≤ 1) by nearest rank: the bucket of the ⌈p·n⌉-th smallest value
 * (the median is the lower middle value of an even count). Null for an empty histogram.
 */
export function percentileOf(histogram: MinuteHistogram, p: number): BucketValue | null {
  if (!(p > 0 && p <= 1)) throw new RangeError(`Percentile must be in (0, 1], got ${p}.`);
  const buckets = Object.entries(histogram)
    .map(([key, n]) => [Number(key), n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const n = buckets.reduce((total, [, count]) => total + count, 0);
  if (n === 0) return null;
  const rank = Math.ceil(p * n);
  let seen = 0;
  for (const [from, count] of buckets) {
    seen += count;
    if (seen >= rank) return { from, to: bucketEnd(from) };
  }
  /* c8 ignore next */
  throw new Error('unreachable: rank within n');
}

/** The `p`-th nearest-rank percentile of plain values (the brute force the histogram matches). */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1]!;
}

/**
 * One duration (waiting or response time) of the reports of one threat level on one day: how
 * many have it, their sum (for the mean), how many are within the level's target and the
 * histogram (for the percentiles).
 */
export interface DurationStats {
  count: number;
  sum: number;
  within: number;
  histogram: MinuteHistogram;
}

export function emptyDurationStats(): DurationStats {
  return { count: 0, sum: 0, within: 0, histogram: {} };
}

/** Several DurationStats as one (e.g. the days of a period, or High and Critical together). */
export function mergeDurationStats(
  list: Iterable<Partial<DurationStats> | undefined>,
): DurationStats {
  const all = [...list].filter((d): d is Partial<DurationStats> => !!d);
  return {
    count: all.reduce((t, d) => t + (d.count ?? 0), 0),
    sum: all.reduce((t, d) => t + (d.sum ?? 0), 0),
    within: all.reduce((t, d) => t + (d.within ?? 0), 0),
    histogram: mergeHistograms(all.map((d) => d.histogram)),
  };
}

/** Within a target means at most the target's minutes. */
export function isWithinTarget(minutes: number, targetMinutes: number): boolean {
  return minutes <= targetMinutes;
}

/** The share (0..1) of `count` that was within target; null when there is nothing to judge. */
export function shareWithin(stats: Pick<DurationStats, 'count' | 'within'>): number | null {
  return stats.count > 0 ? stats.within / stats.count : null;
}

export function meanOf(stats: Pick<DurationStats, 'count' | 'sum'>): number | null {
  return stats.count > 0 ? stats.sum / stats.count : null;
}

/** Age bands of the open backlog, in whole calendar days since the report's day. */
export const BACKLOG_AGES = [
  { label: 'Today', fromDays: 0 },
  { label: '1–2 days', fromDays: 1 },
  { label: '3–6 days', fromDays: 3 },
  { label: '7–29 days', fromDays: 7 },
  { label: '30 days or more', fromDays: 30 },
] as const;

/**
 * Open reports per age band from `openByDay` (report day → open reports, as the campus stats
 * keep it) at `today`, all days in the programme time zone. A day after today (clock skew)
 * counts as today.
 */
export function backlogByAge(
  openByDay: Record<string, number>,
  today: string,
): { label: string; count: number }[] {
  const counts = BACKLOG_AGES.map((band) => ({ label: band.label, count: 0 }));
  for (const [day, n] of Object.entries(openByDay)) {
    if (!isIsoDay(day) || !n) continue;
    const age = Math.max(0, daysBetween(day, today));
    let band = 0;
    BACKLOG_AGES.forEach((b, i) => {
      if (age >= b.fromDays) band = i;
    });
    counts[band]!.count += n;
  }
  return counts;
}

/** The dashboard's period presets. */
export const PERIOD_PRESETS = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  '90d': 'Last 90 days',
  thisYear: 'This year',
} as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;

/** A period of whole days in the programme time zone, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest period the dashboard reads: a year and a day (a leap year's "this year"). */
export const MAX_PERIOD_DAYS = 366;

/** The days of a preset, `today` being the current day in the programme time zone. */
export function presetRange(preset: PeriodPreset, today: string): DayRange {
  const month = today.slice(0, 7);
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${month}-01`, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** A custom period checked: real days, in order, at most MAX_PERIOD_DAYS long. */
export function checkedRange(from: string, to: string): DayRange | { error: string } {
  if (!isIsoDay(from) || !isIsoDay(to)) return { error: 'Both dates must be days (YYYY-MM-DD).' };
  const length = daysBetween(from, to) + 1;
  if (length < 1) return { error: 'The start must not be after the end.' };
  if (length > MAX_PERIOD_DAYS) return { error: `A period is at most ${MAX_PERIOD_DAYS} days.` };
  return { from, to };
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const length = daysBetween(range.from, range.to) + 1;
  if (length < 1 || length > MAX_PERIOD_DAYS) throw new RangeError('A range of 1..366 days.');
  return Array.from({ length }, (_, i) => addDays(range.from, i));
}

/** A duration over some days and threat levels, as the dashboard shows it. */
export interface DurationSummary {
  count: number;
  mean: number | null;
  median: BucketValue | null;
  p90: BucketValue | null;
  within: number;
  share: number | null;
}

export function summarise(stats: DurationStats): DurationSummary {
  return {
    count: stats.count,
    mean: meanOf(stats),
    median: percentileOf(stats.histogram, 0.5),
    p90: percentileOf(stats.histogram, 0.9),
    within: stats.within,
    share: shareWithin(stats),
  };
}

/** What a day doc holds of the durations (any part may be absent). */
export interface DayDurations {
  waiting?: Record<string, Partial<DurationStats> | undefined>;
  response?: Record<string, Partial<DurationStats> | undefined>;
  acknowledge?: Record<string, Partial<DurationStats> | undefined>;
}

/**
 * One duration (`waiting` or `response`) over some day docs and target levels merged, e.g. the
 * response time of High and Critical on North Campus last month: the director's question.
 */
export function durationOver(
  days: Iterable<DayDurations>,
  kind: 'waiting' | 'response' | 'acknowledge',
  levels: readonly string[],
): DurationSummary {
  const parts: (Partial<DurationStats> | undefined)[] = [];
  for (const day of days) for (const level of levels) parts.push(day[kind]?.[level]);
  return summarise(mergeDurationStats(parts));
}
