/**
 * A loaded ruleset: finds the allow statements whose match path covers a request path and
 * evaluates them. Shared by the Firestore authorizer and the Storage rules runtime.
 */
import type {
  AllowStmt,
  FunctionDecl,
  MatchBlock,
  MatchSegment,
  Method,
  RulesFile,
} from './ast.js';
import { Evaluator, Scope, type RulesHost } from './evaluator.js';
import { RPath, UNKNOWN, type RValue } from './values.js';

/** A segment of a request path that no literal names: the documents a query may return. */
export const ANY_ID = Symbol('any document id');
/** Any run of segments (a collection group's parents): only `{name=**}` matches it. */
export const ANY_PREFIX = Symbol('any parent path');
export type RequestSegment = string | typeof ANY_ID | typeof ANY_PREFIX;

export interface RulesRequest {
  service: 'cloud.firestore' | 'firebase.storage';
  segments: RequestSegment[];
  method: Method;
  /** `request`, `resource` and any other top-level variables. */
  variables: Record<string, RValue>;
  host: RulesHost;
}

export interface AllowOutcome {
  line: number;
  result: boolean | 'unknown';
  error?: string;
  /** The match path of the block, for logs. */
  match: string;
}

export interface Decision {
  allowed: boolean;
  /** Every allow statement evaluated for the method, in source order. */
  outcomes: AllowOutcome[];
}

interface Candidate {
  allow: AllowStmt;
  scope: Scope;
  match: string;
}

export class Ruleset {
  constructor(readonly file: RulesFile) {}

  get version(): '1' | '2' {
    return this.file.version;
  }

  evaluate(req: RulesRequest): Decision {
    const root = new Scope(null);
    for (const [name, value] of Object.entries(req.variables)) root.vars.set(name, value);
    addFunctions(root, this.file.functions);
    const candidates: Candidate[] = [];
    for (const service of this.file.services) {
      if (service.name !== req.service) continue;
      const serviceScope = new Scope(root);
      addFunctions(serviceScope, service.functions);
      this.collect(service.matches, req, 0, serviceScope, '', candidates);
    }
    candidates.sort(
      (a, b) => a.allow.pos.line - b.allow.pos.line || a.allow.pos.column - b.allow.pos.column,
    );
    const evaluator = new Evaluator(req.host);
    const outcomes: AllowOutcome[] = [];
    for (const c of candidates) {
      const line = c.allow.pos.line;
      if (!c.allow.condition) {
        outcomes.push({ line, result: true, match: c.match });
        return { allowed: true, outcomes };
      }
      const { result, error } = evaluator.decide(c.allow.condition, c.scope);
      outcomes.push(
        error === undefined
          ? { line, result, match: c.match }
          : { line, result, error, match: c.match },
      );
      if (result === true) return { allowed: true, outcomes };
    }
    return { allowed: false, outcomes };
  }

  private collect(
    blocks: MatchBlock[],
    req: RulesRequest,
    from: number,
    parent: Scope,
    prefix: string,
    out: Candidate[],
  ): void {
    for (const block of blocks) {
      const label = prefix + block.segments.map(showSegment).join('');
      for (const { end, bindings } of matchSegments(
        block.segments,
        0,
        req.segments,
        from,
        [],
        this.version,
      )) {
        const scope = new Scope(parent);
        for (const [name, value] of bindings) scope.vars.set(name, value);
        addFunctions(scope, block.functions);
        if (end === req.segments.length) {
          for (const allow of block.allows) {
            if (allow.methods.includes(req.method)) out.push({ allow, scope, match: label });
          }
        }
        if (block.matches.length) this.collect(block.matches, req, end, scope, label, out);
      }
    }
  }
}

function addFunctions(scope: Scope, functions: FunctionDecl[]): void {
  for (const fn of functions) scope.functions.set(fn.name, fn);
}

function showSegment(s: MatchSegment): string {
  return s.kind === 'literal'
    ? `/${s.text}`
    : s.kind === 'single'
      ? `/{${s.name}}`
      : `/{${s.name}=**}`;
}

type Bindings = [string, RValue][];

/** Every way `pattern[pi..]` matches a prefix of `segs[si..]`: where it ends and what it binds. */
function matchSegments(
  pattern: MatchSegment[],
  pi: number,
  segs: RequestSegment[],
  si: number,
  bound: Bindings,
  version: '1' | '2',
): { end: number; bindings: Bindings }[] {
  if (pi === pattern.length) return [{ end: si, bindings: bound }];
  const p = pattern[pi]!;
  if (p.kind === 'rest') {
    const results: { end: number; bindings: Bindings }[] = [];
    // Version 1 recursive wildcards match one or more segments; version 2 zero or more.
    for (let end = segs.length; end >= si + (version === '1' ? 1 : 0); end--) {
      const taken = segs.slice(si, end);
      const value: RValue = taken.every((t) => typeof t === 'string')
        ? new RPath(taken as string[])
        : UNKNOWN;
      results.push(
        ...matchSegments(pattern, pi + 1, segs, end, [...bound, [p.name, value]], version),
      );
    }
    return results;
  }
  const seg = segs[si];
  if (seg === undefined || seg === ANY_PREFIX) return [];
  if (p.kind === 'literal')
    return seg === p.text ? matchSegments(pattern, pi + 1, segs, si + 1, bound, version) : [];
  return matchSegments(
    pattern,
    pi + 1,
    segs,
    si + 1,
    [...bound, [p.name, seg === ANY_ID ? UNKNOWN : seg]],
    version,
  );
}
