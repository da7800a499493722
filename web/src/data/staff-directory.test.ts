import { describe, expect, it } from 'vitest';
import { staffScope } from './scopes';
import { byFirstName, canBeAssigned } from './staff-directory';

describe('assignee choices', () => {
  it('IMT lists only the directory entries of its campus, as the rules require', () => {
    expect(staffScope('IMT', 'north')).toEqual([{ field: 'campus', op: '==', value: 'north' }]);
  });

  it('Admins list the whole directory (it holds live staff only)', () => {
    expect(staffScope('Admin', null)).toEqual([]);
  });

  it('an IMT member can take reports of their own campus only; Admins any', () => {
    expect(canBeAssigned({ role: 'IMT', campus: 'north' }, 'north')).toBe(true);
    expect(canBeAssigned({ role: 'IMT', campus: 'main' }, 'north')).toBe(false);
    expect(canBeAssigned({ role: 'Admin', campus: null }, 'north')).toBe(true);
    expect(canBeAssigned({ role: 'User', campus: 'north' }, 'north')).toBe(false);
  });

  it('lists people by lower-case first name', () => {
    const people = [{ firstNameLowerCase: 'maria' }, { firstNameLowerCase: 'ana' }];
    expect([...people].sort(byFirstName).map((p) => p.firstNameLowerCase)).toEqual([
      'ana',
      'maria',
    ]);
  });
});
