import { describe, expect, it } from 'vitest';
import type { DayStats } from '../../data/incident-day-stats';
import { staffCampuses } from '../../data/scopes';
import { hotspotCounts, hotspotRange } from './hotspots';

describe('hotspots', () => {
  const days: DayStats[] = [
    { campus: 'Main Campus', day: '2026-11-23', total: 2 },
    { campus: 'Main Campus', day: '2026-11-17', total: 3 },
    { campus: 'North Campus', day: '2026-11-20', total: 1 },
  ];

  it('sums each campus over the day docs read, zero for a campus without any', () => {
    expect(hotspotCounts(days, staffCampuses('Admin', null))).toEqual([
      { campus: 'Main Campus', count: 5 },
      { campus: 'North Campus', count: 1 },
      { campus: 'Riverside Campus', count: 0 },
    ]);
  });

  it('covers the last 7, 30 or 90 days, today included', () => {
    expect(hotspotRange('7d', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(hotspotRange('90d', '2026-11-23')).toEqual({ from: '2026-08-26', to: '2026-11-23' });
  });

  it("follows the role's scope", () => {
    expect(staffCampuses('IMT', 'North Campus')).toEqual(['North Campus']);
    expect(staffCampuses('IMT', 'Nowhere')).toEqual([]);
    expect(staffCampuses('User', null)).toEqual([]);
  });
});
