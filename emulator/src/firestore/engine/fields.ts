import type { Fields, Value } from './values.js';

/**
 * A document's fields as an object value: get, set and delete at a parsed field path (paths.ts),
 * and projection. Copies on write: stored documents are never mutated.
 */

export function getField(fields: Fields, path: string[]): Value | undefined {
  let current: Fields = fields;
  const last = path.length - 1;
  for (let i = 0; i < last; i++) {
    const v = current[path[i]!];
    if (v === undefined) return undefined;
    const m = v.mapValue;
    if (m === undefined) return undefined;
    current = m.fields;
  }
  return current[path[last]!];
}

/** Returns a copy of `fields` with `value` set at `path` (maps along the way are copied, not mutated). */
export function setField(fields: Fields, path: string[], value: Value): Fields {
  const [head, ...rest] = path as [string, ...string[]];
  const out = { ...fields };
  if (rest.length === 0) {
    out[head] = value;
  } else {
    const existing = fields[head]?.mapValue;
    out[head] = { mapValue: { fields: setField(existing?.fields ?? {}, rest, value) } };
  }
  return out;
}

export function deleteField(fields: Fields, path: string[]): Fields {
  const [head, ...rest] = path as [string, ...string[]];
  if (!(head in fields)) return fields;
  const out = { ...fields };
  if (rest.length === 0) {
    delete out[head];
    return out;
  }
  const existing = fields[head]?.mapValue;
  if (!existing) return fields;
  out[head] = { mapValue: { fields: deleteField(existing.fields, rest) } };
  return out;
}

/** Keeps only the given field paths (a field mask / projection). */
export function projectFields(fields: Fields, paths: string[][]): Fields {
  let out: Fields = {};
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) out = setField(out, p, v);
  }
  return out;
}
