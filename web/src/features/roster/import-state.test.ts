import { describe, expect, it } from 'vitest';
import {
  ROSTER_COLUMNS,
  ROSTER_LIMITS,
  rosterCampus,
  type ImportRosterResponse,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { canApply, rosterFileProblem, sampleRosterCsv, type RosterPreview } from './import-state';

const clean: ImportRosterResponse = {
  mode: 'update',
  applied: false,
  counts: { rows: 2, add: 2, change: 0, unchanged: 0, retire: 0 },
  problemCount: 0,
  problems: [],
};
const previewOf = (csv: string, response: Partial<ImportRosterResponse> = {}): RosterPreview => ({
  csv,
  mode: 'update',
  response: { ...clean, ...response },
});
const file = (csv: string) => ({ fileName: 'people.csv', csv });

describe('canApply', () => {
  it('offers Apply after a clean preview of the same text in the same mode', () => {
    expect(canApply(previewOf('a'), file('a'), 'update')).toBe(true);
  });

  it('asks for a new preview once another file or another mode is chosen', () => {
    expect(canApply(previewOf('a'), file('a, fixed'), 'update')).toBe(false);
    expect(canApply(previewOf('a'), file('a'), 'replace')).toBe(false);
    expect(canApply(null, file('a'), 'update')).toBe(false);
  });

  it('never offers Apply for a file with a problem, no rows, or already applied', () => {
    const problem = { row: 3, column: 'email' as const, message: 'Invalid email address.' };
    expect(
      canApply(previewOf('a', { problemCount: 1, problems: [problem] }), file('a'), 'update'),
    ).toBe(false);
    const empty = { ...clean.counts, rows: 0, add: 0 };
    expect(canApply(previewOf('a', { counts: empty }), file('a'), 'update')).toBe(false);
    expect(canApply(previewOf('a', { applied: true }), file('a'), 'update')).toBe(false);
  });
});

describe('the roster file', () => {
  it('is refused past the size the server enforces', () => {
    expect(rosterFileProblem({ size: ROSTER_LIMITS.fileBytes })).toBeUndefined();
    expect(rosterFileProblem({ size: ROSTER_LIMITS.fileBytes + 1 })).toMatch(/larger than 5 MB/);
  });

  it('has a sample headed by the model’s columns, naming campuses the import reads back', () => {
    const [header, ...rows] = sampleRosterCsv(DEMO_CAMPUSES).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(ROSTER_COLUMNS.join(','));
    const campusColumn = ROSTER_COLUMNS.indexOf('campus');
    const campuses = rows.filter(Boolean).map((row) => row.split(',')[campusColumn]!);
    expect(campuses).toEqual(['Main Campus', 'North Campus']);
    expect(campuses.map((cell) => rosterCampus(cell, DEMO_CAMPUSES))).toEqual(['main', 'north']);
  });
});
