import protobuf from 'protobufjs';
import { FirestoreApiError, GrpcCode } from '../service.js';

/**
 * Strings that are not well-formed Unicode, as the official emulator (1.19.9) treats them:
 * - gRPC: a proto string field must be UTF-8. protobufjs encodes a lone surrogate of a short
 *   string as its three surrogate bytes (CESU-8), which the official emulator refuses with
 *   UNKNOWN "Application error processing RPC"; ours refuses the same way instead of decoding
 *   the bytes to U+FFFD and storing something nobody wrote.
 * - JSON (REST, WebChannel): an escaped lone surrogate (`"\ud83d"`) is stored as `?`, the
 *   official emulator's replacement, in values, field names and document names alike.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** protobufjs' Buffer reader with strings decoded strictly (invalid UTF-8 throws). */
class StrictUtf8Reader extends protobuf.BufferReader {
  override string(): string {
    const bytes = this.bytes();
    try {
      return strictUtf8.decode(bytes);
    } catch {
      throw new FirestoreApiError(GrpcCode.UNKNOWN, 'Application error processing RPC');
    }
  }
}

/** A reader for one binary request whose strings must be valid UTF-8. */
export function strictUtf8Reader(bytes: Buffer): protobuf.Reader {
  return new StrictUtf8Reader(bytes);
}

const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
/** A JSON escape of a surrogate: only then can a parsed string hold a lone one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '?') : text;
}

function replaceLoneSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(replaceLoneSurrogates);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [wellFormed(k), replaceLoneSurrogates(v)]),
  );
}

/** JSON.parse, with lone surrogates in any string or key replaced by `?`. */
export function parseJsonWellFormed(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  return SURROGATE_ESCAPE.test(text) ? replaceLoneSurrogates(parsed) : parsed;
}
