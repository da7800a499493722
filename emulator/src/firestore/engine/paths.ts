import { invalid } from './errors.js';

/**
 * Resource names and field paths. Inside the engine a document is addressed by its path relative
 * to `.../documents` (`users/u1`), a collection by its relative path (`users/u1/posts`). Reading
 * and writing the fields of a document at a field path is fields.ts's job, which knows values.
 */

export interface DatabaseRef {
  projectId: string;
  databaseId: string;
}

export interface DocumentName extends DatabaseRef {
  /** Relative path, e.g. `users/u1`. */
  path: string;
}

const ID_MAX_BYTES = 1500;
const NUMERIC_ID = /^__id(-?\d{1,19})__$/;

export function documentsRoot(db: DatabaseRef): string {
  return `projects/${db.projectId}/databases/${db.databaseId}/documents`;
}

export function fullName(db: DatabaseRef, path: string): string {
  return path === '' ? documentsRoot(db) : `${documentsRoot(db)}/${path}`;
}

/** Parses `projects/{p}/databases/{d}`. */
export function parseDatabaseName(name: unknown, what: string): DatabaseRef {
  if (typeof name !== 'string' || name === '') throw invalid(`${what}: database name is required`);
  const m = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name);
  if (!m)
    throw invalid(
      `${what}: invalid database name '${name}', expected projects/{project_id}/databases/{database_id}`,
    );
  return { projectId: m[1]!, databaseId: m[2]! };
}

/** Parses `projects/{p}/databases/{d}/documents[/...]` into the database and the relative path. */
function parseResource(name: unknown, what: string): DocumentName & { segments: string[] } {
  if (typeof name !== 'string' || name === '') throw invalid(`${what}: resource name is required`);
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!m)
    throw invalid(
      `${what}: invalid resource name '${name}', expected projects/{project_id}/databases/{database_id}/documents/...`,
    );
  const path = m[3] ?? '';
  const segments = path === '' ? [] : path.split('/');
  for (const s of segments) validateId(s, `${what}: invalid resource name '${name}'`);
  return { projectId: m[1]!, databaseId: m[2]!, path, segments };
}

export function validateId(id: string, what: string): void {
  if (id === '') throw invalid(`${what}: path segments cannot be empty`);
  if (id === '.' || id === '..') throw invalid(`${what}: '${id}' is not a valid id`);
  // __id<n>__ is how numeric ids are written (the admin SDK uses the smallest one as a bound).
  if (/^__.*__$/.test(id) && !NUMERIC_ID.test(id))
    throw invalid(`${what}: ids matching __.*__ are reserved ('${id}')`);
  if (Buffer.byteLength(id, 'utf8') > ID_MAX_BYTES)
    throw invalid(`${what}: ids must be at most ${ID_MAX_BYTES} bytes`);
}

export function parseDocumentName(name: unknown, what: string): DocumentName {
  const r = parseResource(name, what);
  if (r.segments.length === 0 || r.segments.length % 2 !== 0) {
    throw invalid(
      `${what}: '${String(name)}' is not a document name (it must have an even number of path segments after /documents)`,
    );
  }
  return { projectId: r.projectId, databaseId: r.databaseId, path: r.path };
}

/** A parent for queries and listings: the database root or a document. */
export function parseParentName(name: unknown, what: string): DocumentName {
  const r = parseResource(name, what);
  if (r.segments.length % 2 !== 0)
    throw invalid(`${what}: parent '${String(name)}' must be the documents root or a document`);
  return { projectId: r.projectId, databaseId: r.databaseId, path: r.path };
}

export function collectionPathOf(docPath: string): string {
  return docPath.slice(0, docPath.lastIndexOf('/'));
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function childPath(parent: string, id: string): string {
  return parent === '' ? id : `${parent}/${id}`;
}

/**
 * Orders document names segment by segment (a shorter prefix first), without splitting. Numeric
 * ids (`__id<n>__`) sort before all other ids, by value.
 */
export function compareDocumentNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let segmentStart = 0;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) {
      if (x === 47) segmentStart = i + 1;
      continue;
    }
    if (a.charCodeAt(segmentStart) === 95 || b.charCodeAt(segmentStart) === 95) {
      const numeric = compareNumericIds(segmentAt(a, segmentStart), segmentAt(b, segmentStart));
      if (numeric !== null) return numeric;
    }
    if (x === 47) return -1; // '/': a's segment ended first
    if (y === 47) return 1;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function segmentAt(path: string, start: number): string {
  const end = path.indexOf('/', start);
  return path.slice(start, end === -1 ? path.length : end);
}

/** Compares two ids when at least one is numeric; null when neither is. */
function compareNumericIds(a: string, b: string): number | null {
  const x = NUMERIC_ID.exec(a);
  const y = NUMERIC_ID.exec(b);
  if (!x && !y) return null;
  if (!x) return 1;
  if (!y) return -1;
  const bx = BigInt(x[1]!);
  const by = BigInt(y[1]!);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

// ---- field paths ----

const SIMPLE = /^[A-Za-z_][A-Za-z_0-9]*$/;
const fieldPathCache = new Map<string, string[]>();

/** Parses a field path (`a.b`, `` `x.y`.z ``, with \` and \\ escapes inside backquotes). */
export function parseFieldPath(text: unknown, what: string): string[] {
  if (typeof text !== 'string' || text === '') throw invalid(`${what}: field path is required`);
  const cached = fieldPathCache.get(text);
  if (cached) return cached;
  const segments: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let seg = '';
    if (text[i] === '`') {
      i++;
      let closed = false;
      while (i < text.length) {
        const c = text[i]!;
        if (c === '\\') {
          const next = text[i + 1];
          if (next === undefined) break;
          seg += next;
          i += 2;
          continue;
        }
        if (c === '`') {
          closed = true;
          i++;
          break;
        }
        seg += c;
        i++;
      }
      if (!closed || seg === '') throw invalid(`${what}: invalid field path '${text}'`);
    } else {
      const end = text.indexOf('.', i);
      seg = text.slice(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
      if (!SIMPLE.test(seg))
        throw invalid(
          `${what}: invalid field path '${text}' (quote segments that are not simple identifiers with backquotes)`,
        );
    }
    segments.push(seg);
    if (i === text.length) break;
    if (text[i] !== '.') throw invalid(`${what}: invalid field path '${text}'`);
    i++;
    if (i === text.length) throw invalid(`${what}: invalid field path '${text}'`);
  }
  if (fieldPathCache.size < 10_000) fieldPathCache.set(text, segments);
  return segments;
}

/** Canonical text of a parsed field path (used as a key). */
export function formatFieldPath(segments: string[]): string {
  return segments
    .map((s) => (SIMPLE.test(s) ? s : '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`'))
    .join('.');
}
