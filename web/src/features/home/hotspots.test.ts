import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import type { DayStats } from '../../data/incident-day-stats';
import { staffCampuses } from '../../data/scopes';
import { hotspotCounts, hotspotRange } from './hotspots';

describe('hotspots', () => {
  const days: DayStats[] = [
    { campus: 'main', day: '2026-11-23', total: 2 },
    { campus: 'main', day: '2026-11-17', total: 3 },
    { campus: 'north', day: '2026-11-20', total: 1 },
  ];

  it('sums each campus over the day docs read, zero for a campus without any', () => {
    expect(hotspotCounts(days, staffCampuses('Admin', null, DEMO_CAMPUSES))).toEqual([
      { campus: 'main', count: 5 },
      { campus: 'north', count: 1 },
      { campus: 'riverside', count: 0 },
    ]);
  });

  it('covers the last 7, 30 or 90 days, today included', () => {
    expect(hotspotRange('7d', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(hotspotRange('90d', '2026-11-23')).toEqual({ from: '2026-08-26', to: '2026-11-23' });
  });

  it("follows the role's scope", () => {
    expect(staffCampuses('IMT', 'north', DEMO_CAMPUSES)).toEqual(['north']);
    expect(staffCampuses('IMT', 'Nowhere', DEMO_CAMPUSES)).toEqual([]);
    expect(staffCampuses('User', null, DEMO_CAMPUSES)).toEqual([]);
  });
});
