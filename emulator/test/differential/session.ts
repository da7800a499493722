import type { RunningEmulator } from '../support/emulator.js';

/**
 * One engine's run of a case: every request goes through `call`, which records the raw response;
 * `normalise` then turns a transcript into what must be equal between the engines.
 */

export const PROJECT = 'demo-differential';
export const DOCS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
export const ROOT = `projects/${PROJECT}/databases/(default)/documents`;
export const name = (path: string) => `${ROOT}/${path}`;

export interface Step {
  label: string;
  /** What was sent (for reports). */
  request?: unknown;
  status: number;
  body: unknown;
}

export type Json = Record<string, unknown>;

/** An unsigned Firebase ID token, as both emulators accept: a non-admin caller. */
export function userToken(uid: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid })}.`;
}

const REQUEST_TIMEOUT_MS = 15_000;

export class Session {
  readonly steps: Step[] = [];
  constructor(readonly engine: RunningEmulator) {}

  /** Sends one request; a path not starting with `/v1/` or `/emulator/` is under DOCS. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    options: { auth?: string | null; label?: string } = {},
  ): Promise<{ status: number; body: any }> {
    const absolute = path.startsWith('/v1/') || path.startsWith('/emulator/');
    const url = `${this.engine.baseUrl}${absolute ? path : `${DOCS}${path}`}`;
    const auth = options.auth === undefined ? 'owner' : options.auth;
    let status: number;
    let parsed: unknown;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      const text = await response.text();
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    } catch (error) {
      status = 0;
      parsed = { transportError: (error as Error).name };
    }
    this.steps.push({
      label: options.label ?? `${method} ${path}`,
      request: body,
      status,
      body: parsed,
    });
    return { status, body: parsed as any };
  }

  /** Records something observed other than through a request (listen snapshots, derived facts). */
  record(label: string, body: unknown): void {
    this.steps.push({ label, status: 0, body });
  }

  commit(writes: Json[], extra: Json = {}) {
    return this.call('POST', ':commit', { writes, ...extra });
  }

  set(path: string, fields: Json) {
    return this.commit([{ update: { name: name(path), fields } }]);
  }

  query(structuredQuery: Json, parent = '', extra: Json = {}) {
    return this.call('POST', `${parent ? `/${parent}` : ''}:runQuery`, {
      structuredQuery,
      ...extra,
    });
  }

  aggregate(structuredQuery: Json, aggregations: Json[], extra: Json = {}) {
    return this.call('POST', ':runAggregationQuery', {
      structuredAggregationQuery: { structuredQuery, aggregations },
      ...extra,
    });
  }
}

// ---- normalisation ----

const VERSION_TIMES = new Set(['createTime', 'updateTime', 'commitTime']);
const NOW_WINDOW_MS = 60 * 60 * 1000;

/** `…:SS[.f{1,9}]Z` → nine fraction digits, so both engines' forms compare equal. */
export function canonicalTime(text: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  return m ? `${m[1]}.${(m[2] ?? '').padEnd(9, '0')}Z` : text;
}

/**
 * What legitimately differs between two engines is replaced: document version times become
 * tokens in order of first appearance (T1, T2…, so "unchanged" and "same commit" still show),
 * read times and transaction ids placeholders, timestamp values within an hour of now (server
 * times) `<now>`, error messages dropped (each engine words its own). Timestamp values get one
 * textual form and `nullValue` one spelling.
 */
export function normalise(steps: Step[]): { label: string; status: number; body: unknown }[] {
  const tokens = new Map<string, string>();
  const token = (t: string) => {
    const key = canonicalTime(t);
    if (!tokens.has(key)) tokens.set(key, `T${tokens.size + 1}`);
    return tokens.get(key)!;
  };
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const out: Json = {};
    for (const key of Object.keys(x).sort()) {
      const value = (x as Json)[key];
      if (VERSION_TIMES.has(key) && typeof value === 'string') out[key] = token(value);
      else if (key === 'readTime' && typeof value === 'string') out[key] = '<readTime>';
      else if (key === 'transaction' && typeof value === 'string') out[key] = '<transaction>';
      else if (key === 'nextPageToken' && typeof value === 'string') out[key] = '<pageToken>';
      else if (key === 'timestampValue' && typeof value === 'string') {
        const near = Math.abs(Date.parse(value) - Date.now()) < NOW_WINDOW_MS;
        out[key] = near ? '<now>' : canonicalTime(value);
      } else if (key === 'nullValue') out[key] = null;
      else if (isEmpty(key, value))
        continue; // proto3 JSON may omit an empty map or list
      else if (key === 'done' && 'result' in (x as Json)) {
        // The official REST surface marks aggregation answers `done`; the message has no such field.
        continue;
      } else if (key === 'error' && value && typeof value === 'object') {
        const e = value as Json;
        out[key] = { code: e.code, status: e.status };
      } else if (key === 'message' && 'code' in (x as Json)) {
        // google.rpc.Status in BatchWrite answers: the code is compared, the wording is not.
        continue;
      } else out[key] = walk(value);
    }
    return out;
  };
  return steps.map((s) => ({ label: s.label, status: s.status, body: walk(s.body) }));
}

function isEmpty(key: string, value: unknown): boolean {
  if (key === 'fields') return isObjectWithNoKeys(value);
  return Array.isArray(value) && value.length === 0;
}

function isObjectWithNoKeys(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** Where two normalised values first differ, as `path: a | b`, for reports. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference((a as Json)[key], (b as Json)[key], `${path}/${key}`);
      if (found) return found;
    }
  }
  return `${path || '/'}: ${JSON.stringify(a)?.slice(0, 300)} | ${JSON.stringify(b)?.slice(0, 300)}`;
}

/** The error message of a raw step, for reports. */
export function messageOf(step: Step | undefined): string {
  const body = step?.body as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? '';
}
