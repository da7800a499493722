import { describe, expect, it } from 'vitest';
import { histogramOf } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import type { DayStats } from '../../data/incident-day-stats';
import { chartCeiling, figureTables, formatPercentile, periodFigures, timeAxis } from './figures';

const duration = (values: number[], target: number) => ({
  count: values.length,
  sum: values.reduce((a, b) => a + b, 0),
  within: values.filter((v) => v <= target).length,
  histogram: histogramOf(values),
});

const days: DayStats[] = [
  {
    campus: 'north',
    day: '2026-10-01',
    total: 3,
    byStatus: { Responded: 2, Reported: 1 },
    byIncidentType: { Fire: 2, Theft: 1 },
    byTag: { night: 2 },
    response: { High: duration([20, 45], 30), Critical: duration([10], 15) },
    waiting: { High: duration([5, 12], 10) },
    acknowledge: { High: { count: 2, sum: 6, histogram: histogramOf([2, 4]) } },
  },
  {
    campus: 'main',
    day: '2026-10-31',
    total: 2,
    byStatus: { Resolved: 2 },
    byIncidentType: { Theft: 2 },
    response: { High: duration([300], 30) },
    acknowledge: { Critical: { count: 1, sum: 9, histogram: histogramOf([9]) } },
  },
  // Outside the period: never counted.
  { campus: 'north', day: '2026-11-01', total: 9, byIncidentType: { Fire: 9 } },
];
const october = { from: '2026-10-01', to: '2026-10-31' };

describe('dashboard figures from day docs', () => {
  it('MTTA: the mean time to acknowledge over every level and day of the period', () => {
    const f = periodFigures({
      days,
      campusStats: [],
      range: october,
      today: '2026-10-31',
      campuses: [],
    });
    expect(f.averageAcknowledgeMinutes).toBe(5); // (6 + 9) / 3
    const none = periodFigures({
      days: [],
      campusStats: [],
      range: october,
      today: '2026-10-31',
      campuses: [],
    });
    expect(none.averageAcknowledgeMinutes).toBeNull();
  });

  it('counts the period only, per status and per campus on each day', () => {
    const f = periodFigures({
      days,
      campusStats: [],
      range: october,
      today: '2026-11-23',
      campuses: DEMO_CAMPUSES.filter((c) => c.id !== 'riverside'),
    });
    expect(f.total).toBe(5);
    expect(f.axis).toHaveLength(31);
    expect(f.byStatus[0]).toMatchObject({ label: 'Oct 1', 'Incident Reported': 1, Responded: 2 });
    // The series are the campuses' names.
    expect(f.campuses).toEqual(['Main Campus', 'North Campus']);
    expect(f.byCampus[30]).toEqual({ label: 'Oct 31', 'Main Campus': 2, 'North Campus': 0 });
    expect(f.byCampus[0]).toEqual({ label: 'Oct 1', 'Main Campus': 0, 'North Campus': 3 });
    expect(f.topTypes).toEqual([
      { label: 'Theft', count: 3 },
      { label: 'Fire', count: 2 },
    ]);
    expect(f.topTags).toEqual([{ label: 'night', count: 2 }]);
  });

  it('answers the director: High and Critical response median, p90 and within target', () => {
    const f = periodFigures({
      days,
      campusStats: [],
      range: october,
      today: '2026-11-23',
      campuses: [],
    });
    const urgent = f.targets.find((t) => t.level === 'High and Critical')!;
    // 10, 20, 45, 300: median (lower middle) 20, p90 300 (in the 5-minute bucket 300..305).
    expect(urgent.response).toMatchObject({
      count: 4,
      within: 2,
      share: 0.5,
      median: { from: 20, to: 21 },
      p90: { from: 300, to: 305 },
      mean: 93.75,
    });
    const high = f.targets.find((t) => t.level === 'High')!;
    expect(high.respondWithinMinutes).toBe(30);
    expect(high.waiting).toMatchObject({ count: 2, within: 1 });
    expect(f.averageResponseMinutes).toBe(93.75);
    const row = figureTables(f).targets.rows.find((r) => r[0] === 'High and Critical')!;
    // One value each, as the chart draws it (the bucket's lower edge), not a range.
    expect(row.slice(6, 11)).toEqual([4, 2, 50, '20 min', '5 h 00 min']);
  });

  it('a narrower range changes the figures (one day only)', () => {
    const f = periodFigures({
      days,
      campusStats: [],
      range: { from: '2026-10-31', to: '2026-10-31' },
      today: '2026-11-23',
      campuses: [],
    });
    expect(f.total).toBe(2);
    expect(f.targets.find((t) => t.level === 'Critical')!.response.count).toBe(0);
  });

  it('the open backlog sums the campus docs by age, whatever the period', () => {
    const f = periodFigures({
      days: [],
      campusStats: [
        { campus: 'main', openByDay: { '2026-11-23': 2, '2026-11-01': 1 } },
        { campus: 'north', openByDay: { '2026-11-22': 4 } },
      ],
      range: october,
      today: '2026-11-23',
      campuses: [],
    });
    expect(f.backlog.map((b) => b.count)).toEqual([2, 4, 0, 1, 0]);
  });

  it('long periods go by month', () => {
    const axis = timeAxis({ from: '2026-01-01', to: '2026-11-23' });
    expect(axis).toHaveLength(11);
    expect(axis[1]).toMatchObject({ key: '2026-02', label: 'Feb 2026' });
    expect(axis[1]!.days).toHaveLength(28);
  });
});

describe('percentiles and the time chart scale', () => {
  it('a percentile reads as one value; the open last bucket says "or more"', () => {
    expect(formatPercentile({ from: 45, to: 46 })).toBe('45 min');
    expect(formatPercentile({ from: 300, to: 305 })).toBe('5 h 00 min');
    expect(formatPercentile({ from: 1440, to: Infinity })).toBe('24 h 00 min or more');
    expect(formatPercentile(null)).toBe('—');
  });

  it('one outlier does not flatten the chart: the axis stops above the rest', () => {
    // A month of waits of 5 to 40 minutes and one report that waited two days.
    const days = Array.from({ length: 30 }, (_, i) => 5 + (i % 8) * 5);
    const ceiling = chartCeiling([...days, 2880, null]);
    expect(ceiling).not.toBeNull();
    expect(ceiling!).toBeGreaterThanOrEqual(40);
    expect(ceiling!).toBeLessThan(100);
  });

  it('no outlier, no ceiling: the chart shows everything at its own scale', () => {
    expect(chartCeiling([10, 20, 30, 40, 50, 60])).toBeNull();
    expect(chartCeiling([5, 3000])).toBeNull();
  });
});
