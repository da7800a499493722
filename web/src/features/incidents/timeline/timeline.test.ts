import { describe, expect, it } from 'vitest';
import type { InternalNote, TimelineEntry } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { actorLabel, mergeTimeline } from './timeline';

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
