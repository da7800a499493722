/**
 * "Are you safe?" (issue 31 item 5, docs/mass-notifications.md#replies): an alert may ask its
 * people to answer with one of a few choices, one of which means "I need help". Each person has
 * one reply (a later answer replaces the earlier, both times kept), kept with the alert in
 * `mass_notifications/{id}/replies/{recipientId}`; the tally lives on shards the server moves in
 * the reply's transaction, so the alert page reads it live. A recipient is keyed by a string id
 * (today the uid), never by email or name.
 */
import { z } from './zod-config';
import { documentId, requiredText } from './fields';

/** Sub-collections of `mass_notifications/{id}`: one reply slot per recipient, the tally's shards. */
export const MASS_NOTIFICATION_REPLIES = 'replies';
export const MASS_NOTIFICATION_REPLY_SHARDS = 'reply_shards';

export const REPLY_LIMITS = {
  minChoices: 2,
  maxChoices: 4,
  /** One answer's label (a button on a phone). */
  choiceLabel: 40,
  /** Times one person may change their answer (each change writes the tally). */
  changes: 10,
  /** Shards of the tally: 50,000 answers in a minute never write one document more than 1/s. */
  shards: 20,
} as const;

export interface ReplyChoice {
  label: string;
  /** The one answer that means this person needs help (listed first on the alert page). */
  needsHelp: boolean;
}
export interface ReplyRequest {
  choices: ReplyChoice[];
}

export const DEFAULT_REPLY_CHOICES: readonly ReplyChoice[] = [
  { label: "I'm safe", needsHelp: false },
  { label: 'I need help', needsHelp: true },
];

export const replyRequestSchema = z.strictObject({
  choices: z
    .array(
      z.strictObject({
        label: requiredText('Answer', REPLY_LIMITS.choiceLabel),
        needsHelp: z.boolean({ error: 'Say whether the answer means help is needed.' }),
      }),
    )
    .min(REPLY_LIMITS.minChoices, `Give at least ${REPLY_LIMITS.minChoices} answers.`)
    .max(REPLY_LIMITS.maxChoices, `Give at most ${REPLY_LIMITS.maxChoices} answers.`)
    .refine((list) => list.filter((c) => c.needsHelp).length === 1, {
      message: 'Mark exactly one answer as the one that means help is needed.',
    })
    .refine(
      (list) => new Set(list.map((c) => c.label.toLowerCase())).size === list.length,
      'Each answer must be different.',
    ),
});

export const replyToMassNotificationSchema = z.strictObject({
  id: documentId('Alert id'),
  choice: z
    .number({ error: 'Choose an answer.' })
    .int('Choose an answer.')
    .min(0, 'Choose an answer.')
    .max(REPLY_LIMITS.maxChoices - 1, 'Choose an answer.'),
});

export interface ReplyToMassNotificationResponse {
  label: string;
  /** False when the answer was already this one (nothing changed). */
  changed: boolean;
}

/** How a reply came: the app, or a link in the mail or SMS. */
export type ReplyVia = 'app' | 'link';

/**
 * `mass_notifications/{id}/replies/{recipientId}`: created (unanswered) for each person the
 * alert reached, written by the server only. Staff of the alert read it; for an audience found by
 * location only the answered ones (who was located is not theirs to read).
 */
export interface AlertReply<T = { toMillis(): number }> {
  name: string;
  campus: string | null;
  answered: boolean;
  choice: number | null;
  label: string | null;
  needsHelp: boolean;
  firstAnsweredAt: T | null;
  answeredAt: T | null;
  changes: number;
  via: ReplyVia | null;
  /** The person's last shared coarse location, copied only when they answer that they need help. */
  location: { latitude: number; longitude: number; at: T } | null;
}

/** The field of a tally shard that counts one choice. */
export function replyChoiceField(choice: number): string {
  return `c${choice}`;
}

export interface ReplyTally {
  replied: number;
  perChoice: number[];
  needsHelp: number;
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The tally of an alert's replies, summed from its shards. */
export function sumReplyShards(
  shards: readonly Record<string, unknown>[],
  choices: readonly ReplyChoice[],
): ReplyTally {
  const perChoice = choices.map((_, k) =>
    shards.reduce((sum, s) => sum + countOf(s[replyChoiceField(k)]), 0),
  );
  return {
    replied: shards.reduce((sum, s) => sum + countOf(s.replied), 0),
    perChoice,
    needsHelp: perChoice.reduce((sum, n, k) => sum + (choices[k]!.needsHelp ? n : 0), 0),
  };
}
