import type { WriteResult } from '../protocol/messages.js';
import {
  alreadyExists,
  failedPrecondition,
  invalid,
  isObject,
  notFound,
  optArray,
  optMessage,
} from './errors.js';
import { deleteField, getField, setField } from './fields.js';
import { fullName, parseDocumentName, parseFieldPath, type DatabaseRef } from './paths.js';
import { makeDoc, type StoredDoc } from './store.js';
import { microsToTimestamp, timestampToMicros } from './time.js';
import {
  compareNumbers,
  doubleOf,
  encodeDouble,
  fieldsSize,
  isNaNValue,
  isNumber,
  isReservedFieldName,
  normalizeFields,
  normalizeValue,
  sameFields,
  valuesEqual,
  type Fields,
  type Value,
} from './values.js';

/** A validated google.firestore.v1.Write. */
export interface ParsedWrite {
  /** `verify` (sent by the web SDK in transactions) only checks its precondition. */
  kind: 'update' | 'delete' | 'transform' | 'verify';
  name: string;
  path: string;
  fields: Fields;
  mask: string[][] | null;
  transforms: ParsedTransform[];
  precondition: { exists?: boolean; updateTime?: number };
}

type TransformKind = 'serverTime' | 'increment' | 'maximum' | 'minimum' | 'append' | 'remove';

export interface ParsedTransform {
  path: string[];
  kind: TransformKind;
  operand: Value;
  elements: Value[];
}

export const MAX_DOCUMENT_BYTES = 1_048_576;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function parseWrite(w: unknown, db: DatabaseRef, where: string): ParsedWrite {
  if (!isObject(w)) throw invalid(`${where}: a write must be an object`);
  const ops = (['update', 'delete', 'transform', 'verify'] as const).filter(
    (k) => w[k] !== undefined && w[k] !== null,
  );
  if (ops.length !== 1)
    throw invalid(`${where}: a write must have exactly one of update, delete, transform or verify`);
  const kind = ops[0]!;
  let name: unknown;
  let fields: Fields = {};
  let transformsJson: unknown[] = optArray(w, 'updateTransforms', where);
  if (kind === 'update') {
    const doc = optMessage(w, 'update', where)!;
    name = doc.name;
    fields = normalizeFields(doc.fields ?? {}, '');
  } else if (kind === 'delete' || kind === 'verify') {
    name = w[kind];
    if (transformsJson.length > 0)
      throw invalid(`${where}: a ${kind} cannot have updateTransforms`);
  } else {
    const t = optMessage(w, 'transform', where)!;
    name = t.document;
    if (transformsJson.length > 0)
      throw invalid(`${where}: a transform write cannot also have updateTransforms`);
    transformsJson = optArray(t, 'fieldTransforms', `${where}.transform`);
  }
  const parsed = parseDocumentName(name, where);
  if (parsed.projectId !== db.projectId || parsed.databaseId !== db.databaseId) {
    throw invalid(
      `${where}: document '${String(name)}' is not in database projects/${db.projectId}/databases/${db.databaseId}`,
    );
  }
  let mask: string[][] | null = null;
  const maskJson = optMessage(w, 'updateMask', where);
  if (maskJson) {
    if (kind !== 'update') throw invalid(`${where}: updateMask is only allowed with update`);
    mask = optArray(maskJson, 'fieldPaths', `${where}.updateMask`).map((p) =>
      writablePath(p, `${where}.updateMask`),
    );
  }
  const transforms = transformsJson.map((t, i) =>
    parseTransform(t, `${where}.fieldTransforms[${i}]`),
  );
  const precondition = parsePrecondition(w.currentDocument, where);
  return { kind, name: String(name), path: parsed.path, fields, mask, transforms, precondition };
}

/** A field path a write may set: no segment may be a reserved name (`__.*__`), at any depth. */
function writablePath(text: unknown, where: string): string[] {
  const path = parseFieldPath(text, where);
  const reserved = path.find(isReservedFieldName);
  if (reserved !== undefined)
    throw invalid(`${where}: Invalid reserved name in field path ${reserved}`);
  return path;
}

export function parsePrecondition(p: unknown, where: string): ParsedWrite['precondition'] {
  if (p === undefined || p === null) return {};
  if (!isObject(p)) throw invalid(`${where}: currentDocument must be an object`);
  const hasExists = p.exists !== undefined && p.exists !== null;
  const hasTime = p.updateTime !== undefined && p.updateTime !== null;
  if (hasExists && hasTime)
    throw invalid(`${where}: a precondition sets either exists or updateTime, not both`);
  if (hasExists) {
    if (typeof p.exists !== 'boolean')
      throw invalid(`${where}: currentDocument.exists must be a boolean`);
    return { exists: p.exists };
  }
  if (hasTime)
    return { updateTime: timestampToMicros(p.updateTime, `${where}: currentDocument.updateTime`) };
  return {};
}

function parseTransform(t: unknown, where: string): ParsedTransform {
  if (!isObject(t)) throw invalid(`${where}: a field transform must be an object`);
  const path = writablePath(t.fieldPath, where);
  const kinds = [
    'setToServerValue',
    'increment',
    'maximum',
    'minimum',
    'appendMissingElements',
    'removeAllFromArray',
  ].filter((k) => t[k] !== undefined && t[k] !== null);
  if (kinds.length !== 1)
    throw invalid(`${where}: a field transform must set exactly one transform type`);
  const k = kinds[0]!;
  const none: Value = { nullValue: 'NULL_VALUE' };
  switch (k) {
    case 'setToServerValue':
      if (t[k] !== 'REQUEST_TIME' && t[k] !== 1)
        throw invalid(`${where}: setToServerValue must be REQUEST_TIME`);
      return { path, kind: 'serverTime', operand: none, elements: [] };
    case 'increment':
    case 'maximum':
    case 'minimum': {
      const operand = normalizeValue(t[k], where);
      if (!isNumber(operand)) throw invalid(`${where}: ${k} requires an integer or double value`);
      return { path, kind: k, operand, elements: [] };
    }
    default: {
      const arr = t[k];
      if (!isObject(arr)) throw invalid(`${where}: ${k} must be an ArrayValue`);
      const elements = optArray(arr, 'values', where).map((e, i) =>
        normalizeValue(e, `${where}.${k}[${i}]`, { depth: 1, inArray: true, stored: true }),
      );
      return {
        path,
        kind: k === 'appendMissingElements' ? 'append' : 'remove',
        operand: none,
        elements,
      };
    }
  }
}

export interface AppliedWrite {
  doc: StoredDoc | null;
  result: WriteResult;
}

/** Applies one write to the document's current version (null: missing) at commitTime. */
export function applyWrite(
  db: DatabaseRef,
  current: StoredDoc | null,
  w: ParsedWrite,
  commitTime: number,
): AppliedWrite {
  const p = w.precondition;
  if (p.exists === true && !current) throw notFound(`No document to update: ${w.name}`);
  if (p.exists === false && current) throw alreadyExists(`Document already exists: ${w.name}`);
  if (p.updateTime !== undefined && (!current || current.updateTime !== p.updateTime)) {
    throw failedPrecondition(
      `The document ${w.name} does not have the update time required by the precondition`,
    );
  }
  if (w.kind === 'delete') return { doc: null, result: {} };
  if (w.kind === 'verify')
    return { doc: current, result: current ? { updateTime: current.updateTimeText } : {} };

  let fields: Fields;
  if (w.kind === 'update' && w.mask === null) fields = w.fields;
  else {
    fields = current?.fields ?? {};
    for (const m of w.mask ?? []) {
      const v = getField(w.fields, m);
      fields = v === undefined ? deleteField(fields, m) : setField(fields, m, v);
    }
  }
  const transformResults: Value[] = [];
  for (const t of w.transforms) {
    const result = transformValue(t, getField(fields, t.path), commitTime);
    fields = setField(fields, t.path, result);
    transformResults.push(
      t.kind === 'append' || t.kind === 'remove' ? { nullValue: 'NULL_VALUE' } : result,
    );
  }
  const size = Buffer.byteLength(w.path, 'utf8') + 16 + fieldsSize(fields) + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalid(
      `Document '${w.name}' cannot be written because its size (${size} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES} bytes`,
    );
  }
  const doc =
    current && sameFields(current.fields, fields)
      ? current // Nothing changed: the update time stays, as the real service does.
      : makeDoc(
          fullName(db, w.path),
          w.path,
          fields,
          current?.createTime ?? commitTime,
          commitTime,
        );
  const result: WriteResult = { updateTime: doc.updateTimeText };
  if (w.transforms.length > 0) result.transformResults = transformResults;
  return { doc, result };
}

function transformValue(t: ParsedTransform, current: Value | undefined, commitTime: number): Value {
  switch (t.kind) {
    case 'serverTime':
      return { timestampValue: microsToTimestamp(commitTime) };
    case 'increment':
      return current && isNumber(current) ? add(current, t.operand) : t.operand;
    case 'maximum':
    case 'minimum': {
      if (!current || !isNumber(current)) return t.operand;
      if (isNaNValue(current)) return current;
      if (isNaNValue(t.operand)) return t.operand;
      const c = compareNumbers(t.operand, current);
      return (t.kind === 'maximum' ? c > 0 : c < 0) ? t.operand : current;
    }
    case 'append': {
      const values = [...(current?.arrayValue?.values ?? [])];
      for (const e of t.elements) if (!values.some((v) => valuesEqual(v, e))) values.push(e);
      return { arrayValue: { values } };
    }
    case 'remove': {
      const values = current?.arrayValue?.values ?? [];
      return {
        arrayValue: { values: values.filter((v) => !t.elements.some((e) => valuesEqual(v, e))) },
      };
    }
  }
}

/** Integer + integer stays an integer (saturating at the int64 limits); anything else is a double. */
function add(a: Value, b: Value): Value {
  if (a.integerValue !== undefined && b.integerValue !== undefined) {
    let sum = BigInt(a.integerValue) + BigInt(b.integerValue);
    if (sum > INT64_MAX) sum = INT64_MAX;
    if (sum < INT64_MIN) sum = INT64_MIN;
    return { integerValue: sum.toString() };
  }
  const x = a.integerValue !== undefined ? Number(a.integerValue) : doubleOf(a);
  const y = b.integerValue !== undefined ? Number(b.integerValue) : doubleOf(b);
  return { doubleValue: encodeDouble(x + y) };
}
