import { describe, expect, it } from 'vitest';
import { reporterLines } from './lines';

const ts = (iso: string) => ({ toDate: () => new Date(iso), toMillis: () => Date.parse(iso) });

describe('reporterLines', () => {
  it('shows the newest page oldest first: own messages as You, staff by the server-written name', () => {
    const lines = reporterLines([
      {
        id: 'm3',
        text: 'On my way',
        authorRole: 'staff',
        authorUid: 's1',
        sentAt: ts('2026-11-01T08:03:00Z'),
      },
      {
        id: 'm2',
        text: 'Yes, I am safe',
        authorRole: 'reporter',
        sentAt: ts('2026-11-01T08:02:00Z'),
      },
      {
        id: 'm1',
        text: 'Are you safe right now?',
        authorRole: 'staff',
        authorUid: 's1',
        authorName: 'Maria Santos',
        sentAt: ts('2026-11-01T08:01:00Z'),
      },
    ]);
    expect(lines.map((l) => [l.id, l.author, l.mine])).toEqual([
      ['m1', 'Maria Santos', false],
      ['m2', 'You', true],
      ['m3', 'Campus Safety', false],
    ]);
  });

  it('marks the messages this device holds until the server confirms them', () => {
    const lines = reporterLines(
      [
        { id: 'm2', text: 'Offline', authorRole: 'reporter', sentAt: ts('2026-11-01T08:02:00Z') },
        { id: 'm1', text: 'Earlier', authorRole: 'reporter', sentAt: ts('2026-11-01T08:01:00Z') },
      ],
      new Set(['m2']),
    );
    expect(lines.map((l) => [l.id, l.held])).toEqual([
      ['m1', false],
      ['m2', true],
    ]);
  });
});
