import { describe, expect, it } from 'vitest';
import type { CampusStats } from '../../data/incident-stats';
import { hotspotCampuses, hotspotCounts } from './hotspots';

const now = new Date('2026-11-23T10:00:00Z');

describe('hotspots', () => {
  const stats: CampusStats[] = [
    {
      campus: 'Main Campus',
      byDay: { '2026-11-23': 2, '2026-11-17': 3, '2026-11-16': 5, '2026-10-01': 7 },
    },
    { campus: 'North Campus', byDay: { '2026-11-20': 1 } },
  ];

  it('sums each campus over the chosen period, zero for a campus without a stats doc', () => {
    const campuses = hotspotCampuses('Admin', null);
    expect(hotspotCounts(stats, campuses, 7, now)).toEqual([
      { campus: 'Main Campus', count: 5 },
      { campus: 'North Campus', count: 1 },
      { campus: 'Riverside Campus', count: 0 },
    ]);
    expect(hotspotCounts(stats, campuses, 90, now)[0]).toEqual({
      campus: 'Main Campus',
      count: 17,
    });
  });

  it("follows the role's scope", () => {
    expect(hotspotCampuses('IMT', 'North Campus')).toEqual(['North Campus']);
    expect(hotspotCampuses('IMT', 'Nowhere')).toEqual([]);
    expect(hotspotCampuses('User', null)).toEqual([]);
  });

  it('refuses a period the stats do not keep', () => {
    expect(() => hotspotCounts(stats, ['Main Campus'], 91, now)).toThrow(RangeError);
    expect(() => hotspotCounts(stats, ['Main Campus'], 0, now)).toThrow(RangeError);
    expect(() => hotspotCounts(stats, ['Main Campus'], 1.5, now)).toThrow(RangeError);
  });
});
