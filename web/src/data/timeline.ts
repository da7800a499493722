import { COLLECTIONS, type InternalNote, type TimelineEntry } from '@campus-safety/model';
import { callerUid } from '../lib/auth';
import {
  boundaryAt,
  entityConverter,
  newDocumentId,
  readQueryPage,
  serverTime,
  writeCounted,
} from './firestore';
import type { PageBoundary, QuerySpec, Row, WithId } from './spec';

const entryConverter = entityConverter<TimelineEntry>();
const noteConverter = entityConverter<InternalNote>();
const oldestFirst = { field: 'at', direction: 'asc' } as const;
const newestFirst = { field: 'at', direction: 'desc' } as const;

/** Timeline entries and notes the detail view shows at first, and adds with each "Show older". */
export const TIMELINE_PAGE = 50;
/** Rows read per request when the printout reads a whole timeline. */
const PRINT_PAGE = 200;
/**
 * Most rows of each kind the printout reads (bounds its cost). The notes and accomplishment
 * edits per report are bounded far below it, so a real report never reaches it; if one did,
 * the printout says it is cut.
 */
export const PRINT_MAX_ROWS = 5_000;

function incidentPath(incidentId: string) {
  return [COLLECTIONS.incidentReports, incidentId] as const;
}

/** The newest `limit` server-written timeline entries of one incident (the detail view). */
export function recentTimelineSpec(incidentId: string, limit: number): QuerySpec<TimelineEntry> {
  return {
    path: [...incidentPath(incidentId), COLLECTIONS.timeline],
    converter: entryConverter,
    wheres: [],
    orderBy: newestFirst,
    limit,
  };
}

/** The newest `limit` internal notes of one incident (the detail view). */
export function recentNotesSpec(incidentId: string, limit: number): QuerySpec<InternalNote> {
  return {
    path: [...incidentPath(incidentId), COLLECTIONS.internalNotes],
    converter: noteConverter,
    wheres: [],
    orderBy: newestFirst,
    limit,
  };
}

/** Every row of a list ordered oldest first by `at`, page by page; `complete` false past the cap. */
async function readAll<T>(
  path: readonly string[],
  converter: QuerySpec<T>['converter'],
): Promise<{ rows: WithId<T>[]; complete: boolean }> {
  const rows: WithId<T>[] = [];
  let boundary: PageBoundary | null = null;
  for (;;) {
    const page: Row<T>[] = await readQueryPage<T>({
      path,
      converter,
      wheres: [],
      orderBy: oldestFirst,
      limit: PRINT_PAGE,
      boundary,
    });
    rows.push(...page);
    if (page.length < PRINT_PAGE) return { rows, complete: true };
    if (rows.length >= PRINT_MAX_ROWS) return { rows, complete: false };
    boundary = boundaryAt(page[page.length - 1]!, 'at', 'after');
  }
}

/** The whole timeline and all notes of one incident, oldest first (the printed staff record). */
export async function readWholeTimeline(incidentId: string) {
  const [entries, notes] = await Promise.all([
    readAll<TimelineEntry>([...incidentPath(incidentId), COLLECTIONS.timeline], entryConverter),
    readAll<InternalNote>([...incidentPath(incidentId), COLLECTIONS.internalNotes], noteConverter),
  ]);
  return {
    entries: entries.rows,
    notes: notes.rows,
    complete: entries.complete && notes.complete,
  };
}

/**
 * Adds a note as the signed-in staff member: the rules check the author against the caller and
 * the staff directory, the time against the commit, and that the report's note count grows by
 * one within LIMITS.internalNotesPerReport (at the limit the error says so).
 */
export function addInternalNote(incidentId: string, text: string, authorName: string) {
  const path = [...incidentPath(incidentId), COLLECTIONS.internalNotes];
  return writeCounted(
    incidentPath(incidentId),
    'internal_notes',
    [...path, newDocumentId(path)],
    'create',
    () => ({ text, authorId: callerUid(), authorName, at: serverTime() }),
    'The note was not saved',
  );
}
