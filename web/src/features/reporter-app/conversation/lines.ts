import type { IncidentMessage } from '@campus-safety/model';
import type { MessageLine } from '../../../components/MessageList';
import type { WithId } from '../../../data/spec';

/** A message as the reporter reads it: "You", or the staff member's name as the server wrote it. */
export interface ReporterLine extends MessageLine {
  mine: boolean;
  /** The reporter's own message, held on this device until the server confirms it. */
  held: boolean;
}

/**
 * The conversation as the reporter reads it, oldest first (the spec reads the newest page): their
 * own messages as "You"; a staff message by the name the server took from the author's profile
 * (never text a client wrote), "Campus Safety" until the server added it. `heldIds`: messages
 * this device wrote that the server has not confirmed yet.
 */
export function reporterLines(
  newestFirst: readonly WithId<IncidentMessage>[],
  heldIds: ReadonlySet<string> = new Set(),
): ReporterLine[] {
  return [...newestFirst].reverse().map((m) => {
    const mine = m.authorRole === 'reporter';
    return {
      id: m.id,
      author: mine ? 'You' : m.authorName || 'Campus Safety',
      mine,
      held: heldIds.has(m.id),
      sentAt: m.sentAt,
      text: m.text,
    };
  });
}
