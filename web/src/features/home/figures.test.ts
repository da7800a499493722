import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import type { CampusStats } from '../../data/incident-stats';
import { homeFigures } from './figures';

const main: CampusStats = {
  campus: 'main',
  total: 5,
  byStatus: { Reported: 3, Processing: 1, Resolved: 1 },
  byThreatLevel: { High: 1, Unassessed: 4 },
  byIncidentType: { Fire: 5 },
  responseTimeInMinutes: { sum: 30, count: 1 },
  waitingTimeInMinutes: { sum: 20, count: 2 },
};
const north: CampusStats = {
  campus: 'north',
  total: 2,
  byStatus: { Reported: 1, Declined: 1 },
  byThreatLevel: { Low: 1, Unassessed: 1 },
  responseTimeInMinutes: { sum: 90, count: 2 },
};
const count = (rows: { label: string; count: number }[], label: string) =>
  rows.find((r) => r.label === label)?.count;

describe('dashboard figures from the campus stats docs', () => {
  it('adds up statuses, campuses and threat levels over every campus doc (Admin)', () => {
    const f = homeFigures([main, north], true, DEMO_CAMPUSES);
    expect(f.total).toBe(7);
    expect(f.byStatus).toEqual([
      { label: 'Reported', count: 4 },
      { label: 'Processing', count: 1 },
      { label: 'Responded', count: 0 },
      { label: 'Resolved', count: 1 },
      { label: 'Declined', count: 1 },
    ]);
    expect(f.byCampus).toEqual([
      { label: 'Main Campus', count: 5 },
      { label: 'North Campus', count: 2 },
      { label: 'Riverside Campus', count: 0 },
    ]);
    expect(f.byThreatLevel.map((r) => r.label)).toEqual([
      'Low',
      'Moderate',
      'High',
      'Critical',
      'Unrated',
    ]);
    expect(count(f.byThreatLevel, 'Unrated')).toBe(5);
    expect(count(f.byThreatLevel, 'Low')).toBe(1);
  });

  it('averages are means over the reports that have the value, across campuses', () => {
    const f = homeFigures([main, north], true, DEMO_CAMPUSES);
    expect(f.averageResponseMinutes).toBe(40); // (30 + 90) / 3
    expect(f.averageWaitingMinutes).toBe(10); // 20 / 2; North has none
    const none = homeFigures([{ campus: 'main', total: 1 }], true, DEMO_CAMPUSES);
    expect(none.averageResponseMinutes).toBeNull();
  });

  it('one campus (IMT) has no campus breakdown; no doc yet means zeros', () => {
    const f = homeFigures([north], false, DEMO_CAMPUSES);
    expect(f.byCampus).toEqual([]);
    expect(f.total).toBe(2);
    const empty = homeFigures([], false, DEMO_CAMPUSES);
    expect(empty.total).toBe(0);
    expect(empty.byStatus.every((r) => r.count === 0)).toBe(true);
  });

  it('a campus outside the known list is still shown, by its id', () => {
    const f = homeFigures([{ campus: 'annex', total: 3 }], true, DEMO_CAMPUSES);
    expect(count(f.byCampus, 'annex')).toBe(3);
  });

  it('a renamed campus is shown by its current name', () => {
    const renamed = DEMO_CAMPUSES.map((c) => (c.id === 'north' ? { ...c, name: 'Novaliches' } : c));
    const f = homeFigures([main, north], true, renamed);
    expect(count(f.byCampus, 'Novaliches')).toBe(2);
    expect(count(f.byCampus, 'North Campus')).toBeUndefined();
  });

  it("sums a campus's shards, negative counts included, into one row (issue 22)", () => {
    const shards: CampusStats[] = [
      { campus: 'annex', total: 2, byStatus: { Reported: 2 } },
      { campus: 'annex', byStatus: { Reported: -1, Resolved: 1 } },
      { ...main, total: 4 },
      { campus: 'main', total: 1 },
    ];
    const f = homeFigures(shards, true, DEMO_CAMPUSES);
    expect(f.byCampus.filter((r) => r.label === 'annex')).toEqual([{ label: 'annex', count: 2 }]);
    expect(f.byCampus.filter((r) => r.label === 'Main Campus')).toEqual([
      { label: 'Main Campus', count: 5 },
    ]);
    expect(count(f.byStatus, 'Reported')).toBe(4);
    expect(count(f.byStatus, 'Resolved')).toBe(2);
  });
});
