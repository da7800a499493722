import { describe, expect, it } from 'vitest';
import { availableActions } from './actions';

const live = (status: Parameters<typeof availableActions>[0]['status']) => ({
  status,
  isArchived: false,
});

describe('status actions per status and role', () => {
  it('a new report can be assigned, accomplished or declined', () => {
    expect(availableActions(live('Reported'), 'IMT')).toEqual(['assign', 'accomplish', 'decline']);
  });

  it('a report being processed can be responded to, accomplished or declined', () => {
    expect(availableActions(live('Processing'), 'IMT')).toEqual([
      'respond',
      'accomplish',
      'decline',
    ]);
  });

  it('a responded report is resolved only through an accomplishment report', () => {
    expect(availableActions(live('Responded'), 'IMT')).toEqual(['accomplish', 'decline']);
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
