import { invalid, isObject, optInt, optMessage } from './errors.js';
import { getField } from './fields.js';
import { parseFieldPath } from './paths.js';
import type { StoredDoc } from './store.js';
import { encodeDouble, normalizeValue, vectorOf } from './values.js';

/**
 * Vector search (`StructuredQuery.findNearest`) by exact, brute-force distance: the emulator has
 * no vector index, and exact search returns what an index would with perfect recall. Rules and
 * messages follow the official emulator (1.19.9).
 */
export interface NearestSpec {
  path: string[];
  query: number[];
  measure: DistanceMeasure;
  limit: number;
  /** Top-level field that receives the distance (a literal name, not a path), or null. */
  resultField: string | null;
  threshold: number | null;
}

type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

const MEASURES: Record<string, DistanceMeasure> = {
  EUCLIDEAN: 'EUCLIDEAN',
  COSINE: 'COSINE',
  DOT_PRODUCT: 'DOT_PRODUCT',
  1: 'EUCLIDEAN',
  2: 'COSINE',
  3: 'DOT_PRODUCT',
};
const MAX_NEAREST_LIMIT = 1000;

/** Parses `findNearest`; the caller has checked that it is set. */
export function parseFindNearest(sq: Record<string, unknown>, what: string): NearestSpec {
  const fn = optMessage(sq, 'findNearest', what)!;
  if (optInt(sq, 'limit', what) !== undefined)
    throw invalid(`${what}: A query limit cannot be used with FindNearest`);
  if ((optInt(sq, 'offset', what) ?? 0) !== 0)
    throw invalid(`${what}: A query offset cannot be used with FindNearest`);
  if (isSet(sq.startAt) || isSet(sq.endAt))
    throw invalid(`${what}: A cursor cannot be used with FindNearest`);
  const field = optMessage(fn, 'vectorField', `${what}: findNearest`);
  const path = parseFieldPath(field?.fieldPath, `${what}: findNearest.vectorField`);
  const query = vectorOf(normalizeValue(fn.queryVector, `${what}: findNearest.queryVector`));
  if (!query) throw invalid(`${what}: Query Value must be of type vector.`);
  const measure = MEASURES[String(fn.distanceMeasure)];
  if (!measure) throw invalid(`${what}: Unknown Distance Measure.`);
  const limit = optInt(fn, 'limit', `${what}: findNearest`);
  if (limit === undefined || limit <= 0 || limit > MAX_NEAREST_LIMIT) {
    throw invalid(
      `${what}: FindNearest.limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT}`,
    );
  }
  let resultField: string | null = null;
  if (isSet(fn.distanceResultField) && fn.distanceResultField !== '') {
    if (typeof fn.distanceResultField !== 'string')
      throw invalid(`${what}: findNearest.distanceResultField must be a string`);
    if (/^__.*__$/.test(fn.distanceResultField)) {
      throw invalid(
        `${what}: The distanceResultField.property.name "${fn.distanceResultField}" is reserved.`,
      );
    }
    resultField = fn.distanceResultField;
  }
  let threshold: number | null = null;
  if (isSet(fn.distanceThreshold)) {
    const raw = isObject(fn.distanceThreshold) ? fn.distanceThreshold.value : fn.distanceThreshold;
    if (typeof raw !== 'number')
      throw invalid(`${what}: findNearest.distanceThreshold must be a number`);
    threshold = raw;
  }
  return { path, query, measure, limit, resultField, threshold };
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function distance(measure: DistanceMeasure, a: number[], b: number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  let squares = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    aa += x * x;
    bb += y * y;
    squares += (x - y) * (x - y);
  }
  if (measure === 'EUCLIDEAN') return Math.sqrt(squares);
  if (measure === 'DOT_PRODUCT') return dot;
  return 1 - dot / (Math.sqrt(aa) * Math.sqrt(bb)); // NaN for a zero vector, as the official has it
}

/**
 * The `limit` documents nearest to the query vector among `items` (already filtered), nearest
 * first (for DOT_PRODUCT: largest first), equal distances in `tieBreak` order (the query's
 * orderBy, then the document name). Only documents whose field is a vector of the query's
 * dimension take part. With `resultField` each returned document carries its distance in that
 * field (a copy; stored documents are never changed).
 */
export function nearestDocs<T extends { doc: StoredDoc }>(
  spec: NearestSpec,
  items: Iterable<T>,
  tieBreak: (a: T, b: T) => number,
): StoredDoc[] {
  const scored: { item: T; distance: number }[] = [];
  for (const item of items) {
    const value = getField(item.doc.fields, spec.path);
    const vector = value ? vectorOf(value) : null;
    if (!vector || vector.length !== spec.query.length) continue;
    const d = distance(spec.measure, vector, spec.query);
    if (spec.threshold !== null && !withinThreshold(spec, d)) continue;
    scored.push({ item, distance: d });
  }
  const sign = spec.measure === 'DOT_PRODUCT' ? -1 : 1;
  scored.sort(
    (x, y) => sign * compareDistances(x.distance, y.distance) || tieBreak(x.item, y.item),
  );
  return scored.slice(0, spec.limit).map(({ item: { doc }, distance: d }) =>
    spec.resultField === null
      ? doc
      : {
          ...doc,
          fields: { ...doc.fields, [spec.resultField]: { doubleValue: encodeDouble(d) } },
        },
  );
}

/** Euclidean and cosine keep distances up to the threshold; dot product keeps values from it. */
function withinThreshold(spec: NearestSpec, d: number): boolean {
  return spec.measure === 'DOT_PRODUCT' ? d >= spec.threshold! : d <= spec.threshold!;
}

/** NaN distances (zero vectors under COSINE) tie with each other and sort after numbers. */
function compareDistances(x: number, y: number): number {
  if (Number.isNaN(x) || Number.isNaN(y))
    return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? 1 : -1;
  return x < y ? -1 : x > y ? 1 : 0;
}
