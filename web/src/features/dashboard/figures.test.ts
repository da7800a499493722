import { describe, expect, it } from 'vitest';
import { histogramOf } from '@campus-safety/model';
import type { DayStats } from '../../data/incident-day-stats';
import { figureTables, periodFigures, timeAxis } from './figures';

const duration = (values: number[], target: number) => ({
  count: values.length,
  sum: values.reduce((a, b) => a + b, 0),
  within: values.filter((v) => v <= target).length,
  histogram: histogramOf(values),
});

const days: DayStats[] = [
  {
    campus: 'North Campus',
    day: '2026-10-01',
    total: 3,
    byStatus: { Responded: 2, Reported: 1 },
    byIncidentType: { Fire: 2, Theft: 1 },
    byTag: { night: 2 },
    response: { High: duration([20, 45], 30), Critical: duration([10], 15) },
    waiting: { High: duration([5, 12], 10) },
  },
  {
    campus: 'Main Campus',
    day: '2026-10-31',
    total: 2,
    byStatus: { Resolved: 2 },
    byIncidentType: { Theft: 2 },
    response: { High: duration([300], 30) },
  },
  // Outside the period: never counted.
  { campus: 'North Campus', day: '2026-11-01', total: 9, byIncidentType: { Fire: 9 } },
];
const october = { from: '2026-10-01', to: '2026-10-31' };

describe('dashboard figures from day docs', () => {
  it('counts the period only, per status and per campus on each day', () => {
    const f = periodFigures({
      days,
      campusStats: [],
      range: october,
      today: '2026-11-23',
      campuses: ['Main Campus', 'North Campus'],
    });
    expect(f.total).toBe(5);
    expect(f.axis).toHaveLength(31);
    expect(f.byStatus[0]).toMatchObject({ label: 'Oct 1', 'Incident Reported': 1, Responded: 2 });
    expect(f.byCampus[30]).toEqual({ label: 'Oct 31', 'Main Campus': 2, 'North Campus': 0 });
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
    expect(row.slice(6, 11)).toEqual([4, 2, 50, '20 min', '5 h 00 min to 5 h 05 min']);
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
        { campus: 'Main Campus', openByDay: { '2026-11-23': 2, '2026-11-01': 1 } },
        { campus: 'North Campus', openByDay: { '2026-11-22': 4 } },
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
