/** The Storage emulator's ExpressionValue JSON (`{string_value: ...}`, `{map_value: {fields}}`) → rules values. */
import { parseTimestamp } from '../rules/firestore-values.js';
import { RBytes, RLatLng, RMap, RPath, RSet, type RValue } from '../rules/values.js';

export type ExpressionValue = Record<string, unknown>;

export function fromExpressionValue(ev: unknown): RValue {
  const v = (ev ?? {}) as ExpressionValue;
  if ('null_value' in v) return null;
  if ('bool_value' in v) return Boolean(v.bool_value);
  if ('int_value' in v) return BigInt(v.int_value as number | string);
  if ('float_value' in v) return Number(v.float_value);
  if ('string_value' in v) return String(v.string_value);
  if ('bytes_value' in v)
    return new RBytes(new Uint8Array(Buffer.from(String(v.bytes_value), 'base64')));
  if ('timestamp_value' in v) return parseTimestamp(String(v.timestamp_value));
  if ('list_value' in v) return values(v.list_value).map(fromExpressionValue);
  if ('set_value' in v) return new RSet(values(v.set_value).map(fromExpressionValue));
  if ('map_value' in v) {
    const fields = ((v.map_value as { fields?: Record<string, unknown> } | null)?.fields ??
      {}) as Record<string, unknown>;
    return new RMap(new Map(Object.entries(fields).map(([k, x]) => [k, fromExpressionValue(x)])));
  }
  if ('path_value' in v) {
    const segments = (
      (v.path_value as { segments?: { simple?: string }[] } | null)?.segments ?? []
    ).map((s) => s.simple ?? '');
    return new RPath(segments);
  }
  if ('latlng_value' in v) {
    const g = (v.latlng_value ?? {}) as { latitude?: number; longitude?: number };
    return new RLatLng(g.latitude ?? 0, g.longitude ?? 0);
  }
  throw new Error(`Unsupported expression value: ${JSON.stringify(ev)}`);
}

function values(container: unknown): unknown[] {
  return ((container as { values?: unknown[] } | null)?.values ?? []) as unknown[];
}
