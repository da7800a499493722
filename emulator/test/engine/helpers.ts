import assert from 'node:assert/strict';
import type {
  CommitResponse,
  ListenResponse,
  WriteResponse,
} from '../../src/firestore/protocol/messages.js';
import type { CallContext, JsonObject as Json, StreamSink } from '../../src/firestore/service.js';
import { FirestoreApiError } from '../../src/firestore/service.js';
import { createFirestoreEngine, type FirestoreEngine } from '../../src/firestore/engine/index.js';

export const PROJECT = 'demo-engine';
export const DATABASE = `projects/${PROJECT}/databases/(default)`;
export const ROOT = `${DATABASE}/documents`;
export const owner: CallContext = {
  projectId: PROJECT,
  databaseId: '(default)',
  caller: { kind: 'owner' },
};

export function newEngine(): FirestoreEngine {
  return createFirestoreEngine();
}

export const doc = (path: string) => `${ROOT}/${path}`;

/** Plain JS → proto3 JSON values (numbers: integers stay integers unless given as {double}). */
export function v(x: unknown): Json {
  if (x === null) return { nullValue: 'NULL_VALUE' };
  if (typeof x === 'boolean') return { booleanValue: x };
  if (typeof x === 'number')
    return Number.isInteger(x) && !Object.is(x, -0)
      ? { integerValue: String(x) }
      : { doubleValue: x };
  if (typeof x === 'string') return { stringValue: x };
  if (Array.isArray(x)) return { arrayValue: { values: x.map(v) } };
  if (typeof x === 'object' && x !== null && 'raw' in x) return (x as { raw: Json }).raw;
  return { mapValue: { fields: fields(x as Record<string, unknown>) } };
}

export const raw = (value: Json) => ({ raw: value });

export function fields(o: Record<string, unknown>): Record<string, Json> {
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, v(x)]));
}

export async function set(
  engine: FirestoreEngine,
  path: string,
  data: Record<string, unknown>,
): Promise<CommitResponse> {
  return engine.commit(owner, {
    database: DATABASE,
    writes: [{ update: { name: doc(path), fields: fields(data) } }],
  });
}

export async function query(
  engine: FirestoreEngine,
  structuredQuery: Json,
  parent = ROOT,
): Promise<string[]> {
  const res = await engine.runQuery(owner, { parent, structuredQuery });
  return res
    .filter((r) => r.document)
    .map((r) => ((r.document as Json).name as string).slice(ROOT.length + 1));
}

export async function rejects(
  p: Promise<unknown>,
  code: number,
  message?: RegExp,
): Promise<FirestoreApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof FirestoreApiError, `expected FirestoreApiError, got ${String(e)}`);
    assert.equal(e.code, code, `expected code ${code}, got ${e.code}: ${e.message}`);
    if (message) assert.match(e.message, message);
    return e;
  }
  assert.fail('expected the call to fail');
}

/** Responses of either stream, so one sink serves both. */
type StreamResponse = ListenResponse & WriteResponse;

/** A sink that records responses. */
export class RecordingSink implements StreamSink<StreamResponse> {
  responses: StreamResponse[] = [];
  error: FirestoreApiError | null = null;
  push(response: StreamResponse): void {
    this.responses.push(response);
  }
  fail(error: FirestoreApiError): void {
    this.error = error;
  }
  take(): StreamResponse[] {
    const r = this.responses;
    this.responses = [];
    return r;
  }
}

/** Short description of listen responses, e.g. `ADD[2]`, `DOC a/1 [2]`, `CURRENT[2]`, `NO_CHANGE[]`. */
export function describe(responses: StreamResponse[]): string[] {
  return responses.map((r) => {
    const tc = r.targetChange as Json | undefined;
    if (tc) return `${tc.targetChangeType}[${(tc.targetIds as number[]).join(',')}]`;
    const dc = r.documentChange as Json | undefined;
    if (dc)
      return `DOC ${((dc.document as Json).name as string).slice(ROOT.length + 1)} [${(dc.targetIds as number[]).join(',')}]`;
    const dd = r.documentDelete as Json | undefined;
    if (dd)
      return `DELETE ${(dd.document as string).slice(ROOT.length + 1)} [${(dd.removedTargetIds as number[]).join(',')}]`;
    const rm = r.documentRemove as Json | undefined;
    if (rm)
      return `REMOVE ${(rm.document as string).slice(ROOT.length + 1)} [${(rm.removedTargetIds as number[]).join(',')}]`;
    return JSON.stringify(r);
  });
}
