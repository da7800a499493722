/**
 * Mass notifications (issue 21, docs/mass-notifications.md): an alert composed in the console and
 * sent to the people of one or more campuses by push, in-app notification, email and SMS, with
 * delivery receipts, templates, two-person approval and its Clery type. The pure rules live here
 * so the functions, the rules tests and the console's preview read one home.
 */
import { z } from './zod-config';
import {
  CAMPUS_LIMITS,
  campusIdSchema,
  campusName,
  type CampusId,
  type Campuses,
} from './campuses';
import { scheduledDate } from './callable-inputs';
import { CLERY_OFFENCES, type CleryOffence } from './clery/offences';
import { PUSH_TYPES } from './constants';
import { documentId, requiredText, typeError } from './fields';
import { isStaffRole, type Role } from './roles';
import { replyRequestSchema, type ReplyRequest } from './alert-replies';
import { cutSms } from './sms-text';
import { LANGUAGES, LANGUAGE_LABELS, isLanguage, type Language } from './languages';

/** The `type` of the push and in-app notification of a mass notification. */
export const MASS_NOTIFICATION_TYPE = PUSH_TYPES.massNotification;

/** Sub-collections of `mass_notifications/{id}`: the fan-out's pages and the read counter's shards. */
export const MASS_NOTIFICATION_BATCHES = 'batches';
export const MASS_NOTIFICATION_READ_SHARDS = 'read_shards';
/**
 * Sub-collection of `mass_notifications/{id}`: `readers/{uid}`, one per person counted as having
 * read the alert (server-only), so a person counts once however often they toggle "read".
 */
export const MASS_NOTIFICATION_READERS = 'readers';
/**
 * Sub-collection of a page, `batches/{n}/push_calls/{c}`: its queued push calls (people and
 * tokens; server-only), drained by whichever run of the page comes first or later.
 */
export const MASS_NOTIFICATION_PUSH_CALLS = 'push_calls';
/**
 * Sub-collection of a page, `batches/{n}/recipients/list`: the uids of its people (server-only;
 * the page staff read keeps the count, `people`, never who).
 */
export const MASS_NOTIFICATION_RECIPIENTS = 'recipients';
/**
 * Sub-collection of a page, `batches/{n}/messages/mail-and-sms`: the ids of its queued mail and
 * SMS (server-only). Its creation starts their sending in a run of its own, so a page's push and
 * in-app notices never wait for its mail (docs/mass-notifications.md#fan-out).
 */
export const MASS_NOTIFICATION_MESSAGES = 'messages';
export const MASS_NOTIFICATION_MESSAGES_DOC = 'mail-and-sms';
/**
 * The two parts of a page's delivery, each closed by its own run: the page is `delivered` when
 * neither is `pending`.
 */
export const PAGE_PARTS = ['push-and-in-app', 'mail-and-sms'] as const;
export type PagePart = (typeof PAGE_PARTS)[number];

export const MASS_NOTIFICATION_LIMITS = {
  title: 80,
  body: 1000,
  /** Push bodies longer than this are cut (a lock screen shows about this much). */
  pushBody: 240,
  /** SMS segments an alert may take (model/src/sms-text.ts); a longer text is cut, and the preview says so. */
  smsSegments: 2,
  /** An Emergency Notification goes as one SMS: it arrives whole, never as parts out of order. */
  emergencySmsSegments: 1,
  /** Linked incidents of one alert (the Clery record names them). */
  incidents: 10,
  /** People per fan-out page: one Auth lookup (100 uids at most) and one transaction per page. */
  batchSize: 100,
  /** Shards of the read counter: reads of 50,000 people never write one document more than 1/s. */
  readShards: 20,
  /** Versions in other languages beside the main text (docs/mass-notifications.md#languages). */
  translations: 5,
} as const;

/**
 * One language's version of an alert or template: its own title and text, bounded like the main
 * text; every channel's text (the SMS cut to the same segment budget) is built from it.
 */
export interface AlertVersion {
  title: string;
  body: string;
}
/** The versions beside the main text (which is in the institution's default language), by language. */
export type AlertTranslations = Partial<Record<Language, AlertVersion>>;

const versionSchema = (language: Language) =>
  z.strictObject(
    {
      title: requiredText(`The ${LANGUAGE_LABELS[language]} title`, MASS_NOTIFICATION_LIMITS.title),
      body: requiredText(`The ${LANGUAGE_LABELS[language]} text`, MASS_NOTIFICATION_LIMITS.body, {
        multiline: true,
      }),
    },
    { error: `The ${LANGUAGE_LABELS[language]} version holds a title and a text only.` },
  );

/**
 * The versions in other languages: at most MASS_NOTIFICATION_LIMITS.translations, each of a
 * supported language (languages.ts) with a title and a text; the first problem names the language.
 */
export const translationsSchema = z
  .record(z.string(), z.unknown(), {
    error: 'The versions in other languages are a title and a text per language.',
  })
  .transform((record, ctx) => {
    const entries = Object.entries(record);
    if (entries.length > MASS_NOTIFICATION_LIMITS.translations) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${MASS_NOTIFICATION_LIMITS.translations} versions in other languages.`,
      });
      return z.NEVER;
    }
    const versions: AlertTranslations = {};
    for (const [language, value] of entries) {
      if (!isLanguage(language)) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown language "${language.slice(0, 12)}": use one of ${LANGUAGES.join(', ')}.`,
        });
        return z.NEVER;
      }
      const parsed = versionSchema(language).safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      versions[language] = parsed.data;
    }
    return versions;
  });

/** Why versions cannot be kept, or null (templates: the rules hold the same bounds). */
export function translationsProblem(value: unknown): string | null {
  const parsed = translationsSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** The languages an alert or template has versions in, in LANGUAGES order. */
export function translationLanguages(translations: unknown): Language[] {
  const record = translations && typeof translations === 'object' ? translations : {};
  return LANGUAGES.filter((l) => l in record);
}

export const MASS_NOTIFICATION_CHANNELS = ['push', 'inApp', 'email', 'sms'] as const;
export type MassNotificationChannel = (typeof MASS_NOTIFICATION_CHANNELS)[number];
export const CHANNEL_LABELS: Readonly<Record<MassNotificationChannel, string>> = {
  push: 'Push',
  inApp: 'In-app notification',
  email: 'Email',
  sms: 'SMS',
};

/**
 * The Clery type of an alert (docs/clery.md#timely-warnings-and-emergency-notifications): an
 * Emergency Notification (an immediate threat), a Timely Warning (a Clery crime that is a serious
 * or continuing threat) or a general safety message, which is not on the Clery record.
 */
export const MASS_NOTIFICATION_KINDS = ['emergency', 'timelyWarning', 'general'] as const;
export type MassNotificationKind = (typeof MASS_NOTIFICATION_KINDS)[number];
export const KIND_LABELS: Readonly<Record<MassNotificationKind, string>> = {
  emergency: 'Emergency Notification',
  timelyWarning: 'Timely Warning',
  general: 'Safety message',
};
export function isCleryAlert(kind: MassNotificationKind): boolean {
  return kind !== 'general';
}

/**
 * Who an alert reaches: every campus (also people with no campus on their profile) or the listed
 * ones, and everyone there or staff only; the campuses' members, the people last located inside
 * the campuses' areas (docs/locations.md), or both (each person once). Alerts recorded before
 * the location audience have neither flag: members only.
 */
export interface Audience {
  allCampuses: boolean;
  campuses: CampusId[];
  staffOnly: boolean;
  /** The people whose profile campus is one of the audience's (default true). */
  members?: boolean;
  /** The people whose shared location, still fresh, lies inside one of the campuses' areas. */
  located?: boolean;
  /**
   * A follow-up to the people who have not answered the alert of this id (docs/mass-notifications.md#replies):
   * exactly the list the planner reads from that alert's reply slots, campuses and roles aside.
   */
  nonRespondersOf?: string;
}

export function reachesMembers(audience: Audience): boolean {
  return audience.members !== false;
}
export function reachesLocated(audience: Audience): boolean {
  return audience.located === true;
}

/**
 * The campuses an alert concerns, as stored in `reach` (what an IMT's read is checked against):
 * every campus of the institution for an alert to all campuses.
 */
export function audienceReach(audience: Audience, campuses: Campuses): string[] {
  return audience.allCampuses ? campuses.map((c) => c.id) : [...audience.campuses];
}

/** The campuses whose grounds a located audience covers (null: every campus's). */
export function locatedCampuses(audience: Audience): CampusId[] | null {
  return audience.allCampuses ? null : audience.campuses;
}

/** The audience in words, with each campus's current name. */
export function audienceLabel(audience: Audience, campuses: Campuses): string {
  const where = audience.allCampuses
    ? 'All campuses'
    : audience.campuses.map((id) => campusName(campuses, id)).join(', ');
  if (audience.nonRespondersOf) return `${where} · those who had not answered`;
  const who = audience.staffOnly ? 'staff only' : 'everyone';
  if (!reachesLocated(audience)) return `${where} · ${who}`;
  return reachesMembers(audience)
    ? `${where} · ${who} · members and people located there`
    : `${where} · ${who} · people located there only`;
}

/** The fields of a `users` doc audience resolution reads (the fan-out selects only these). */
export interface AudienceMember {
  role?: unknown;
  campus?: unknown;
  isArchived?: unknown;
  emailVerified?: unknown;
}
export const AUDIENCE_FIELDS = ['role', 'campus', 'isArchived', 'emailVerified'] as const;

/** Whether the fan-out finds this audience's people itself (by location, or on a list). */
export function audienceListed(audience: Audience): boolean {
  return reachesLocated(audience) || !!audience.nonRespondersOf;
}

/**
 * Whether an alert reaches this person: a live account whose email is verified (the server's
 * mirror; nothing acts for an unverified address), of the audience's role, and a member of one
 * of its campuses or (`listed`, found by the fan-out) last located inside their areas or on the
 * follow-up's list of those who had not answered (then the list is the whole audience).
 */
export function reaches(audience: Audience, person: AudienceMember, listed = false): boolean {
  if (person.isArchived === true || person.emailVerified !== true) return false;
  if (audience.nonRespondersOf) return listed;
  if (audience.staffOnly && !isStaffRole(person.role)) return false;
  if (reachesLocated(audience) && listed) return true;
  if (!reachesMembers(audience)) return false;
  if (audience.allCampuses) return true;
  return typeof person.campus === 'string' && audience.campuses.includes(person.campus);
}

/** What each channel shows, built once for the fan-out and the console's preview. */
export interface ChannelTexts {
  push: { title: string; body: string };
  inApp: { title: string; message: string };
  email: { subject: string; text: string };
  sms: { text: string };
}

/** The SMS segments an alert of `kind` may take. */
export function smsSegmentsOf(kind: MassNotificationKind): number {
  return kind === 'emergency'
    ? MASS_NOTIFICATION_LIMITS.emergencySmsSegments
    : MASS_NOTIFICATION_LIMITS.smsSegments;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * The texts of an alert; a test to oneself says so in every channel. With a person's `replyLink`
 * (an alert that asks "are you safe?") the mail ends with it and the SMS carries it whole, its
 * length part of the SMS's segment count (the text is cut to make room).
 */
export function channelTexts(alert: {
  kind: MassNotificationKind;
  title: string;
  body: string;
  test?: boolean;
  replyLink?: string | null;
}): ChannelTexts {
  const link = alert.replyLink ?? null;
  const prefix = alert.test ? '[TEST] ' : '';
  const label = alert.kind === 'general' ? '' : `${KIND_LABELS[alert.kind]}: `;
  const title = `${prefix}${alert.title}`;
  return {
    push: { title, body: cut(alert.body, MASS_NOTIFICATION_LIMITS.pushBody) },
    inApp: { title, message: alert.body },
    email: {
      subject: `${prefix}${label}${alert.title}`,
      text: [
        alert.body,
        '',
        ...(link ? [`Answer here (the link works once): ${link}`, ''] : []),
        alert.test
          ? 'This is a test you sent to yourself from the Campus Safety Console; nobody else received it.'
          : 'You received this because you are on a campus this alert was sent to by Campus Safety.',
      ].join('\n'),
    },
    sms: {
      text: cutSms(
        `${prefix}${alert.title}: ${alert.body}`,
        smsSegmentsOf(alert.kind),
        link ? ` ${link}` : '',
      ),
    },
  };
}

/** The console page of one alert: where an Admin approves it, staff follow its receipts. */
export function alertLink(consoleUrl: string, alertId: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}/mass-notifications/${encodeURIComponent(alertId)}`;
}

/** Counts of one channel: people targeted, sent to, failed, skipped (no token / phone / mail off). */
export interface ChannelReceipt {
  targeted: number;
  sent: number;
  failed: number;
  skipped: number;
}
export type Receipts = Record<MassNotificationChannel, ChannelReceipt>;
/** The receipts with the in-app reads (summed from the read shards). */
export type ReceiptsWithReads = Receipts & { read: number };

export function emptyReceipts(): Receipts {
  const zero = (): ChannelReceipt => ({ targeted: 0, sent: 0, failed: 0, skipped: 0 });
  return { push: zero(), inApp: zero(), email: zero(), sms: zero() };
}

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The receipts of an alert: each batch doc's own counts summed, and the read shards; counters
 * live in many documents so no document is written more than once a second.
 */
export function sumReceipts(
  batches: readonly { receipts?: unknown }[],
  readShards: readonly { count?: unknown }[] = [],
): ReceiptsWithReads {
  const total = emptyReceipts();
  for (const batch of batches) {
    const receipts = (batch.receipts ?? {}) as Record<string, Record<string, unknown> | undefined>;
    for (const channel of MASS_NOTIFICATION_CHANNELS) {
      const part = receipts[channel] ?? {};
      for (const key of ['targeted', 'sent', 'failed', 'skipped'] as const) {
        total[channel][key] += countOf(part[key]);
      }
    }
  }
  return { ...total, read: readShards.reduce((sum, shard) => sum + countOf(shard.count), 0) };
}

/**
 * How many people of an alert got each language's version: each page's `languages` counts
 * summed (pages delivered before there were versions have none).
 */
export function sumLanguages(
  batches: readonly { languages?: unknown }[],
): Partial<Record<Language, number>> {
  const total: Partial<Record<Language, number>> = {};
  for (const batch of batches) {
    const counts = (batch.languages ?? {}) as Record<string, unknown>;
    for (const language of LANGUAGES)
      if (language in counts) total[language] = (total[language] ?? 0) + countOf(counts[language]);
  }
  return total;
}

/** Templates: fixed keys (the rules validate them without loops); Admins edit title and body. */
export const TEMPLATE_KEYS = [
  'lockdown',
  'shelterInPlace',
  'severeWeather',
  'suspiciousPerson',
  'allClear',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export interface AlertTemplate {
  title: string;
  body: string;
  /** Its versions in other languages (missing: none). */
  translations?: AlertTranslations;
}
export const TEMPLATE_INFO: Readonly<
  Record<TemplateKey, { label: string; kind: MassNotificationKind }>
> = {
  lockdown: { label: 'Lockdown', kind: 'emergency' },
  shelterInPlace: { label: 'Shelter in place', kind: 'emergency' },
  severeWeather: { label: 'Severe weather', kind: 'emergency' },
  suspiciousPerson: { label: 'Suspicious person', kind: 'timelyWarning' },
  allClear: { label: 'All clear', kind: 'general' },
};
export const DEFAULT_TEMPLATES: Readonly<Record<TemplateKey, AlertTemplate>> = {
  lockdown: {
    title: 'Lockdown: stay where you are',
    body: 'Lock or barricade the door, turn off lights, silence phones, stay out of sight. Stay until campus safety gives the all clear.',
  },
  shelterInPlace: {
    title: 'Shelter in place',
    body: 'Go inside the nearest building now, close windows and doors and stay away from them. Wait for further instructions.',
  },
  severeWeather: {
    title: 'Severe weather warning',
    body: 'Severe weather is expected on campus. Stay indoors, away from windows, and avoid travel until the warning is lifted.',
  },
  suspiciousPerson: {
    title: 'Suspicious person reported',
    body: 'A suspicious person was reported on campus. Stay alert, walk in groups, and report anything unusual to campus safety at once.',
  },
  allClear: {
    title: 'All clear',
    body: 'The situation is over and it is safe to resume normal activities. Thank you for your cooperation.',
  },
};

/**
 * `settings/mass_notifications`: the alert templates. Admins write it (the rules validate it); a
 * missing doc means the defaults. Which alerts wait for a second Admin is the `alertApproval`
 * setting (settings.ts), saved with its history through saveSetting.
 */
export const MASS_NOTIFICATION_SETTINGS = { id: 'mass_notifications' } as const;
export interface MassNotificationSettings {
  templates: Record<TemplateKey, AlertTemplate>;
}

function templateProblem(key: TemplateKey, value: unknown): string | null {
  const t = value as Partial<AlertTemplate> | null | undefined;
  const name = TEMPLATE_INFO[key].label;
  if (typeof t?.title !== 'string' || t.title.trim().length === 0)
    return `${name}: the title is required.`;
  if (t.title.length > MASS_NOTIFICATION_LIMITS.title)
    return `${name}: the title must be at most ${MASS_NOTIFICATION_LIMITS.title} characters.`;
  if (typeof t.body !== 'string' || t.body.trim().length === 0)
    return `${name}: the text is required.`;
  if (t.body.length > MASS_NOTIFICATION_LIMITS.body)
    return `${name}: the text must be at most ${MASS_NOTIFICATION_LIMITS.body} characters.`;
  if (Object.keys(t).some((k) => k !== 'title' && k !== 'body' && k !== 'translations'))
    return `${name}: only a title, a text and their versions in other languages.`;
  const versions = 'translations' in t ? translationsProblem(t.translations) : null;
  return versions ? `${name}: ${versions}` : null;
}

/** Why settings cannot be saved, or null (the rules hold the same bounds). */
export function massNotificationSettingsProblem(value: unknown): string | null {
  const data = value as Partial<MassNotificationSettings> | null | undefined;
  const templates = data?.templates as Record<string, unknown> | undefined;
  if (!templates || typeof templates !== 'object') return 'The templates are missing.';
  const keys = Object.keys(templates);
  if (keys.length !== TEMPLATE_KEYS.length || keys.some((k) => !TEMPLATE_KEYS.includes(k as never)))
    return `The templates are exactly: ${TEMPLATE_KEYS.map((k) => TEMPLATE_INFO[k].label).join(', ')}.`;
  for (const key of TEMPLATE_KEYS) {
    const problem = templateProblem(key, templates[key]);
    if (problem) return problem;
  }
  return null;
}

/** The settings a doc holds, each missing or invalid part replaced by its default. */
export function readMassNotificationSettings(data: unknown): MassNotificationSettings {
  const value = (data ?? {}) as Partial<MassNotificationSettings>;
  const templates = { ...DEFAULT_TEMPLATES };
  for (const key of TEMPLATE_KEYS) {
    const t = (value.templates as Record<string, unknown> | undefined)?.[key];
    if (templateProblem(key, t) === null) templates[key] = t as AlertTemplate;
  }
  return { templates };
}

// ---------- two-person approval (docs/decisions.md#two-person-approval) ----------

/**
 * Which audiences wait for a second Admin: none (approval off), an alert to all campuses at
 * once, or an alert to everyone (not staff only) of any whole campus. The kind (Emergency
 * Notification, Timely Warning, safety message) never decides: it is the author's own label.
 */
export const APPROVAL_AUDIENCES = ['none', 'allCampuses', 'wholeCampus'] as const;
export type ApprovalAudience = (typeof APPROVAL_AUDIENCES)[number];
export const APPROVAL_AUDIENCE_LABELS: Readonly<Record<ApprovalAudience, string>> = {
  none: 'No alert (approval off)',
  allCampuses: 'Alerts to all campuses at once',
  wholeCampus: 'Alerts to everyone on any whole campus (not staff only)',
};

/**
 * Of those audiences, which urgency waits: the alerts that interrupt people at once (push or
 * SMS, which ring phones), or every alert (also in-app and email only).
 */
export const APPROVAL_URGENCIES = ['interrupting', 'any'] as const;
export type ApprovalUrgency = (typeof APPROVAL_URGENCIES)[number];
export const APPROVAL_URGENCY_LABELS: Readonly<Record<ApprovalUrgency, string>> = {
  interrupting: 'Only those sent by push or SMS (they ring phones at once)',
  any: 'Every one, whatever its channels',
};
export const INTERRUPTING_CHANNELS: readonly MassNotificationChannel[] = ['push', 'sms'];

/** The `alertApproval` setting's value (settings.ts): which alerts need a second Admin. */
export const alertApprovalSchema = z
  .object({
    audience: z.enum(APPROVAL_AUDIENCES, {
      error: `Approval audience must be one of ${APPROVAL_AUDIENCES.join(', ')}.`,
    }),
    urgency: z.enum(APPROVAL_URGENCIES, {
      error: `Approval urgency must be one of ${APPROVAL_URGENCIES.join(', ')}.`,
    }),
  })
  .strict();
export type AlertApproval = z.infer<typeof alertApprovalSchema>;

/** Approval off, as deployments start. */
export const DEFAULT_ALERT_APPROVAL: AlertApproval = { audience: 'none', urgency: 'interrupting' };

/** The approval a stored setting names, or the default when missing or invalid. */
export function alertApprovalOf(stored: unknown): AlertApproval {
  const parsed = alertApprovalSchema.safeParse(
    stored && typeof stored === 'object' ? (stored as { approval?: unknown }).approval : null,
  );
  return parsed.success ? parsed.data : DEFAULT_ALERT_APPROVAL;
}

/**
 * Whether an alert waits for a second Admin: by whom it reaches and how it interrupts them, never
 * by its kind, so "LOCKDOWN" sent as a safety message waits like an Emergency Notification.
 */
export function needsSecondApproval(
  approval: AlertApproval,
  alert: { audience: Audience; channels: readonly MassNotificationChannel[] },
): boolean {
  if (approval.audience === 'none' || alert.audience.staffOnly) return false;
  if (approval.audience === 'allCampuses' && !alert.audience.allCampuses) return false;
  return (
    approval.urgency === 'any' || alert.channels.some((c) => INTERRUPTING_CHANNELS.includes(c))
  );
}

/**
 * Why this caller may not send to this audience, or null: Admins send anywhere; an IMT member
 * only to their own campus (docs/mass-notifications.md#who-may-send).
 */
export function senderRefusal(
  caller: { role: Role; campus: string | null },
  audience: Audience,
): string | null {
  if (caller.role === 'Admin') return null;
  if (caller.role !== 'IMT') return 'Only Admins and IMT members send alerts.';
  const own =
    !audience.allCampuses &&
    audience.campuses.length === 1 &&
    caller.campus !== null &&
    audience.campuses[0] === caller.campus;
  return own ? null : 'IMT members send alerts to their own campus only.';
}

/** Where an alert is: waiting for a second Admin, for its time, being sent, or sent. */
export const MASS_NOTIFICATION_STATES = [
  'awaitingApproval',
  'scheduled',
  'sending',
  'sent',
] as const;
export type MassNotificationState = (typeof MASS_NOTIFICATION_STATES)[number];
export const STATE_LABELS: Readonly<Record<MassNotificationState, string>> = {
  awaitingApproval: 'Waiting for approval',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

/** A person as an alert's record names them. */
export interface AlertActor {
  uid: string;
  name: string;
}

/** `mass_notifications/{id}`: written by the callables and the fan-out only. */
export interface MassNotification<T = { toMillis(): number; toDate(): Date }> {
  kind: MassNotificationKind;
  title: string;
  body: string;
  audience: Audience;
  /** audienceReach(audience): the rules let an IMT read the alerts whose reach holds their campus. */
  reach: string[];
  channels: MassNotificationChannel[];
  state: MassNotificationState;
  author: AlertActor;
  createdAt: T;
  scheduledFor: T | null;
  approvedBy: (AlertActor & { at: T }) | null;
  /** When the fan-out started (the Clery "issued" time). */
  sentAt: T | null;
  /** The alert this one updates or gives the all clear for. */
  followsUp: string | null;
  /** The language of `title` and `body`: the institution's default when it was sent (missing: 'en'). */
  language?: Language;
  /** Its versions in other languages (docs/mass-notifications.md#languages); missing: none. */
  translations?: AlertTranslations;
  incidentIds: string[];
  /** Timely Warnings name the Clery crime. */
  cleryCrime: CleryOffence | null;
  /** When the first linked incident was reported (Clery: time from report to warning). */
  firstReportedAt: T | null;
  /** Set by the fan-out's planner: pages and people. */
  plan?: { batches: number; people: number };
  /** The answers it asks for ("are you safe?"), or null (alerts before replies: missing). */
  reply?: ReplyRequest | null;
  /**
   * A follow-up to those who had not answered: the alert whose replies its answers go to (the
   * same question, the same tally).
   */
  repliesFor?: string | null;
}

const audienceSchema = z
  .strictObject({
    allCampuses: z.boolean({ error: typeError('All campuses', 'true or false') }),
    campuses: z
      .array(campusIdSchema)
      .max(CAMPUS_LIMITS.campuses)
      .transform((list) => [...new Set(list)]),
    staffOnly: z.boolean({ error: typeError('Staff only', 'true or false') }),
    members: z.boolean({ error: typeError('Campus members', 'true or false') }).default(true),
    located: z
      .boolean({ error: typeError('People located on the campus', 'true or false') })
      .default(false),
  })
  .refine((a) => a.allCampuses || a.campuses.length > 0, {
    message: 'Choose at least one campus, or all campuses.',
    path: ['campuses'],
  })
  .refine((a) => a.members || a.located, {
    message: 'Choose the campus members, the people located there, or both.',
    path: ['members'],
  })
  .transform((a) => (a.allCampuses ? { ...a, campuses: [] } : a));

const channelsSchema = z
  .array(z.enum(MASS_NOTIFICATION_CHANNELS, { error: 'Unknown channel.' }))
  .min(1, 'Choose at least one channel.')
  .max(MASS_NOTIFICATION_CHANNELS.length)
  .transform((list) => [...new Set(list)]);

const contentFields = {
  kind: z.enum(MASS_NOTIFICATION_KINDS, { error: 'Choose the type of the alert.' }),
  title: requiredText('Title', MASS_NOTIFICATION_LIMITS.title),
  body: requiredText('Text', MASS_NOTIFICATION_LIMITS.body, { multiline: true }),
  translations: translationsSchema.default({}),
  channels: channelsSchema,
};

export const sendMassNotificationSchema = z
  .strictObject({
    ...contentFields,
    audience: audienceSchema,
    scheduledDate,
    followsUp: documentId('Earlier alert').nullish(),
    incidentIds: z
      .array(documentId('Incident id'))
      .max(
        MASS_NOTIFICATION_LIMITS.incidents,
        `Link at most ${MASS_NOTIFICATION_LIMITS.incidents} incidents.`,
      )
      .default([])
      .transform((list) => [...new Set(list)]),
    cleryCrime: z.enum(CLERY_OFFENCES, { error: 'Unknown Clery crime.' }).nullish(),
    reply: replyRequestSchema.nullish(),
    /** Only to those who have not answered the alert it follows up (the server finds them). */
    toNonResponders: z
      .boolean({ error: typeError('To those not answered', 'true or false') })
      .default(false),
  })
  .refine((a) => a.kind !== 'timelyWarning' || !!a.cleryCrime, {
    message: 'A Timely Warning names the Clery crime.',
    path: ['cleryCrime'],
  })
  .refine((a) => !a.toNonResponders || !!a.followsUp, {
    message: 'A follow-up to those who have not answered names the alert it follows up.',
    path: ['toNonResponders'],
  });

/** The send step's count: the audience as the form holds it (docs/mass-notifications.md#confirm). */
export const countMassNotificationAudienceSchema = z.strictObject({ audience: audienceSchema });

/**
 * Who an audience holds now, as the fan-out would find them, and how many of them each channel
 * can reach: push those with a device, in-app every account, email every address, SMS every
 * proved or institution-given phone.
 */
export interface AudienceCount {
  people: number;
  /** Of them, people on the roster without an account (reached by email and SMS only). */
  contactOnly: number;
  channels: Record<MassNotificationChannel, number>;
}

export const approveMassNotificationSchema = z.strictObject({ id: documentId('Alert id') });
export const sendMassNotificationTestSchema = z.strictObject(contentFields);

export interface SendMassNotificationResponse {
  id: string;
  state: MassNotificationState;
}
export interface SendMassNotificationTestResponse {
  /** The channels the test went out on (SMS needs a verified phone, push a device). */
  sent: MassNotificationChannel[];
  skipped: MassNotificationChannel[];
}

/** Minutes from the first linked report to the alert's issue, or null without either. */
export function reportToWarningMinutes(
  firstReportedAt: { toMillis(): number } | null | undefined,
  sentAt: { toMillis(): number } | null | undefined,
): number | null {
  if (!firstReportedAt || !sentAt) return null;
  return Math.max(0, Math.round((sentAt.toMillis() - firstReportedAt.toMillis()) / 60_000));
}
