/**
 * The roster (issue 31 item 1, docs/mass-notifications.md#roster): the people of the institution
 * an Admin imports from the student and HR systems, so an alert reaches them with or without an
 * app account. `roster/{personId}` is server-only (Admins read it): written by the import, linked
 * to an account (`uid`) when that account verifies the same email.
 */
import { z } from './zod-config';
import { AFFILIATIONS, AFFILIATION_LABELS, type Affiliation } from './catalog';
import { activeCampuses, campusIdSchema, type CampusId, type Campuses } from './campuses';
import type { TimestampLike } from './entities';
import { reachesMembers, type Audience } from './mass-notifications';

/** The CSV's columns (header names, case-insensitive, any order); `language` may be left out. */
export const ROSTER_REQUIRED_COLUMNS = [
  'external_id',
  'name',
  'email',
  'phone',
  'campus',
  'affiliation',
] as const;
export const ROSTER_OPTIONAL_COLUMNS = ['language'] as const;
export const ROSTER_COLUMNS = [...ROSTER_REQUIRED_COLUMNS, ...ROSTER_OPTIONAL_COLUMNS] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

export const ROSTER_LIMITS = {
  /** The CSV as sent (UTF-8 bytes): larger files are refused before they are parsed. */
  fileBytes: 5 * 1024 * 1024,
  rows: 60_000,
  externalId: 64,
  name: 200,
  email: 254,
  /** A phone cell as typed, before it is read as a number. */
  phoneCell: 40,
  language: 35,
  /** Problems listed in a preview (all are counted). */
  problemsShown: 100,
} as const;

/**
 * Where a phone number written without a country code is read, ISO 3166 (the demo institution
 * is in Metro Manila, DEFAULT_INSTITUTION). A number with "+" and its country code is read as is.
 */
export const ROSTER_DEFAULT_REGION = 'PH';

export const ROSTER_MODES = ['update', 'replace'] as const;
export type RosterMode = (typeof ROSTER_MODES)[number];
export const ROSTER_STATUSES = ['active', 'retired'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/** An external id is the student or HR system's key, and the roster doc's id. */
const EXTERNAL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * The campus a roster row names, read in one place: an active campus's id, name or short name,
 * any case (the student system's export names campuses as it likes).
 */
export function rosterCampus(cell: string, campuses: Campuses): CampusId | null {
  const wanted = cell.trim().toLowerCase();
  return (
    activeCampuses(campuses).find((c) =>
      [c.id, c.name.toLowerCase(), c.shortName.toLowerCase()].includes(wanted),
    )?.id ?? null
  );
}

/** The affiliation a row names: its key or its label, any case. */
export function rosterAffiliation(cell: string): Affiliation | null {
  const wanted = cell.trim().toLowerCase();
  return (
    AFFILIATIONS.find((a) => a === wanted || AFFILIATION_LABELS[a].toLowerCase() === wanted) ?? null
  );
}

/**
 * One person as the import keeps them, cleaned (email lower-case, phone E.164 or null); each
 * field's message names what is wrong so the preview can say it per row and column.
 */
export const rosterEntrySchema = z.strictObject({
  externalId: z
    .string()
    .min(1, 'The external id is required.')
    .max(
      ROSTER_LIMITS.externalId,
      `The external id is at most ${ROSTER_LIMITS.externalId} characters.`,
    )
    .regex(
      EXTERNAL_ID,
      'The external id may hold letters, digits, ".", "_" and "-" only, starting with a letter or digit.',
    ),
  name: z
    .string()
    .min(1, 'The name is required.')
    .max(ROSTER_LIMITS.name, `The name is at most ${ROSTER_LIMITS.name} characters.`),
  email: z
    .string()
    .min(1, 'The email is required.')
    .max(ROSTER_LIMITS.email, `The email is at most ${ROSTER_LIMITS.email} characters.`)
    .regex(EMAIL, 'Invalid email address.'),
  phone: z.string().regex(E164, 'Invalid phone number.').nullable(),
  campus: campusIdSchema,
  affiliation: z.enum(AFFILIATIONS, {
    error: `Unknown affiliation: use one of ${AFFILIATIONS.join(', ')}.`,
  }),
  language: z
    .string()
    .max(ROSTER_LIMITS.language, `The language is at most ${ROSTER_LIMITS.language} characters.`)
    .regex(LANGUAGE, 'The language is a language tag such as "en" or "fil".')
    .nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** `roster/{externalId}`: the entry, its state and when it was imported. */
export interface RosterPerson extends RosterEntry {
  /** The name lower-cased: the console's search by name (a prefix). */
  nameLowerCase: string;
  status: RosterStatus;
  /** The account it became one with (docs/mass-notifications.md#roster-linking), or null. */
  uid: string | null;
  /** Of the entry's fields: an import whose row hashes the same writes nothing. */
  contentHash: string;
  importedAt: unknown;
  updatedAt: unknown;
}

export const importRosterSchema = z.strictObject({
  csv: z
    .string({ error: 'Send the roster as CSV text.' })
    .max(ROSTER_LIMITS.fileBytes, rosterTooLargeMessage())
    .refine((csv) => utf8Bytes(csv) <= ROSTER_LIMITS.fileBytes, rosterTooLargeMessage()),
  mode: z.enum(ROSTER_MODES, { error: 'Mode must be "update" or "replace".' }),
  apply: z.boolean({ error: 'Say whether to apply (true) or preview (false).' }),
});
export type ImportRosterInput = z.infer<typeof importRosterSchema>;

export function rosterTooLargeMessage(): string {
  return `The roster file is larger than ${ROSTER_LIMITS.fileBytes / (1024 * 1024)} MB: split it or leave out columns the import does not read.`;
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * One problem of the file: its row (as a spreadsheet numbers it: the header is row 1) and
 * column, or null for the file's own (its header, its size).
 */
export interface RosterProblem {
  row: number | null;
  column: RosterColumn | null;
  message: string;
}

export interface RosterCounts {
  rows: number;
  add: number;
  change: number;
  unchanged: number;
  retire: number;
}

export type RosterImportSource = 'console' | 'endpoint';

/** `roster_imports/{id}`: one applied import, newest first on the console's Roster screen. */
export interface RosterImportEntry<T = TimestampLike> {
  by: string;
  byName: string;
  at: T;
  mode: RosterMode;
  source: RosterImportSource;
  counts: RosterCounts;
  /** People linked to an account that had already verified their email. */
  linked: number;
}

/** What importRoster and the HTTP endpoint answer: the preview, and whether it was applied. */
export interface ImportRosterResponse {
  mode: RosterMode;
  applied: boolean;
  counts: RosterCounts;
  /** Every problem counted; the first ROSTER_LIMITS.problemsShown listed. */
  problemCount: number;
  problems: RosterProblem[];
}

/**
 * Whether an alert reaches a roster person by their contacts (mail and SMS, "contact-only"):
 * active, linked to no account (a linked person is reached by uid, once), and a member of the
 * audience: any campus or theirs, and everyone (the staff-only audience means safety staff,
 * who have accounts). People located there are found by the app, which they do not have.
 */
export function rosterReaches(
  audience: Audience,
  person: { status?: unknown; uid?: unknown; campus?: unknown },
): boolean {
  if (person.status !== 'active' || (typeof person.uid === 'string' && person.uid)) return false;
  if (!reachesRoster(audience)) return false;
  if (audience.allCampuses) return true;
  return typeof person.campus === 'string' && audience.campuses.includes(person.campus);
}

/** Whether an audience takes in any roster person: everyone (not staff only) of its campuses. */
export function reachesRoster(audience: Audience): boolean {
  return !audience.staffOnly && reachesMembers(audience);
}

/** The fields the fan-out reads of a roster person. */
export const ROSTER_AUDIENCE_FIELDS = ['status', 'uid', 'campus'] as const;
