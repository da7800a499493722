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
import { cutSms } from './sms-text';

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

/** How a reply came: the app, a link in the mail or SMS, or an SMS answered back. */
export type ReplyVia = 'app' | 'link' | 'sms';

/** How a person answered, as the alert page says it. */
export const REPLY_VIA_LABELS: Record<ReplyVia, string> = {
  app: 'In the app',
  link: 'Reply link',
  sms: 'SMS reply',
};

/**
 * The recipient id of a roster person with no account (docs/mass-notifications.md#replies):
 * the external id behind a prefix, so it never equals a uid (Firebase Auth's are 28 letters and
 * digits, no `-`) nor another roster person's.
 */
export function rosterRecipientId(externalId: string): string {
  return `roster-${externalId}`;
}

/**
 * Reply links and SMS replies (docs/mass-notifications.md#reply-links): a link is a random token
 * of `tokenBytes` (base64url) stored only as its SHA-256 in `reply_links/{sha256}`, one use, for
 * `windowHours` after the delivery; an SMS answers the person's latest alert in that window.
 */
export const REPLY_LINK_LIMITS = {
  tokenBytes: 16,
  /** base64url of 16 bytes. */
  tokenLength: 22,
  windowHours: 72,
  /** Characters of an inbound SMS read (a provider joins a long SMS into one text). */
  inboundText: 1600,
  /** Bytes of an inbound SMS request body. */
  inboundBytes: 4096,
  /** SMS one number is sent back in an hour (what the choices are, what was recorded). */
  answersPerNumberPerHour: 3,
} as const;

/** The path of the reply page, on the console's address (a Hosting rewrite to its function). */
export const ALERT_REPLY_PATH = '/alert-reply';

/** A person's reply link: the page that shows the alert's choices, on the console's address. */
export function replyLink(consoleUrl: string, token: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}${ALERT_REPLY_PATH}?t=${token}`;
}

/**
 * How an SMS answers: "1", "2"… (the choice's number, as the SMS lists them) or the choice's
 * label, any case, spaces and a closing full stop ignored; null when it is neither.
 */
export function smsReplyChoice(text: string, choices: readonly ReplyChoice[]): number | null {
  const said = text
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (/^[1-9]$/.test(said)) {
    const k = Number(said) - 1;
    return k < choices.length ? k : null;
  }
  const k = choices.findIndex((c) => c.label.toLowerCase() === said);
  return k >= 0 ? k : null;
}

/** The SMS that says how to answer: each choice with its number. */
export function smsReplyHelp(title: string, choices: readonly ReplyChoice[]): string {
  const listed = choices.map((c, k) => `${k + 1} for ${c.label}`).join(', ');
  return cutSms(`To answer "${title}", reply ${listed}.`, 1);
}

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

/** What the SMS adapter posts to /sms-inbound for each SMS it receives. */
export const smsInboundSchema = z.strictObject({
  from: z
    .string({ error: 'from must be the sender’s number (text).' })
    .max(32, 'from must be a phone number.'),
  text: z
    .string({ error: 'text must be the SMS’s text.' })
    .max(
      REPLY_LINK_LIMITS.inboundText,
      `text must be at most ${REPLY_LINK_LIMITS.inboundText} characters.`,
    ),
});
