import { describe, expect, it } from 'vitest';
import { CAMPUSES } from '@campus-safety/model';
import { accomplishmentScope, campusesInScope } from './scopes';

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
    expect(campusesInScope('IMT', 'north', 'main')).toEqual(['north']);
  });
  it('Admin: the filtered campus, else every campus', () => {
    expect(campusesInScope('Admin', null, 'riverside')).toEqual(['riverside']);
    expect(campusesInScope('Admin', null, '')).toEqual([...CAMPUSES]);
    expect(campusesInScope('Admin', null, null)).toEqual([...CAMPUSES]);
    expect(campusesInScope('Admin', null, 'Bogus')).toEqual([...CAMPUSES]);
  });
  it('anyone else: the filtered campus, else none', () => {
    expect(campusesInScope('User', null, 'main')).toEqual(['main']);
    expect(campusesInScope('User', null, '')).toEqual([]);
  });
});
