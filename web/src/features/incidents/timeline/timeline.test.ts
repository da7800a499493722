import { describe, expect, it } from 'vitest';
import type { InternalNote, TimelineEntry } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { actorLabel, mergeTimeline, recentTimeline } from './timeline';

const at = (ms: number) => ({ toMillis: () => ms, toDate: () => new Date(ms) });
const maria = { uid: 'imt-1', name: 'Maria Santos', role: 'IMT' as const };

function entry(id: string, ms: number, kind: TimelineEntry['kind'], detail: string) {
  return { id, at: at(ms), kind, actor: maria, detail } as WithId<TimelineEntry>;
}
function note(id: string, ms: number | null, text: string) {
  return {
    id,
    at: ms === null ? null : at(ms),
    text,
    authorId: 'imt-1',
    authorName: 'Maria Santos',
  } as unknown as WithId<InternalNote>;
}

describe('mergeTimeline', () => {
  it('interleaves notes with the entries by time, an entry before a note of the same instant', () => {
    const items = mergeTimeline(
      [entry('a', 1000, 'reported', 'Fire reported'), entry('b', 3000, 'assigned', 'Assigned')],
      [note('n1', 2000, 'Called back'), note('n2', 3000, 'Guard sent')],
    );
    expect(items.map((i) => i.id)).toEqual(['entry-a', 'note-n1', 'entry-b', 'note-n2']);
    expect(items[1]).toMatchObject({ label: 'Internal note', isNote: true, actor: 'Maria Santos' });
    expect(items[2]).toMatchObject({ label: 'Assigned', actor: 'Maria Santos (IMT)' });
  });

  it('puts a note still waiting for its server time last', () => {
    const items = mergeTimeline(
      [entry('a', 5000, 'responded', 'x')],
      [note('n', null, 'just typed')],
    );
    expect(items.map((i) => i.id)).toEqual(['entry-a', 'note-n']);
  });
});

describe('actorLabel', () => {
  it('names the system for escalations and falls back to the uid when the profile had no name', () => {
    expect(actorLabel(null)).toBe('the system');
    expect(actorLabel({ uid: 'u-9', name: '', role: null })).toBe('account u-9');
  });
});

describe('recentTimeline (issue 17 item 8: nothing cut off silently)', () => {
  it('shows everything when neither page is full', () => {
    const { items, olderHidden } = recentTimeline(
      [entry('a', 1000, 'reported', 'r'), entry('b', 5000, 'declined', 'Declined')],
      [note('n1', 2000, 'x')],
      3,
    );
    expect(items.map((i) => i.id)).toEqual(['entry-a', 'note-n1', 'entry-b']);
    expect(olderHidden).toBe(false);
  });

  it('keeps the newest, an Admin’s decline after 200 notes included, and says older ones exist', () => {
    // The newest 3 notes (of many) and every entry: the decline is shown, older rows are not.
    const notes = [note('n9', 9000, 'x'), note('n8', 8000, 'x'), note('n7', 7000, 'x')];
    const entries = [entry('d', 9500, 'declined', 'Declined'), entry('a', 1000, 'reported', 'r')];
    const { items, olderHidden } = recentTimeline(entries, notes, 3);
    expect(items.map((i) => i.id)).toEqual(['note-n7', 'note-n8', 'note-n9', 'entry-d']);
    expect(olderHidden).toBe(true);
  });
});
