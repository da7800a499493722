/**
 * The incident timeline (issue 11 item 7): what happened to a report, who did it and when, as
 * the server recorded it in `incident_reports/{id}/timeline/{entryId}`; the staff's internal
 * notes (`incident_reports/{id}/internal_notes/{noteId}`) are shown between its entries.
 */
import { LIMITS } from './constants';
import type { TimestampLike } from './entities';
import type { Role } from './roles';
import type { IncidentStatus } from './status';
import { hiddenCharacterProblem } from './text';

export const TIMELINE_KINDS = [
  'reported',
  'assigned',
  'responded',
  'resolved',
  'declined',
  'threat-level',
  'accomplishment',
  'escalated',
  'paged',
  'acknowledged',
  'reassigned',
  'identity-revealed',
  /** A photo, video or audio file was attached (docs/media.md). */
  'media-added',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Who acted, as the server found them: the uid and the name of their `users` document. */
export interface TimelineActor {
  /** Null for the reporter of an anonymous report (model's ANONYMOUS_ACTOR): no one is named. */
  uid: string | null;
  /** `First Last` from the actor's profile at the time; never text the client wrote. */
  name: string;
  role: Role | null;
}

/** `incident_reports/{id}/timeline/{entryId}`: written only by the functions. */
export interface TimelineEntry<T = TimestampLike> {
  kind: TimelineKind;
  /** When the write that made it happen was committed. */
  at: T;
  /** Null for what the system did by itself (escalation). */
  actor: TimelineActor | null;
  /** The status the report reached, for status moves. */
  status?: IncidentStatus;
  /** One line saying what changed ("Assigned to …", "Threat level Low → High", a reason). */
  detail: string;
}

/** `incident_reports/{id}/internal_notes/{noteId}`: staff-only; author and time checked by the rules. */
export interface InternalNote<T = TimestampLike> {
  text: string;
  authorId: string;
  /** The author's staff-directory name (the rules check it against `staff_directory`). */
  authorName: string;
  at: T;
}

/**
 * The line a status move's entry shows. One home for the functions, which write it, and the
 * seed, which writes the history the functions would have.
 */
export function statusEntryDetail(
  status: IncidentStatus,
  facts: {
    incidentType?: unknown;
    campus?: unknown;
    assigneeName?: string | null;
    declineReason?: unknown;
  },
): string {
  switch (status) {
    case 'Reported':
      return `${String(facts.incidentType ?? 'Incident')} reported at ${String(facts.campus ?? 'an unknown campus')}`;
    case 'Processing':
      return `Assigned to ${facts.assigneeName || 'the safety team'}`;
    case 'Responded':
      return 'Marked as responded';
    case 'Resolved':
      return 'Resolved by an accomplishment report';
    case 'Declined':
      return `Declined: ${String(facts.declineReason ?? 'no reason given')}`;
  }
}

/** Why a note's text cannot be stored, or null when it can (trimmed by the caller). */
export function internalNoteProblem(text: string): string | null {
  if (text.length === 0) return 'Note is required.';
  if (text.length > LIMITS.internalNote)
    return `Note must be at most ${LIMITS.internalNote} characters.`;
  return hiddenCharacterProblem(text, 'Note', { multiline: true });
}

/**
 * `incident_reports/{id}/record_counts/{kind}`: how many internal notes, or accomplishment creates
 * and edits, the report holds (issue 17 finding 8). Written by staff in the same transaction as
 * the counted write: the rules require `count` to grow by exactly one, up to its limit, and
 * `lastId` to name that write.
 */
export interface RecordCount {
  count: number;
  lastId: string;
}

/** The records counted per report, each with its limit. */
export const RECORD_COUNT_LIMITS = {
  internal_notes: LIMITS.internalNotesPerReport,
  accomplishment_reports: LIMITS.accomplishmentWritesPerReport,
  messages: LIMITS.messagesPerReport,
} as const;
export type CountedRecord = keyof typeof RECORD_COUNT_LIMITS;

/** What staff are told when a report's bound is reached (the rules refuse the write). */
export function recordLimitMessage(kind: CountedRecord): string {
  const limit = RECORD_COUNT_LIMITS[kind];
  return kind === 'internal_notes'
    ? `This report already has ${limit} internal notes, the most one report can hold. No more notes can be added.`
    : kind === 'messages'
      ? `This conversation already has ${limit} messages, the most one conversation can hold. No more messages can be sent.`
      : `Accomplishment reports on this report have been filed or edited ${limit} times, the most one report allows. No more changes can be saved.`;
}
