import type { ConversationMessage } from '@campus-safety/model';
import type { WithId } from '../data/spec';
import { csvTime, toCsv } from '../lib/csv';

export interface ConversationLine {
  id: string;
  /** Who wrote it, as the reader should see it. */
  author: string;
  fromReporter: boolean;
  sentAt: ConversationMessage['sentAt'];
  /** The text as written: shown as text, never as markup. */
  text: string;
  /** Media ids the message carries (shown only where they are ready media of the report). */
  mediaIds: readonly unknown[];
}

/**
 * The conversation as the console shows it: oldest first (the spec reads the newest page), each
 * message named by the server-written profile name of its staff author ("Staff member" until the
 * server added it), the person side's as `person` ("Reporter" on a report); the caller's own as
 * "You".
 */
export function conversationLines(
  newestFirst: readonly WithId<ConversationMessage>[],
  me: string | null,
  person = 'Reporter',
): ConversationLine[] {
  return [...newestFirst].reverse().map((m) => ({
    id: m.id,
    author:
      m.authorRole === 'reporter'
        ? person
        : m.authorUid === me
          ? `You${m.authorName ? ` (${m.authorName})` : ''}`
          : m.authorName || 'Staff member',
    fromReporter: m.authorRole === 'reporter',
    sentAt: m.sentAt,
    text: m.text,
    mediaIds: Array.isArray(m.mediaIds) ? m.mediaIds : [],
  }));
}

/** Whose messages the console marks as the other side's: the reporter's. */
export const fromReporter = (line: ConversationLine) => line.fromReporter;

/** The conversation's export: one row per message, oldest first; times in `timeZone`. */
export function conversationCsv(lines: readonly ConversationLine[], timeZone: string): string {
  return toCsv(
    [`Sent at (${timeZone})`, 'From', 'Message'],
    lines.map((line) => [csvTime(line.sentAt, timeZone), line.author, line.text]),
  );
}
