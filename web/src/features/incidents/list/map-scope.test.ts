import { describe, expect, it } from 'vitest';
import { CAMPUSES } from '@campus-safety/model';
import { campusesInScope } from './map-scope';

describe('campus areas on the reports map', () => {
  it('IMT: its own campus, whatever the filter', () => {
    expect(campusesInScope('IMT', 'North Campus', 'Main Campus')).toEqual(['North Campus']);
  });
  it('Admin: the filtered campus, else every campus', () => {
    expect(campusesInScope('Admin', null, 'Riverside Campus')).toEqual(['Riverside Campus']);
    expect(campusesInScope('Admin', null, '')).toEqual([...CAMPUSES]);
    expect(campusesInScope('Admin', null, 'Bogus')).toEqual([...CAMPUSES]);
  });
});
