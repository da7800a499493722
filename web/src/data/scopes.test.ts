import { describe, expect, it } from 'vitest';
import { accomplishmentScope } from './scopes';

describe('accomplishment list scope', () => {
  it('Admin by archived flag; IMT own campus and live only; reporters none', () => {
    expect(accomplishmentScope('Admin', null, true)).toEqual([
      { field: 'isArchived', op: '==', value: true },
    ]);
    expect(accomplishmentScope('IMT', 'Main Campus', true)).toEqual([
      { field: 'report.campus', op: '==', value: 'Main Campus' },
      { field: 'isArchived', op: '==', value: false },
    ]);
    expect(accomplishmentScope('User', null, false)).toBeNull();
  });
});
