/**
 * A conversation: messages between a person and the staff who may see their record, in
 * `{parent}/messages/{messageId}` under an incident (issue 19 item 1, its reporter) or an emergency
 * (issue 32 item 1, the person who pressed SOS). One shape, one set of bounds for both: a message
 * is written once and never changed by its author (a correction is a new message); the server adds
 * a staff author's name from their profile. The rules bound the text, the messages per
 * conversation (`{parent}/record_counts/messages`) and each author's pace
 * (`{parent}/message_pace/{uid}`).
 */
import { COLLECTIONS } from './collections';
import { LIMITS } from './constants';
import type { TimestampLike } from './entities';
import { hiddenCharacterProblem } from './text';

/** The records that hold a conversation, by the collection of its parent document. */
export const CONVERSATION_PARENTS = {
  incident: COLLECTIONS.incidentReports,
  emergency: COLLECTIONS.emergencies,
} as const;
export type ConversationKind = keyof typeof CONVERSATION_PARENTS;

/**
 * `reporter` is the person side (an incident's reporter, an emergency's person), `staff` the
 * staff who may see the record (the rules derive which from the caller).
 */
export const MESSAGE_AUTHOR_ROLES = ['reporter', 'staff'] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];

/** `{incident_reports | emergencies}/{id}/messages/{messageId}`. */
export interface ConversationMessage<T = TimestampLike> {
  text: string;
  /**
   * The writer's uid (the rules require the caller's); absent on a message of an anonymous
   * report's reporter, whom no staff-readable field names (docs/anonymity.md).
   */
  authorUid?: string;
  /** Which side wrote it: the incident's reporter, or its staff (the rules check which). */
  authorRole: MessageAuthorRole;
  /** The commit time (the rules require request.time). */
  sentAt: T;
  /**
   * Added by the delivery trigger: the author's `First Last` from their users doc (staff), never
   * text a client wrote; absent until the trigger ran.
   */
  authorName?: string;
  /**
   * Media of the same incident shown with the message (at most LIMITS.mediaPerMessage ids of
   * `incident_reports/{id}/media`); readers show only those that exist and are ready.
   */
  mediaIds?: string[];
}

/** A message of an incident's conversation (the same shape as an emergency's). */
export type IncidentMessage<T = TimestampLike> = ConversationMessage<T>;

/**
 * `{parent}/message_pace/{uid}`: one author's messages in the current window, written
 * with each message in the same transaction; the rules hold `sent` to LIMITS.messagesPerWindow
 * within LIMITS.messageWindowMinutes of `windowStart`, and start a new window after it.
 */
export interface MessagePace<T = TimestampLike> {
  windowStart: T;
  sent: number;
  /** The message this write came with (the rules check it is being created). */
  lastId: string;
}

/** The pace an author's next message leaves: the same window one more, or a new window. */
export function nextMessagePace(
  current: { windowStart: number; sent: number } | null,
  now: number,
): { sameWindow: boolean; sent: number } | 'too-fast' {
  const open = current !== null && now < current.windowStart + LIMITS.messageWindowMinutes * 60_000;
  if (!open) return { sameWindow: false, sent: 1 };
  if (current.sent >= LIMITS.messagesPerWindow) return 'too-fast';
  return { sameWindow: true, sent: current.sent + 1 };
}

/** What a sender is told when the pace is reached (the rules refuse the write). */
export const MESSAGE_PACE_MESSAGE = `You have sent ${LIMITS.messagesPerWindow} messages in this conversation in the last ${LIMITS.messageWindowMinutes} minutes. Wait a few minutes before sending more.`;

/** Why a message's text cannot be sent, or null when it can (trimmed by the caller). */
export function messageTextProblem(text: string): string | null {
  if (text.length === 0) return 'Message is required.';
  if (text.length > LIMITS.message) return `Message must be at most ${LIMITS.message} characters.`;
  return hiddenCharacterProblem(text, 'Message', { multiline: true });
}

/**
 * What staff reading the conversation writes on the incident (IncidentReport.unreadFromReporter,
 * .reporterReplied): nothing unread. The rules allow staff exactly this change.
 */
export const CONVERSATION_READ = { unreadFromReporter: 0, reporterReplied: false } as const;

/** The default quick questions (settings/quick_questions until an Admin edits them). */
export const DEFAULT_QUICK_QUESTIONS = [
  'Are you safe right now?',
  'Can you describe the person?',
  'Which way did they go?',
  'Is anyone hurt?',
  'Are you still at the location?',
  'Help is on the way. Stay where you are if it is safe.',
] as const;

/** `settings/quick_questions`: the one-click messages staff send, edited by Admins. */
export const QUICK_QUESTIONS_SETTINGS = { id: 'quick_questions' } as const;
export interface QuickQuestionSettings {
  questions: string[];
}

/** Why a list of quick questions cannot be saved, or null. */
export function quickQuestionsProblem(questions: readonly string[]): string | null {
  if (questions.length === 0) return 'Add at least one quick question.';
  if (questions.length > LIMITS.quickQuestions)
    return `At most ${LIMITS.quickQuestions} quick questions.`;
  for (const q of questions) {
    if (q.trim().length === 0) return 'A quick question cannot be empty.';
    if (q.length > LIMITS.quickQuestion)
      return `Each quick question must be at most ${LIMITS.quickQuestion} characters.`;
    const hidden = hiddenCharacterProblem(q, 'A quick question');
    if (hidden) return hidden;
  }
  if (new Set(questions).size !== questions.length) return 'Each quick question must be different.';
  return null;
}
