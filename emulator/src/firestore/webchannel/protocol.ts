/**
 * The wire format of WebChannel (BrowserChannel protocol version 8), as the closure client in
 * @firebase/webchannel-wrapper speaks it. Pure functions, no I/O.
 *
 * - Forward channel: POST, form-encoded body `count=N&ofs=K&req0_<key>=<value>&...` (the client's
 *   "maps"; Firestore sends one key, `__data__`, holding the proto3 JSON message). The first POST
 *   (no SID) is the handshake and may carry `headers=<Name:value\r\n...>` (encodeInitMessageHeaders).
 * - Back channel: GET with `TYPE=xmlhttp&RID=rpc&SID=..&AID=..&CI=0|1`, answered with "arrays"
 *   `[[arrayId, payload], ...]`, each response body a sequence of `<length>\n<json>` chunks where
 *   length counts UTF-16 code units (the client slices its decoded string).
 */
import { FirestoreApiError, GrpcCode, type JsonObject } from '../service.js';
import { parseJsonWellFormed } from '../server/unicode.js';

/** The protocol version the client sends (VER) and the server confirms in the handshake. */
export const PROTOCOL_VERSION = 8;

/** One forward-channel map with its client-assigned id (ofs + index), used to drop retries. */
export interface ForwardMap {
  id: number;
  fields: Map<string, string>;
}

export interface ForwardBody {
  maps: ForwardMap[];
  /** Headers encoded into the handshake body (`headers=`), lower-cased names. */
  headers: Map<string, string>;
}

/** Parses a forward-channel POST body; throws FirestoreApiError(INVALID_ARGUMENT) when malformed. */
export function parseForwardBody(body: string): ForwardBody {
  const params = new URLSearchParams(body);
  const headers = parseHeaderBlock(params.get('headers') ?? '');
  const countParam = params.get('count');
  if (countParam === null) return { maps: [], headers };
  const count = parseNonNegativeInt(countParam, 'count');
  const offset = count === 0 ? 0 : parseNonNegativeInt(params.get('ofs') ?? '', 'ofs');
  const fieldsByIndex = new Map<number, Map<string, string>>();
  for (const [key, value] of params) {
    const match = /^req(\d+)_(.+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    if (index >= count) {
      throw invalid(`map index ${index} is not below count=${count}`);
    }
    let fields = fieldsByIndex.get(index);
    if (!fields) fieldsByIndex.set(index, (fields = new Map()));
    fields.set(match[2] as string, value);
  }
  const maps: ForwardMap[] = [];
  for (let index = 0; index < count; index++) {
    maps.push({ id: offset + index, fields: fieldsByIndex.get(index) ?? new Map() });
  }
  return { maps, headers };
}

/** Parses `Name:value\r\n` blocks (init-message headers and the `$httpHeaders` URL parameter). */
export function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The proto3 JSON request carried by a map; maps without `__data__` carry nothing for Firestore
 * (the client sends `type=_badmap` for a map it could not encode) and yield null.
 */
export function messageOfMap(map: ForwardMap): JsonObject | null {
  const data = map.fields.get('__data__');
  if (data === undefined) return null;
  let parsed: unknown;
  try {
    parsed = parseJsonWellFormed(data);
  } catch {
    throw invalid(`message ${map.id} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid(`message ${map.id} is not a JSON object`);
  }
  return parsed as JsonObject;
}

/** Frames one chunk of a forward or back channel response. */
export function chunk(json: string): string {
  return `${json.length}\n${json}`;
}

/** The handshake array (id 0): ["c", sessionId, hostPrefix, version]. */
export function handshakeArray(sessionId: string): string {
  return JSON.stringify([[0, ['c', sessionId, '', PROTOCOL_VERSION]]]);
}

/**
 * The answer to a forward POST on an open session: whether a back channel is held open, the last
 * array id written to the back channel, and how many bytes of arrays are not yet acknowledged.
 */
export function forwardAck(
  hasBackChannel: boolean,
  lastArrayId: number,
  outstandingBytes: number,
): string {
  return JSON.stringify([hasBackChannel ? 1 : 0, lastArrayId, outstandingBytes]);
}

/** The payload of a stream error, in the form the SDK maps to a FirestoreError code. */
export function errorPayload(error: FirestoreApiError): unknown[] {
  return [
    { error: { code: error.code, message: error.message, status: grpcStatusName(error.code) } },
  ];
}

/** Errors the engine did not throw on purpose are bugs: INTERNAL. */
export function asApiError(error: unknown): FirestoreApiError {
  return error instanceof FirestoreApiError
    ? error
    : new FirestoreApiError(
        GrpcCode.INTERNAL,
        `internal error: ${(error as Error)?.message ?? String(error)}`,
      );
}

export const NOOP_PAYLOAD: unknown[] = ['noop'];

export function grpcStatusName(code: GrpcCode): string {
  const entry = Object.entries(GrpcCode).find(([, value]) => value === code);
  return entry ? entry[0] : 'UNKNOWN';
}

/** Resolves `projects/{p}/databases/{d}` (the `database` URL parameter). */
export function parseDatabaseName(name: string | null): { projectId: string; databaseId: string } {
  const match = name === null ? null : /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name);
  if (!match) {
    throw invalid(
      name === null
        ? 'missing database parameter (expected projects/{project}/databases/{database})'
        : `invalid database "${name}" (expected projects/{project}/databases/{database})`,
    );
  }
  return { projectId: match[1] as string, databaseId: match[2] as string };
}

function parseNonNegativeInt(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw invalid(`${name} must be a non-negative integer, got "${text}"`);
  return Number(text);
}

function invalid(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.INVALID_ARGUMENT, `WebChannel: ${message}`);
}
