/**
 * A roster import, pure (docs/mass-notifications.md#roster): the CSV read into entries with
 * every row's problems named (row and column), then, against the current roster, what applying
 * it changes. importRoster and the nightly endpoint both go through here.
 */
import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import Papa from 'papaparse';
import {
  ROSTER_COLUMNS,
  ROSTER_DEFAULT_REGION,
  ROSTER_LIMITS,
  ROSTER_OPTIONAL_COLUMNS,
  ROSTER_REQUIRED_COLUMNS,
  rosterAffiliation,
  activeCampuses,
  rosterCampus,
  type Campuses,
  rosterEntrySchema,
  rosterTooLargeMessage,
  type RosterColumn,
  type RosterCounts,
  type RosterEntry,
  type RosterMode,
  type RosterProblem,
  type RosterStatus,
} from '@campus-safety/model';

export interface RosterRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  entry: RosterEntry;
}

export interface ParsedRoster {
  /** Data rows with anything in them. */
  rows: number;
  entries: RosterRow[];
  problems: RosterProblem[];
}

const ENTRY_FIELD: Record<RosterColumn, keyof RosterEntry> = {
  external_id: 'externalId',
  name: 'name',
  email: 'email',
  phone: 'phone',
  campus: 'campus',
  affiliation: 'affiliation',
  language: 'language',
};
const COLUMN_OF = Object.fromEntries(
  Object.entries(ENTRY_FIELD).map(([column, field]) => [field, column]),
) as Record<keyof RosterEntry, RosterColumn>;

function fileProblem(message: string): ParsedRoster {
  return { rows: 0, entries: [], problems: [{ row: null, column: null, message }] };
}

/** The header's columns in order, or why it is not the documented one. */
function readHeader(cells: string[]): RosterColumn[] | string {
  const names = cells.map((c) => c.trim().toLowerCase());
  const known = new Set<string>(ROSTER_COLUMNS);
  const unknown = names.filter((n) => !known.has(n));
  const missing = ROSTER_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  const expected = `The header must name the columns ${ROSTER_REQUIRED_COLUMNS.join(', ')} (and optionally ${ROSTER_OPTIONAL_COLUMNS.join(', ')}), in any order.`;
  if (unknown.length > 0)
    return `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. ${expected}`;
  if (missing.length > 0)
    return `Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ${expected}`;
  if (twice.length > 0) return `The column ${twice[0]} is named twice. ${expected}`;
  return names as RosterColumn[];
}

/** The phone cell in E.164, null when empty, or the problem. */
function readPhone(cell: string): { phone: string | null } | { problem: string } {
  const typed = cell.trim();
  if (typed === '') return { phone: null };
  if (typed.length > ROSTER_LIMITS.phoneCell)
    return { problem: `The phone is at most ${ROSTER_LIMITS.phoneCell} characters.` };
  const number = parsePhoneNumberFromString(typed, ROSTER_DEFAULT_REGION);
  if (!number?.isValid()) return { problem: `Invalid phone number "${typed}".` };
  return { phone: number.number };
}

/** One data row cleaned into an entry, or its problems (each named by its column). */
function readRow(
  row: number,
  columns: RosterColumn[],
  cells: string[],
  campuses: Campuses,
): RosterEntry | RosterProblem[] {
  const cell = (c: RosterColumn) => cells[columns.indexOf(c)] ?? '';
  const problems: RosterProblem[] = [];
  const phone = readPhone(cell('phone'));
  if ('problem' in phone) problems.push({ row, column: 'phone', message: phone.problem });
  const campusCell = cell('campus').trim();
  const campus = rosterCampus(campusCell, campuses);
  if (!campus)
    problems.push({
      row,
      column: 'campus',
      message: `Unknown campus (got "${campusCell}"): use one of ${activeCampuses(campuses)
        .map((c) => c.name)
        .join(', ')}.`,
    });
  const affiliationCell = cell('affiliation').trim();
  const language = cell('language').trim();
  const candidate = {
    externalId: cell('external_id').trim(),
    name: cell('name').trim(),
    email: cell('email').trim().toLowerCase(),
    phone: 'phone' in phone ? phone.phone : null,
    campus: campus ?? '',
    affiliation: rosterAffiliation(affiliationCell) ?? affiliationCell,
    language: language === '' ? null : language,
  };
  const parsed = rosterEntrySchema.safeParse(candidate);
  if (parsed.success && problems.length === 0) return parsed.data;
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof RosterEntry;
    const column = COLUMN_OF[field];
    if (column === 'campus' && !campus) continue; // said above, with the campuses to use
    const got =
      column === 'campus' || column === 'affiliation' ? ` (got "${cell(column).trim()}")` : '';
    problems.push({ row, column, message: `${issue.message}${got}` });
  }
  return problems;
}

/**
 * Reads a roster CSV: the header (exactly the documented columns, any order and case), at most
 * ROSTER_LIMITS.rows data rows, every row cleaned (email lower-case, phone in E.164), and the
 * rows that repeat another's external id, email or phone named. A file problem (size, header,
 * rows) stops the reading: nothing of such a file is planned.
 */
export function parseRosterCsv(csv: string, campuses: Campuses): ParsedRoster {
  if (Buffer.byteLength(csv, 'utf8') > ROSTER_LIMITS.fileBytes)
    return fileProblem(rosterTooLargeMessage());
  const { data, errors } = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: false,
  });
  const headerCells = data[0];
  if (!headerCells || headerCells.every((c) => c.trim() === ''))
    return fileProblem('The file is empty: the first row must be the header.');
  const columns = readHeader(headerCells);
  if (typeof columns === 'string') return fileProblem(columns);
  const filled = data
    .map((cells, index) => ({ cells, row: index + 1 }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (filled.length > ROSTER_LIMITS.rows)
    return fileProblem(
      `The file has ${filled.length} rows; at most ${ROSTER_LIMITS.rows} are imported at once.`,
    );

  const problems: RosterProblem[] = errors
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => ({
      row: (e.row ?? 0) + 1,
      column: null,
      message: `Unreadable CSV: ${e.message}.`,
    }));
  const entries: RosterRow[] = [];
  for (const { cells, row } of filled) {
    if (cells.length !== columns.length) {
      problems.push({
        row,
        column: null,
        message: `The row has ${cells.length} cells; the header has ${columns.length}.`,
      });
      continue;
    }
    const read = readRow(row, columns, cells, campuses);
    if (Array.isArray(read)) problems.push(...read);
    else entries.push({ row, entry: read });
  }
  problems.push(...duplicates(entries));
  problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { rows: filled.length, entries, problems };
}

const UNIQUE: { column: RosterColumn; field: 'externalId' | 'email' | 'phone'; what: string }[] = [
  { column: 'external_id', field: 'externalId', what: 'external id' },
  { column: 'email', field: 'email', what: 'email' },
  { column: 'phone', field: 'phone', what: 'phone' },
];

/** The rows whose external id, email or phone an earlier row of the file already has. */
function duplicates(entries: RosterRow[]): RosterProblem[] {
  const problems: RosterProblem[] = [];
  for (const { column, field, what } of UNIQUE) {
    const first = new Map<string, number>();
    for (const { row, entry } of entries) {
      const value = entry[field];
      if (value === null) continue;
      const earlier = first.get(value);
      if (earlier === undefined) first.set(value, row);
      else
        problems.push({
          row,
          column,
          message: `Duplicate ${what} "${value}": also on row ${earlier}.`,
        });
    }
  }
  return problems;
}

/** The rows whose email or phone belongs to another person of the roster (`holders`). */
function heldByOthers(
  entries: RosterRow[],
  holders: Record<'email' | 'phone', Map<string, string>>,
): RosterProblem[] {
  const problems: RosterProblem[] = [];
  for (const { column, field, what } of UNIQUE) {
    if (field === 'externalId') continue;
    for (const { row, entry } of entries) {
      const holder = entry[field] === null ? undefined : holders[field].get(entry[field]);
      if (holder !== undefined && holder !== entry.externalId)
        problems.push({
          row,
          column,
          message: `Duplicate ${what} "${entry[field]}": ${holder}, who stays on the roster, has it.`,
        });
    }
  }
  return problems;
}

/** Of the entry's fields, in a fixed order: equal entries hash equal. */
export function rosterContentHash(entry: RosterEntry): string {
  const fields = [
    entry.externalId,
    entry.name,
    entry.email,
    entry.phone,
    entry.campus,
    entry.affiliation,
    entry.language,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** What the plan needs of a person already on the roster. */
export interface CurrentRosterPerson {
  contentHash: string;
  status: RosterStatus;
  email: string;
  phone: string | null;
}

export interface RosterWrite {
  entry: RosterEntry;
  contentHash: string;
}

export interface RosterPlan {
  counts: RosterCounts;
  /** Every problem: a plan with any is never applied. */
  problems: RosterProblem[];
  add: RosterWrite[];
  change: RosterWrite[];
  /** External ids of the active people missing from the file (mode `replace`). */
  retire: string[];
}

/**
 * What applying the file changes, keyed by external id: rows new to the roster are added, rows
 * whose content (or retired status) differs are changed, the rest are unchanged; in mode
 * `replace` the active people the file leaves out are retired (Everbridge's semantics), in mode
 * `update` they stay as they are, and then their email and phone are still theirs: a row that
 * takes one is a duplicate.
 */
export function planRosterImport(
  parsed: ParsedRoster,
  current: ReadonlyMap<string, CurrentRosterPerson>,
  mode: RosterMode,
): RosterPlan {
  const inFile = new Set(parsed.entries.map((r) => r.entry.externalId));
  const problems = [...parsed.problems];
  if (mode === 'update') {
    const taken = { email: new Map<string, string>(), phone: new Map<string, string>() };
    for (const [id, person] of current) {
      if (inFile.has(id) || person.status !== 'active') continue;
      taken.email.set(person.email, id);
      if (person.phone) taken.phone.set(person.phone, id);
    }
    problems.push(...heldByOthers(parsed.entries, taken));
    problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  }
  const add: RosterWrite[] = [];
  const change: RosterWrite[] = [];
  let unchanged = 0;
  for (const { entry } of parsed.entries) {
    const contentHash = rosterContentHash(entry);
    const now = current.get(entry.externalId);
    if (!now) add.push({ entry, contentHash });
    else if (now.contentHash !== contentHash || now.status !== 'active')
      change.push({ entry, contentHash });
    else unchanged += 1;
  }
  const retire =
    mode === 'replace'
      ? [...current].filter(([id, p]) => p.status === 'active' && !inFile.has(id)).map(([id]) => id)
      : [];
  return {
    counts: {
      rows: parsed.rows,
      add: add.length,
      change: change.length,
      unchanged,
      retire: retire.length,
    },
    problems,
    add,
    change,
    retire,
  };
}
