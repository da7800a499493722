import { describe, expect, it } from 'vitest';
import type { IncidentMessage } from '@campus-safety/model';
import { conversationCsv, conversationLines } from './conversation-lines';

const at = (ms: number) => ({ toMillis: () => ms, toDate: () => new Date(ms) });
const message = (
  id: string,
  fields: Partial<IncidentMessage> & Pick<IncidentMessage, 'authorUid' | 'authorRole'>,
) => ({ id, text: `text ${id}`, sentAt: at(Number(id.slice(1))), ...fields }) as never;

describe('conversationLines', () => {
  it('shows the newest page oldest first, naming staff by the server-written profile name', () => {
    const lines = conversationLines(
      [
        message('m3', { authorUid: 'imt-2', authorRole: 'staff' }),
        message('m2', { authorUid: 'rep', authorRole: 'reporter' }),
        message('m1', { authorUid: 'imt-1', authorRole: 'staff', authorName: 'Ian Mercado' }),
      ],
      'me',
    );
    expect(lines.map((l) => [l.id, l.author, l.fromReporter])).toEqual([
      ['m1', 'Ian Mercado', false],
      ['m2', 'Reporter', true],
      // Not named by the server yet.
      ['m3', 'Staff member', false],
    ]);
  });

  it("names the person side as the caller says: an emergency's person by their name", () => {
    const [line] = conversationLines(
      [message('m1', { authorUid: 'p', authorRole: 'reporter' })],
      'me',
      'Jamie Dela Cruz',
    );
    expect([line!.author, line!.fromReporter]).toEqual(['Jamie Dela Cruz', true]);
  });

  it("says You for the reader's own messages, and keeps the reporter's text as written", () => {
    const [own, reply] = conversationLines(
      [
        message('m2', {
          authorUid: 'rep',
          authorRole: 'reporter',
          text: '<img src=x onerror=alert(1)>',
        }),
        message('m1', { authorUid: 'me', authorRole: 'staff', authorName: 'Ana Cruz' }),
      ],
      'me',
    );
    expect(own!.author).toBe('You (Ana Cruz)');
    expect(reply!.text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('conversationCsv', () => {
  it('exports each message with its time in the programme zone, its author and its text, formulas defused', () => {
    const lines = conversationLines(
      [
        message('m1700000060000', {
          authorUid: 'rep',
          authorRole: 'reporter',
          text: '=HYPERLINK("x")',
        }),
        message('m1700000000000', {
          authorUid: 'imt-1',
          authorRole: 'staff',
          authorName: 'Ian Mercado',
        }),
      ],
      'me',
    );
    const csv = conversationCsv(lines, 'Asia/Manila');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFSent at (Asia/Manila),From,Message',
      '2023-11-15 06:13:20,Ian Mercado,text m1700000000000',
      `2023-11-15 06:14:20,Reporter,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});
