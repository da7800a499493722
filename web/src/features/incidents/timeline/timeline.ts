import type {
  InternalNote,
  TimelineActor,
  TimelineEntry,
  TimelineKind,
  TimestampLike,
} from '@campus-safety/model';
import type { WithId } from '../../../data/spec';

export const KIND_LABELS: Record<TimelineKind, string> = {
  reported: 'Incident Reported',
  assigned: 'Assigned',
  responded: 'Responded',
  resolved: 'Resolved',
  declined: 'Declined',
  'threat-level': 'Threat level',
  accomplishment: 'Accomplishment report',
  escalated: 'Escalated',
  paged: 'Assignee paged',
  acknowledged: 'Acknowledged',
  'identity-revealed': 'Reporter identity revealed',
  'media-added': 'Media added',
  reassigned: 'Reassigned',
};

/** One line of the detail's and the printout's timeline: a server entry or an internal note. */
export interface TimelineItem {
  id: string;
  at: TimestampLike | null;
  label: string;
  detail: string;
  /** Who acted, as a sentence part: "Ana Cruz (IMT)", or "the system". */
  actor: string;
  isNote: boolean;
}

export function actorLabel(actor: TimelineActor | null): string {
  if (!actor) return 'the system';
  const name = actor.name || `account ${actor.uid}`;
  return actor.role ? `${name} (${actor.role})` : name;
}

function millis(at: TimestampLike | null | undefined): number {
  // A note just written has no server time yet: it sorts last, where it will land.
  return at ? at.toMillis() : Number.MAX_SAFE_INTEGER;
}

/** Server entries and notes, interleaved by time (entries first on a tie: they caused the note). */
export function mergeTimeline(
  entries: readonly WithId<TimelineEntry>[],
  notes: readonly WithId<InternalNote>[],
): TimelineItem[] {
  const items = [
    ...entries.map((e) => ({
      id: `entry-${e.id}`,
      at: e.at ?? null,
      label: KIND_LABELS[e.kind] ?? e.kind,
      detail: e.detail,
      actor: actorLabel(e.actor),
      isNote: false,
    })),
    ...notes.map((n) => ({
      id: `note-${n.id}`,
      at: n.at ?? null,
      label: 'Internal note',
      detail: n.text,
      actor: n.authorName,
      isNote: true,
    })),
  ];
  // Entries written by one action share their time: the document id orders them as Firestore
  // does, whichever direction they were read in (the detail reads newest first).
  return items.sort(
    (a, b) =>
      millis(a.at) - millis(b.at) ||
      Number(a.isNote) - Number(b.isNote) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The newest part of a timeline read as two newest-first pages of `limit` (entries, notes),
 * shown oldest first. When a page is full, what lies before its oldest row is unknown, so items
 * older than that are left out too (else a note could appear with the entries around it
 * missing) and `olderHidden` says more exists: the detail view offers "Show older" instead of
 * silently cutting the history off (issue 17 item 8).
 */
export function recentTimeline(
  entries: readonly WithId<TimelineEntry>[],
  notes: readonly WithId<InternalNote>[],
  limit: number,
): { items: TimelineItem[]; olderHidden: boolean } {
  const oldestOfFull = (rows: readonly { at?: TimestampLike | null }[]) =>
    rows.length >= limit ? Math.min(...rows.map((r) => millis(r.at))) : -Infinity;
  const cutoff = Math.max(oldestOfFull(entries), oldestOfFull(notes));
  const items = mergeTimeline(entries, notes);
  return {
    items: items.filter((item) => millis(item.at) >= cutoff),
    olderHidden: cutoff > -Infinity,
  };
}
