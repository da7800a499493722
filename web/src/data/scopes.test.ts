import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { accomplishmentScope, campusesInScope, staffCampuses } from './scopes';

const ALL = ['main', 'north', 'riverside'];

describe('accomplishment list scope', () => {
  it('Admin by archived flag; IMT own campus and live only; reporters none', () => {
    expect(accomplishmentScope('Admin', null, true)).toEqual([
      { field: 'isArchived', op: '==', value: true },
    ]);
    expect(accomplishmentScope('IMT', 'main', true)).toEqual([
      { field: 'report.campus', op: '==', value: 'main' },
      { field: 'isArchived', op: '==', value: false },
    ]);
    expect(accomplishmentScope('User', null, false)).toBeNull();
  });
});

describe('the campuses a screen covers', () => {
  it('IMT: its own campus, whatever the filter', () => {
    expect(campusesInScope('IMT', 'north', 'main', DEMO_CAMPUSES)).toEqual(['north']);
    expect(campusesInScope('IMT', 'moon', 'main', DEMO_CAMPUSES)).toEqual([]);
  });
  it('Admin: the filtered campus, else every campus', () => {
    expect(campusesInScope('Admin', null, 'riverside', DEMO_CAMPUSES)).toEqual(['riverside']);
    expect(campusesInScope('Admin', null, '', DEMO_CAMPUSES)).toEqual(ALL);
    expect(campusesInScope('Admin', null, null, DEMO_CAMPUSES)).toEqual(ALL);
    expect(campusesInScope('Admin', null, 'Bogus', DEMO_CAMPUSES)).toEqual(ALL);
  });
  it('anyone else: the filtered campus, else none', () => {
    expect(campusesInScope('User', null, 'main', DEMO_CAMPUSES)).toEqual(['main']);
    expect(campusesInScope('User', null, '', DEMO_CAMPUSES)).toEqual([]);
  });
  it('Admin keeps a retired campus in view; an IMT of a campus no longer saved sees none', () => {
    const retired = DEMO_CAMPUSES.map((c) => ({ ...c, retired: c.id === 'north' }));
    expect(staffCampuses('Admin', null, retired)).toEqual(ALL);
    expect(staffCampuses('IMT', 'north', retired)).toEqual(['north']);
    expect(staffCampuses('IMT', 'north', [])).toEqual([]);
    expect(staffCampuses('User', 'north', DEMO_CAMPUSES)).toEqual([]);
  });
});
