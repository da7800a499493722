/**
 * The index definitions of a `firestore.indexes.json` (the format `firebase deploy` reads),
 * validated into the form the index planner (index-planner.ts) works with. Field paths are kept
 * in their canonical text (paths.ts), so `report.campus` here and in a query compare equal.
 */
import { FirestoreApiError } from '../service.js';
import { formatFieldPath, parseFieldPath } from './paths.js';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
/** How an index holds one field: ordered either way, or one entry per array element. */
export type IndexMode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS';
export type Direction = 'ASCENDING' | 'DESCENDING';

export interface IndexField {
  fieldPath: string;
  mode: IndexMode;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  /** The fields before the implicit or explicit `__name__`. */
  fields: IndexField[];
  /** `__name__`'s direction: explicit, else the last field's (ascending after a CONTAINS field). */
  nameDirection: Direction;
}

/** A single-field index exemption: the listed indexes replace the automatic ones of that field. */
export interface FieldOverride {
  collectionGroup: string;
  /** Canonical field path, or `*` for every field of the collection group without its own. */
  fieldPath: string;
  indexes: { mode: IndexMode; queryScope: QueryScope }[];
}

export interface IndexConfig {
  composites: CompositeIndex[];
  overrides: FieldOverride[];
}

/** Bounds well above Firestore's own (200 composite indexes, 200 exemptions, 100 fields). */
export const MAX_INDEX_FILE_BYTES = 1024 * 1024;
const MAX_INDEXES = 1000;
const MAX_OVERRIDES = 1000;
const MAX_FIELDS = 100;

export const EMPTY_INDEX_CONFIG: IndexConfig = { composites: [], overrides: [] };

export class IndexConfigError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function nonEmptyString(v: unknown, where: string): string {
  if (typeof v !== 'string' || v === '')
    throw new IndexConfigError(`${where} must be a non-empty string`);
  return v;
}

function canonicalPath(v: unknown, where: string): string {
  const text = nonEmptyString(v, where);
  try {
    return formatFieldPath(parseFieldPath(text, where));
  } catch (error) {
    if (error instanceof FirestoreApiError) throw new IndexConfigError(error.message);
    throw error;
  }
}

function scopeOf(v: unknown, where: string): QueryScope {
  if (v === undefined) return 'COLLECTION';
  if (v === 'COLLECTION' || v === 'COLLECTION_GROUP') return v;
  throw new IndexConfigError(`${where} must be COLLECTION or COLLECTION_GROUP`);
}

/** `order` or `arrayConfig` (exactly one); null for a vector index field, which no query here uses. */
function modeOf(field: Record<string, unknown>, where: string): IndexMode | null {
  const set = ['order', 'arrayConfig', 'vectorConfig'].filter((k) => field[k] !== undefined);
  if (set.length !== 1)
    throw new IndexConfigError(`${where} must set exactly one of order, arrayConfig, vectorConfig`);
  if (field.order !== undefined) {
    if (field.order !== 'ASCENDING' && field.order !== 'DESCENDING')
      throw new IndexConfigError(`${where}.order must be ASCENDING or DESCENDING`);
    return field.order;
  }
  if (field.arrayConfig !== undefined) {
    if (field.arrayConfig !== 'CONTAINS')
      throw new IndexConfigError(`${where}.arrayConfig must be CONTAINS`);
    return 'CONTAINS';
  }
  return null;
}

function compositeOf(json: unknown, where: string): CompositeIndex | null {
  if (!isRecord(json)) throw new IndexConfigError(`${where} must be an object`);
  const collectionGroup = nonEmptyString(json.collectionGroup, `${where}.collectionGroup`);
  const queryScope = scopeOf(json.queryScope, `${where}.queryScope`);
  if (!Array.isArray(json.fields) || json.fields.length === 0)
    throw new IndexConfigError(`${where}.fields must be a non-empty array`);
  if (json.fields.length > MAX_FIELDS)
    throw new IndexConfigError(`${where}.fields has more than ${MAX_FIELDS} fields`);
  const fields: IndexField[] = [];
  let explicitName: Direction | null = null;
  let vector = false;
  const seen = new Set<string>();
  for (const [i, raw] of json.fields.entries()) {
    const at = `${where}.fields[${i}]`;
    if (!isRecord(raw)) throw new IndexConfigError(`${at} must be an object`);
    const fieldPath = canonicalPath(raw.fieldPath, `${at}.fieldPath`);
    const mode = modeOf(raw, at);
    if (seen.has(fieldPath)) throw new IndexConfigError(`${at}: field ${fieldPath} appears twice`);
    seen.add(fieldPath);
    if (fieldPath === '__name__') {
      if (i !== json.fields.length - 1 || (mode !== 'ASCENDING' && mode !== 'DESCENDING'))
        throw new IndexConfigError(`${at}: __name__ may only be the last field, with an order`);
      explicitName = mode;
      continue;
    }
    if (mode === null) vector = true;
    else fields.push({ fieldPath, mode });
  }
  if (fields.filter((f) => f.mode === 'CONTAINS').length > 1)
    throw new IndexConfigError(`${where}: an index may hold at most one arrayConfig field`);
  if (vector) return null;
  if (fields.length === 0)
    throw new IndexConfigError(`${where}.fields needs a field besides __name__`);
  const last = fields[fields.length - 1]!.mode;
  const nameDirection = explicitName ?? (last === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING');
  return { collectionGroup, queryScope, fields, nameDirection };
}

function overrideOf(json: unknown, where: string): FieldOverride {
  if (!isRecord(json)) throw new IndexConfigError(`${where} must be an object`);
  const collectionGroup = nonEmptyString(json.collectionGroup, `${where}.collectionGroup`);
  const fieldPath =
    json.fieldPath === '*' ? '*' : canonicalPath(json.fieldPath, `${where}.fieldPath`);
  if (json.ttl !== undefined && typeof json.ttl !== 'boolean')
    throw new IndexConfigError(`${where}.ttl must be a boolean`);
  const rawIndexes = json.indexes ?? [];
  if (!Array.isArray(rawIndexes) || rawIndexes.length > 10)
    throw new IndexConfigError(`${where}.indexes must be an array of at most 10 entries`);
  const indexes = rawIndexes.map((raw, i) => {
    const at = `${where}.indexes[${i}]`;
    if (!isRecord(raw)) throw new IndexConfigError(`${at} must be an object`);
    const mode = modeOf(raw, at);
    if (mode === null) throw new IndexConfigError(`${at}: vector indexes are not single-field`);
    return { mode, queryScope: scopeOf(raw.queryScope, `${at}.queryScope`) };
  });
  return { collectionGroup, fieldPath, indexes };
}

/** Validates a parsed `firestore.indexes.json`; throws IndexConfigError naming the bad entry. */
export function parseIndexConfig(json: unknown): IndexConfig {
  if (!isRecord(json)) throw new IndexConfigError('the file must hold a JSON object');
  const indexes = json.indexes ?? [];
  const overrides = json.fieldOverrides ?? [];
  if (!Array.isArray(indexes)) throw new IndexConfigError('"indexes" must be an array');
  if (!Array.isArray(overrides)) throw new IndexConfigError('"fieldOverrides" must be an array');
  if (indexes.length > MAX_INDEXES)
    throw new IndexConfigError(`more than ${MAX_INDEXES} entries in "indexes"`);
  if (overrides.length > MAX_OVERRIDES)
    throw new IndexConfigError(`more than ${MAX_OVERRIDES} entries in "fieldOverrides"`);
  const composites = indexes
    .map((entry, i) => compositeOf(entry, `indexes[${i}]`))
    .filter((c): c is CompositeIndex => c !== null);
  return {
    composites,
    overrides: overrides.map((entry, i) => overrideOf(entry, `fieldOverrides[${i}]`)),
  };
}

/** Parses the text of an indexes file (bounded in size). */
export function parseIndexFile(text: string): IndexConfig {
  if (Buffer.byteLength(text) > MAX_INDEX_FILE_BYTES)
    throw new IndexConfigError(`the file is larger than ${MAX_INDEX_FILE_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new IndexConfigError(`not valid JSON: ${(error as Error).message}`);
  }
  return parseIndexConfig(json);
}
