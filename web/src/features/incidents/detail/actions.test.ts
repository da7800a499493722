import { describe, expect, it } from 'vitest';
import { availableActions, canAssignToSelf, needsMyAcknowledgement } from './actions';

const live = (status: Parameters<typeof availableActions>[0]['status']) => ({
  status,
  isArchived: false,
});

describe('status actions per status and role', () => {
  it('a new report can be assigned or declined; no accomplishment report before someone handles it', () => {
    expect(availableActions(live('Reported'), 'IMT')).toEqual(['assign', 'decline']);
  });

  it('a report being processed can be reassigned, responded to, accomplished or declined', () => {
    expect(availableActions(live('Processing'), 'IMT')).toEqual([
      'reassign',
      'respond',
      'accomplish',
      'decline',
    ]);
  });

  it('a responded report is resolved only through an accomplishment report', () => {
    expect(availableActions(live('Responded'), 'IMT')).toEqual(['accomplish', 'decline']);
  });

  it('only an Admin may reveal who filed an anonymous report, live or archived', () => {
    const anonymous = { ...live('Resolved'), anonymous: true };
    expect(availableActions(anonymous, 'Admin')).toEqual(['archive', 'reveal']);
    expect(availableActions({ ...anonymous, isArchived: true }, 'Admin')).toEqual([
      'restore',
      'reveal',
    ]);
    expect(availableActions(anonymous, 'IMT')).toEqual([]);
    expect(availableActions(live('Resolved'), 'Admin')).not.toContain('reveal');
  });

  it('nothing leaves Resolved or Declined except archiving (Admin)', () => {
    expect(availableActions(live('Resolved'), 'IMT')).toEqual([]);
    expect(availableActions(live('Declined'), 'IMT')).toEqual([]);
    expect(availableActions(live('Resolved'), 'Admin')).toEqual(['archive']);
  });

  it('only Admins archive and restore', () => {
    expect(availableActions(live('Reported'), 'Admin')).toContain('archive');
    expect(availableActions({ status: 'Processing', isArchived: true }, 'Admin')).toEqual([
      'restore',
    ]);
    expect(availableActions({ status: 'Processing', isArchived: true }, 'IMT')).toEqual([]);
  });

  it('reporters and unknown roles only read', () => {
    expect(availableActions(live('Reported'), 'User')).toEqual([]);
    expect(availableActions(live('Reported'), null)).toEqual([]);
  });
});

describe('Assign to me', () => {
  const me = (role: 'Admin' | 'IMT' | 'User', campus: string | null) => ({ role, campus });
  const report = (
    status: Parameters<typeof availableActions>[0]['status'],
    isArchived = false,
  ) => ({
    status,
    isArchived,
    nearestCampus: 'main',
  });

  it('is offered on an unassigned live report to its campus IMT and to Admins', () => {
    expect(canAssignToSelf(report('Reported'), me('IMT', 'main'))).toBe(true);
    expect(canAssignToSelf(report('Reported'), me('Admin', null))).toBe(true);
  });

  it('is not offered once assigned, when closed or archived, nor to other campuses or reporters', () => {
    for (const status of ['Processing', 'Responded', 'Resolved', 'Declined'] as const)
      expect(canAssignToSelf(report(status), me('IMT', 'main'))).toBe(false);
    expect(canAssignToSelf(report('Reported', true), me('Admin', null))).toBe(false);
    expect(canAssignToSelf(report('Reported'), me('IMT', 'north'))).toBe(false);
    expect(canAssignToSelf(report('Reported'), me('User', null))).toBe(false);
    expect(canAssignToSelf(report('Reported'), null)).toBe(false);
  });
});

describe('acknowledging an assignment', () => {
  const mine = { ...live('Processing'), assignedTo: { id: 'me' }, acknowledgedAt: null };
  it('is asked of the assignee of a report in progress that nobody acknowledged yet', () => {
    expect(needsMyAcknowledgement(mine, 'me')).toBe(true);
  });
  it('is not asked of anyone else, nor once acknowledged, nor of a report no longer in progress', () => {
    expect(needsMyAcknowledgement(mine, 'someone-else')).toBe(false);
    expect(needsMyAcknowledgement(mine, null)).toBe(false);
    expect(needsMyAcknowledgement({ ...mine, acknowledgedAt: { seconds: 1 } }, 'me')).toBe(false);
    expect(needsMyAcknowledgement({ ...mine, status: 'Responded' }, 'me')).toBe(false);
    expect(needsMyAcknowledgement({ ...mine, isArchived: true }, 'me')).toBe(false);
  });
});
