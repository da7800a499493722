import { describe, expect, it } from 'vitest';
import { validateAssign, validateDecline, validateReassign } from './forms';

describe('assignment form', () => {
  it('needs a known staff member and a threat level', () => {
    expect(validateAssign({ assigneeId: '', threatLevel: '', tags: [] }, ['s1'])).toEqual({
      assigneeId: 'Choose who handles this report.',
      threatLevel: 'Choose a threat level.',
      tags: undefined,
    });
    expect(
      validateAssign({ assigneeId: 'ghost', threatLevel: 'High', tags: [] }, ['s1']).assigneeId,
    ).toBe('Choose who handles this report.');
    expect(validateAssign({ assigneeId: 's1', threatLevel: 'High', tags: ['a'] }, ['s1'])).toEqual({
      assigneeId: undefined,
      threatLevel: undefined,
      tags: undefined,
    });
  });

  it('limits the number of tags', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(validateAssign({ assigneeId: 's1', threatLevel: 'Low', tags }, ['s1']).tags).toBe(
      'Choose at most 20 tags.',
    );
  });
});

describe('decline form', () => {
  it('rejects reasons outside the list and blank descriptions', () => {
    expect(validateDecline({ reason: 'Because', description: '   ' }, ['Duplicate'])).toEqual({
      reason: 'Choose a reason.',
      description: 'Description is required.',
    });
    expect(
      validateDecline({ reason: 'Duplicate', description: 'Seen' }, ['Duplicate']).reason,
    ).toBe(undefined);
  });
});

describe('reassign form', () => {
  it('needs someone other than the current assignee, and a reason within the limit', () => {
    const staff = ['a', 'b'];
    expect(validateReassign({ assigneeId: 'b', reason: 'Off shift' }, staff, 'a')).toEqual({
      assigneeId: undefined,
      reason: undefined,
    });
    expect(validateReassign({ assigneeId: 'a', reason: 'x' }, staff, 'a').assigneeId).toBe(
      'Choose someone other than the current assignee.',
    );
    expect(validateReassign({ assigneeId: '', reason: 'x' }, staff, 'a').assigneeId).toBe(
      'Choose who takes over this report.',
    );
    expect(validateReassign({ assigneeId: 'b', reason: '  ' }, staff, 'a').reason).toBe(
      'Reason is required.',
    );
    expect(validateReassign({ assigneeId: 'b', reason: 'x'.repeat(501) }, staff, 'a').reason).toBe(
      'Reason must be at most 500 characters.',
    );
  });
});
