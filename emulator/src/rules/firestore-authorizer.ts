/**
 * The Firestore rules authorizer: the Authorizer the engine calls for every non-owner access.
 * Before a ruleset is loaded it allows everything (like open rules).
 */
import {
  FirestoreApiError,
  GrpcCode,
  type AccessRequest,
  type Authorizer,
} from '../firestore/service.js';
import type { Method } from './ast.js';
import { checkRules } from './check.js';
import { RulesEvalError } from './errors.js';
import {
  documentPathArgument,
  documentToResource,
  fromJson,
  parseTimestamp,
  timestampFromDate,
} from './firestore-values.js';
import { parseRules } from './parser.js';
import { QueryTooComplexError, queryFacts, requestQueryValue } from './query-facts.js';
import { ANY_ID, ANY_PREFIX, Ruleset, type Decision, type RequestSegment } from './ruleset.js';
import { RMap, RPath, RUnknown, UNKNOWN, type RValue } from './values.js';
import type { RulesHost } from './evaluator.js';

export interface RulesAuthorizer extends Authorizer {
  /** Parses and installs a ruleset; throws RulesSyntaxError and keeps the previous one if broken. */
  load(source: string, fileName?: string): void;
}

export interface RulesAuthorizerOptions {
  /** Receives one line per denial saying which match/allow denied and why. */
  logger?: (line: string) => void;
  /** The clock behind `request.time` (tests pin it). */
  now?: () => Date;
  /** Told, for each decided request, how many documents its rules read (--report-rules-reads). */
  onReads?: (request: AccessRequest, reads: number) => void;
}

/** Documented limits of get()/exists()/getAfter()/existsAfter() per request. */
export const SINGLE_DOCUMENT_ACCESS_LIMIT = 10;
export const BATCH_ACCESS_LIMIT = 20;

export function createFirestoreRulesAuthorizer(
  options: RulesAuthorizerOptions = {},
): RulesAuthorizer {
  let ruleset: Ruleset | null = null;
  const batchReads = new WeakMap<object, Set<string>>();

  return {
    load(source: string, fileName = 'firestore.rules'): void {
      const file = parseRules(source, fileName);
      if (!file.services.some((s) => s.name === 'cloud.firestore')) {
        options.logger?.(
          `${fileName} declares no 'service cloud.firestore'; every request will be denied.`,
        );
      }
      for (const w of checkRules(file))
        options.logger?.(`${fileName}:${w.line}:${w.column}: warning: ${w.message}`);
      ruleset = new Ruleset(file);
    },

    authorize(request: AccessRequest): void {
      if (!ruleset || request.ctx.caller.kind === 'owner') return;
      const reads = request.batch
        ? (batchReads.get(request.batch) ?? new Set<string>())
        : new Set<string>();
      if (request.batch) batchReads.set(request.batch, reads);
      const limit = request.batch ? BATCH_ACCESS_LIMIT : SINGLE_DOCUMENT_ACCESS_LIMIT;
      const host = hostFor(request, reads, limit);
      const logger = options.logger;
      if (logger) host.debug = (line) => logger(`debug(): ${line}`);
      const decision = decide(ruleset, request, host, options.now?.() ?? new Date());
      options.onReads?.(request, reads.size);
      if (decision.allowed) return;
      const message = denialMessage(request.method, decision);
      const where = `${request.ctx.projectId}/${request.ctx.databaseId}`;
      const rules = decision.outcomes.map((o) => `L${o.line} in match ${o.match}`).join('; ');
      options.logger?.(
        `PERMISSION_DENIED ${request.method} ${request.path} (${where}): ${message}${rules ? ` [${rules}]` : ''}`,
      );
      throw new FirestoreApiError(GrpcCode.PERMISSION_DENIED, message);
    },
  };
}

/** The message the SDKs show, in the official emulator's shape: `false for 'list' @ L12`. */
export function denialMessage(method: Method, decision: Decision): string {
  if (decision.outcomes.length === 0) return `No matching allow statements for '${method}'.`;
  return (
    decision.outcomes
      // Line 0: the request was refused before any allow statement (query too complex to judge).
      .map((o) =>
        o.line === 0 ? (o.error ?? 'false') : `${o.error ?? 'false'} for '${method}' @ L${o.line}`,
      )
      .join(', ')
  );
}

function decide(ruleset: Ruleset, req: AccessRequest, host: RulesHost, now: Date): Decision {
  const db = req.ctx.databaseId;
  const relative = req.path.split('/').filter((s) => s !== '');
  const auth = authValue(req);
  // A write's request.time is its commit time, which the engine stamps as the new updateTime
  // (and gives server timestamps): `request.resource.data.t == request.time` must hold for them.
  const commitTime = req.requestResource?.updateTime;
  const time = typeof commitTime === 'string' ? parseTimestamp(commitTime) : timestampFromDate(now);
  if (req.method !== 'list') {
    const docPath = new RPath(['databases', db, 'documents', ...relative]);
    const resource = req.resource ? documentToResource(req.resource, db, req.path) : null;
    const requestResource = req.requestResource
      ? documentToResource(req.requestResource, db, req.path)
      : null;
    const requestMap = RMap.of({
      auth,
      time,
      method: req.method,
      path: docPath,
      resource: requestResource,
    });
    return ruleset.evaluate({
      service: 'cloud.firestore',
      segments: ['databases', db, 'documents', ...relative],
      method: req.method,
      variables: { request: requestMap, resource },
      host,
    });
  }
  const collectionId = relative[relative.length - 1] ?? '';
  const segments: RequestSegment[] = req.collectionGroup
    ? ['databases', db, 'documents', ...relative.slice(0, -1), ANY_PREFIX, collectionId, ANY_ID]
    : ['databases', db, 'documents', ...relative, ANY_ID];
  const requestMap = RMap.of({
    auth,
    time,
    method: 'list',
    path: new RPath(['databases', db, 'documents', ...relative]),
    query: requestQueryValue(req.query),
  });
  let disjuncts;
  try {
    disjuncts = queryFacts(req.query);
  } catch (e) {
    if (e instanceof QueryTooComplexError)
      return {
        allowed: false,
        outcomes: [{ line: 0, result: false, error: e.message, match: '' }],
      };
    throw e;
  }
  // Every disjunct of the query's filter must be allowed on its own.
  let last: Decision = { allowed: true, outcomes: [] };
  for (const facts of disjuncts) {
    const resource = RMap.of({ data: new RUnknown([], facts), id: UNKNOWN, __name__: UNKNOWN });
    last = ruleset.evaluate({
      service: 'cloud.firestore',
      segments,
      method: 'list',
      variables: { request: requestMap, resource },
      host,
    });
    if (!last.allowed) return last;
  }
  return last;
}

/** `request.auth`: null when signed out; uid and token claims from the ID token. */
function authValue(req: AccessRequest): RValue {
  const caller = req.ctx.caller;
  if (caller.kind !== 'user') return null;
  const token = caller.token;
  const uid =
    typeof token.user_id === 'string'
      ? token.user_id
      : typeof token.sub === 'string'
        ? token.sub
        : null;
  return RMap.of({ uid, token: fromJson(token) });
}

/** get()/exists()/getAfter()/existsAfter() over the engine's state, with the call limits. */
function hostFor(req: AccessRequest, reads: Set<string>, limit: number): RulesHost {
  const db = req.ctx.databaseId;
  // One request reads a document once, however many functions ask for it.
  const cache = new Map<string, RValue>();
  const read = (args: RValue[], after: boolean): RValue => {
    const { databaseId, relative } = documentPathArgument(args);
    if (databaseId !== db) {
      throw new RulesEvalError(
        `Cannot access documents of database ${databaseId} from rules of database ${db}.`,
      );
    }
    const key = `${after ? 'after' : 'before'}:${relative}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    if (!reads.has(key)) {
      if (reads.size >= limit)
        throw new RulesEvalError(`Exceeded maximum of ${limit} document access calls per request.`);
      reads.add(key);
    }
    const doc = after ? req.readAfter(relative) : req.readBefore(relative);
    const resource = doc ? documentToResource(doc, db) : null;
    cache.set(key, resource);
    return resource;
  };
  return {
    globals: {
      get: (args) => existing('get', args, read(args, false)),
      exists: (args) => read(args, false) !== null,
      getAfter: (args) => existing('getAfter', args, read(args, true)),
      existsAfter: (args) => read(args, true) !== null,
    },
  };
}

/**
 * get()/getAfter() of a missing document is an error in production and the official emulator
 * (though the reference says null), so rules that lean on `get(...) == null` fail here too.
 */
export function existing(fn: string, args: RValue[], resource: RValue): RValue {
  if (resource !== null) return resource;
  throw new RulesEvalError(
    `Service call error. Function: [${fn}], Argument: [${String(args[0])}].`,
  );
}
