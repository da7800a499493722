/**
 * Plain JS values → Firestore's proto3 JSON values (REST documents, CloudEvent payloads, the
 * emulator's service boundary): integers as integerValue, other numbers as doubleValue, Date as
 * timestampValue, null and undefined as nullValue. `raw(value)` passes a hand-written value
 * through (references, bytes, geo points, out-of-range integers).
 */

/** @typedef {Record<string, unknown>} ProtoValue */

/**
 * @param {unknown} value an already encoded value
 * @returns {{ raw: ProtoValue }}
 */
export const raw = (value) => ({ raw: /** @type {ProtoValue} */ (value) });

/**
 * @param {unknown} value
 * @returns {ProtoValue}
 */
export function toFirestoreValue(value) {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toFirestoreValue) } };
  if (typeof value === 'object' && 'raw' in value) return /** @type {ProtoValue} */ (value.raw);
  if (typeof value === 'object') {
    return { mapValue: { fields: toFirestoreFields(/** @type {object} */ (value)) } };
  }
  throw new TypeError(`No Firestore value for a ${typeof value}`);
}

/**
 * A document's `fields` from a plain object.
 * @param {object} data
 * @returns {Record<string, ProtoValue>}
 */
export function toFirestoreFields(data) {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toFirestoreValue(v)]));
}
