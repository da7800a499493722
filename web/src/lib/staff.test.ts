import { describe, expect, it } from 'vitest';
import { canBeAssigned, staffScope } from './staff';

describe('assignee choices', () => {
  it('IMT lists only live IMT colleagues of its campus, as the rules require', () => {
    expect(staffScope('IMT', 'North Campus')).toEqual([
      { field: 'role', op: '==', value: 'IMT' },
      { field: 'campus', op: '==', value: 'North Campus' },
      { field: 'isArchived', op: '==', value: false },
    ]);
  });

  it('Admins list all live staff', () => {
    expect(staffScope('Admin', null)).toEqual([
      { field: 'role', op: 'in', value: ['Admin', 'IMT'] },
      { field: 'isArchived', op: '==', value: false },
    ]);
  });

  it('an IMT member can take reports of their own campus only; Admins any', () => {
    expect(canBeAssigned({ role: 'IMT', campus: 'North Campus' }, 'North Campus')).toBe(true);
    expect(canBeAssigned({ role: 'IMT', campus: 'Main Campus' }, 'North Campus')).toBe(false);
    expect(canBeAssigned({ role: 'Admin', campus: null }, 'North Campus')).toBe(true);
    expect(canBeAssigned({ role: 'User', campus: 'North Campus' }, 'North Campus')).toBe(false);
  });
});
