import { describe, expect, it } from 'vitest';
import { dashboardCountSpecs, trendDays } from './dashboard-spec';

const now = new Date(2026, 5, 15, 13, 30);

describe('dashboard aggregations', () => {
  it('counts each status, campus and threat level inside the Admin scope, plus 30 days', () => {
    const specs = dashboardCountSpecs(
      { role: 'Admin', uid: 'a', campus: null, archived: false },
      now,
    );
    expect(specs.filter((s) => s.group === 'status').map((s) => s.label)).toEqual([
      'Reported',
      'Processing',
      'Responded',
      'Resolved',
      'Declined',
    ]);
    expect(specs.filter((s) => s.group === 'campus')).toHaveLength(3);
    expect(specs.filter((s) => s.group === 'threat')).toHaveLength(4);
    expect(specs.filter((s) => s.group === 'day')).toHaveLength(30);
    for (const spec of specs)
      expect(spec.wheres[0]).toEqual({ field: 'isArchived', op: '==', value: false });
  });

  it('keeps IMT to its campus and skips the campus breakdown', () => {
    const specs = dashboardCountSpecs(
      { role: 'IMT', uid: 'i', campus: 'North Campus', archived: false },
      now,
    );
    expect(specs.some((s) => s.group === 'campus')).toBe(false);
    for (const spec of specs)
      expect(spec.wheres[0]).toEqual({ field: 'nearestCampus', op: '==', value: 'North Campus' });
  });

  it('trend days run from 29 days ago to today, each a whole day', () => {
    const days = trendDays(now);
    expect(days[0]).toEqual(new Date(2026, 4, 17));
    expect(days[29]).toEqual(new Date(2026, 5, 15));
    const today = dashboardCountSpecs(
      { role: 'Admin', uid: 'a', campus: null, archived: false },
      now,
    ).at(-1)!;
    expect(today.wheres.slice(1)).toEqual([
      { field: 'timestamp', op: '>=', value: new Date(2026, 5, 15) },
      { field: 'timestamp', op: '<', value: new Date(2026, 5, 16) },
    ]);
  });
});
