import {
  COLLECTIONS,
  CONVERSATION_PARENTS,
  CONVERSATION_READ,
  DEFAULT_QUICK_QUESTIONS,
  LIMITS,
  MESSAGE_PACE_MESSAGE,
  QUICK_QUESTIONS_SETTINGS,
  nextMessagePace,
  type ConversationKind,
  type ConversationMessage,
  type MessagePace,
  type QuickQuestionSettings,
} from '@campus-safety/model';
import { Timestamp } from 'firebase/firestore';
import { callerUid } from '../lib/auth';
import {
  createDocument,
  createQueuedCounted,
  entityConverter,
  newDocumentId,
  serverTime,
  updateDocument,
  writeCounted,
} from './firestore';
import type { DocSpec, QuerySpec } from './spec';

const messageConverter = entityConverter<ConversationMessage>();

/** Messages a conversation shows at first, and adds with each "Show older". */
export const CONVERSATION_PAGE = 50;

/** A conversation: the record it lives under, a report or an emergency (one shape, one set of rules). */
export interface Thread {
  kind: ConversationKind;
  id: string;
}

export const incidentThread = (id: string): Thread => ({ kind: 'incident', id });
export const emergencyThread = (id: string): Thread => ({ kind: 'emergency', id });

function parentPath(thread: Thread) {
  return [CONVERSATION_PARENTS[thread.kind], thread.id] as const;
}

function messagesPath(thread: Thread) {
  return [...parentPath(thread), COLLECTIONS.messages] as const;
}

function pacePath(thread: Thread, uid: string) {
  return [...parentPath(thread), COLLECTIONS.messagePace, uid] as const;
}

/** The newest `limit` messages of one conversation (the screen shows them oldest first). */
export function recentMessagesSpec(thread: Thread, limit: number): QuerySpec<ConversationMessage> {
  return {
    path: messagesPath(thread),
    converter: messageConverter,
    wheres: [],
    orderBy: { field: 'sentAt', direction: 'desc' },
    limit,
  };
}

/** Every message of one conversation, oldest first (the printed report; the bound keeps it small). */
export function wholeConversationSpec(thread: Thread): QuerySpec<ConversationMessage> {
  return {
    path: messagesPath(thread),
    converter: messageConverter,
    wheres: [],
    orderBy: { field: 'sentAt', direction: 'asc' },
    limit: LIMITS.messagesPerReport,
  };
}

/** The pace doc's time as milliseconds, whatever shape it was read in. */
function millisOf(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null;
}

/**
 * Who writes a message: staff, the named reporter, or the reporter of an anonymous report, whose
 * message carries no uid (the rules require it absent; docs/anonymity.md).
 */
export type MessageAuthor = 'staff' | 'reporter' | 'anonymous-reporter';

/** A message's fields as its author writes them (the rules' messageValid). */
function messageFields(
  text: string,
  author: MessageAuthor,
  uid: string,
  mediaIds: readonly string[],
) {
  return {
    text,
    ...(author === 'anonymous-reporter' ? {} : { authorUid: uid }),
    authorRole: author === 'staff' ? 'staff' : 'reporter',
    sentAt: serverTime(),
    ...(mediaIds.length > 0 ? { mediaIds: [...mediaIds] } : {}),
  };
}

/** The author's pace as held, and what one more message makes of it (refused when too fast). */
function paceAfterOneMore(held: Record<string, unknown> | undefined) {
  const windowStart = held ? millisOf(held.windowStart) : null;
  const next = nextMessagePace(
    windowStart === null ? null : { windowStart, sent: Number(held?.sent ?? 0) },
    Date.now(),
  );
  if (next === 'too-fast') throw new Error(MESSAGE_PACE_MESSAGE);
  return next;
}

/**
 * Sends a message as the signed-in person: in one transaction with the conversation's message
 * count (record_counts/messages, at most LIMITS.messagesPerReport: a RecordLimitError beyond) and the
 * author's pace (message_pace/{uid}: refused with MESSAGE_PACE_MESSAGE past
 * LIMITS.messagesPerWindow in a window). The rules check all of it again. `mediaIds`: media of
 * the report the message shows (at most LIMITS.mediaPerMessage).
 */
export function sendMessage(
  thread: Thread,
  text: string,
  author: MessageAuthor,
  mediaIds: readonly string[] = [],
) {
  const path = messagesPath(thread);
  const id = newDocumentId(path);
  const uid = callerUid();
  return writeCounted(
    parentPath(thread),
    'messages',
    [...path, id],
    'create',
    () => messageFields(text, author, uid, mediaIds),
    'The message was not sent',
    {
      path: pacePath(thread, uid),
      fields: (held) => {
        const next = paceAfterOneMore(held);
        return {
          windowStart: next.sameWindow ? held!.windowStart : serverTime(),
          sent: next.sent,
          lastId: id,
        };
      },
    },
  );
}

/**
 * A reporter's message on their report, in one batch with its count and pace, so that without a
 * connection it waits on the device and is sent once when the connection returns
 * (docs/reporter-app.md#offline): the same fields, bounds and pace as sendMessage, checked
 * against what the device last saw and again by the rules on arrival. Resolves once written on the
 * device (a refusal known there throws: the bound, the pace), with `sent`, which settles when the
 * server has taken or refused it.
 */
export function queueReporterMessage(
  thread: Thread,
  text: string,
  author: Exclude<MessageAuthor, 'staff'>,
  mediaIds: readonly string[] = [],
) {
  const path = messagesPath(thread);
  const uid = callerUid();
  return createQueuedCounted(
    parentPath(thread),
    'messages',
    [...path, newDocumentId(path)],
    messageFields(text, author, uid, mediaIds),
    'The message was not sent',
    {
      path: pacePath(thread, uid),
      next: (held) => (paceAfterOneMore(held).sameWindow ? 'same' : 'new'),
    },
  );
}

/** The author's pace document, which the reporter's conversation follows so a device holds it. */
export function messagePaceSpec(thread: Thread, uid: string): DocSpec<MessagePace> {
  return { path: pacePath(thread, uid), converter: entityConverter<MessagePace>() };
}

/** Sends a message as the signed-in staff member (sendMessage). */
export function sendStaffMessage(thread: Thread, text: string, mediaIds: readonly string[] = []) {
  return sendMessage(thread, text, 'staff', mediaIds);
}

/** Staff read the conversation: its unread mark is cleared (the one change the rules allow them). */
export function markConversationRead(incidentId: string) {
  return updateDocument(
    [COLLECTIONS.incidentReports, incidentId],
    { ...CONVERSATION_READ },
    'Could not mark the conversation read',
  );
}

/** `settings/quick_questions`: the Admins' list; a missing doc means the defaults. */
export const quickQuestionsSpec: DocSpec<QuickQuestionSettings> = {
  path: [COLLECTIONS.settings, QUICK_QUESTIONS_SETTINGS.id],
  converter: entityConverter<QuickQuestionSettings>(),
};

/** The quick questions to offer: the saved list when there is a valid one, else the defaults. */
export function quickQuestionsOf(settings: QuickQuestionSettings | null | undefined): string[] {
  const saved = settings?.questions;
  return Array.isArray(saved) && saved.length > 0 && saved.every((q) => typeof q === 'string')
    ? saved
    : [...DEFAULT_QUICK_QUESTIONS];
}

/** Saves the quick questions (Admins; the rules bound the count and each question's length). */
export function saveQuickQuestions(questions: readonly string[]) {
  return createDocument(
    [COLLECTIONS.settings, QUICK_QUESTIONS_SETTINGS.id],
    { questions: [...questions] },
    'The quick questions were not saved',
  );
}
