import {
  ROSTER_COLUMNS,
  activeCampuses,
  type Campuses,
  ROSTER_LIMITS,
  ROSTER_OPTIONAL_COLUMNS,
  ROSTER_REQUIRED_COLUMNS,
  rosterTooLargeMessage,
  type ImportRosterResponse,
  type RosterMode,
} from '@campus-safety/model';
import { toCsv } from '../../lib/csv';

/** A chosen file as read: its name and its text (what a preview and an apply send). */
export interface ChosenRoster {
  fileName: string;
  csv: string;
}

/** The preview the server answered, and the exact text and mode it was asked for. */
export interface RosterPreview {
  csv: string;
  mode: RosterMode;
  response: ImportRosterResponse;
}

/**
 * Apply is offered for the very text and mode just previewed, and only when that preview found
 * rows and not a single problem and has not been applied: choosing another file or mode asks for
 * a new preview first.
 */
export function canApply(
  preview: RosterPreview | null,
  chosen: ChosenRoster | null,
  mode: RosterMode,
): boolean {
  return (
    preview !== null &&
    chosen !== null &&
    preview.csv === chosen.csv &&
    preview.mode === mode &&
    !preview.response.applied &&
    preview.response.problemCount === 0 &&
    preview.response.counts.rows > 0
  );
}

/** Refuses a file past the server's bound before it is read (the same limit and sentence). */
export function rosterFileProblem(file: { size: number }): string | undefined {
  return file.size > ROSTER_LIMITS.fileBytes ? rosterTooLargeMessage() : undefined;
}

/** The header the import expects, every column of the model, `language` last and optional. */
export const ROSTER_HEADER_TEXT = `${ROSTER_REQUIRED_COLUMNS.join(', ')} (and optionally ${ROSTER_OPTIONAL_COLUMNS.join(', ')})`;

/**
 * A downloadable sample: the model's columns and two rows that import cleanly, on the
 * institution's first two campuses (the first twice when it has one).
 */
export function sampleRosterCsv(campuses: Campuses): string {
  const active = activeCampuses(campuses);
  const [one, other] = [active[0]?.name ?? '', (active[1] ?? active[0])?.name ?? ''];
  const example: Record<(typeof ROSTER_COLUMNS)[number], string> = {
    external_id: 'S-0001',
    name: 'Maria Santos',
    email: 'maria.santos@example.edu',
    // Without a country code it is read in ROSTER_DEFAULT_REGION; the file keeps no formula-like "+".
    phone: '0917 123 4567',
    campus: one,
    affiliation: 'student',
    language: 'fil',
  };
  const second: typeof example = {
    external_id: 'H-0002',
    name: 'Jose Reyes',
    email: 'jose.reyes@example.edu',
    phone: '',
    campus: other,
    affiliation: 'staff',
    language: '',
  };
  return toCsv(
    ROSTER_COLUMNS,
    [example, second].map((row) => ROSTER_COLUMNS.map((c) => row[c])),
  );
}
