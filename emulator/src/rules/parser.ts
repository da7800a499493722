/** Parser of rules files (`rules_version = '2'`, services, match blocks, allow, functions). */
import type {
  AllowStmt,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchBlock,
  MatchSegment,
  Method,
  PathSegmentExpr,
  Pos,
  RulesFile,
  ServiceDecl,
} from './ast.js';
import { RulesSyntaxError, type RulesIssue } from './errors.js';
import { Lexer, ParseFailure, type Token } from './lexer.js';

const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

const KNOWN_SERVICES = ['cloud.firestore', 'firebase.storage'];

/** Parses a rules file; throws RulesSyntaxError listing every issue found. */
export function parseRules(source: string, fileName = 'rules'): RulesFile {
  return new Parser(source, fileName).parseFile();
}

/** Parses one expression (tests, tools); throws RulesSyntaxError. */
export function parseExpression(source: string): Expr {
  return new Parser(source, 'expression').parseWholeExpression();
}

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;
  private readonly issues: RulesIssue[] = [];

  constructor(
    source: string,
    private readonly fileName: string,
  ) {
    this.lexer = new Lexer(source);
    this.tok = this.safeToken(0);
  }

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    const services: ServiceDecl[] = [];
    const functions: FunctionDecl[] = [];
    let sawVersion = false;
    while (this.tok.kind !== 'eof') {
      try {
        if (this.isIdent('rules_version')) {
          if (sawVersion || services.length)
            this.fail(this.tok.pos, 'rules_version must come first, once.');
          sawVersion = true;
          this.advance();
          this.expect('=');
          const v = this.tok;
          if (v.kind !== 'string' || (v.text !== '1' && v.text !== '2')) {
            this.fail(v.pos, `Unsupported rules_version; expected '1' or '2'.`);
          }
          version = v.text as '1' | '2';
          this.advance();
          this.expect(';');
        } else if (this.isIdent('service')) {
          services.push(this.parseService());
        } else if (this.isIdent('function')) {
          functions.push(this.parseFunction());
        } else {
          this.fail(
            this.tok.pos,
            `Unexpected ${describe(this.tok)}; expected 'service', 'function' or 'rules_version'.`,
          );
        }
      } catch (e) {
        this.recover(e);
      }
    }
    if (this.issues.length) throw new RulesSyntaxError(dedupe(this.issues), this.fileName);
    if (services.length === 0) {
      throw new RulesSyntaxError(
        [{ line: 1, column: 1, message: 'No service declared.' }],
        this.fileName,
      );
    }
    return { version, services, functions, fileName: this.fileName };
  }

  parseWholeExpression(): Expr {
    try {
      const expr = this.parseExpr();
      if (this.tok.kind !== 'eof')
        this.fail(this.tok.pos, `Unexpected ${describe(this.tok)} after the expression.`);
      if (!this.issues.length) return expr;
    } catch (e) {
      this.recover(e);
    }
    throw new RulesSyntaxError(this.issues, this.fileName);
  }

  private parseService(): ServiceDecl {
    const pos = this.tok.pos;
    this.advance();
    const parts = [this.expectIdent()];
    while (this.isPunct('.')) {
      this.advance();
      parts.push(this.expectIdent());
    }
    const name = parts.join('.');
    if (!KNOWN_SERVICES.includes(name))
      this.fail(pos, `Unknown service '${name}'; expected one of ${KNOWN_SERVICES.join(', ')}.`);
    const body = this.parseBlockBody(false);
    return { name, functions: body.functions, matches: body.matches, pos };
  }

  /** `{ function... match... allow... }`; allow only inside match blocks. */
  private parseBlockBody(
    allowAllowed: boolean,
  ): Pick<MatchBlock, 'functions' | 'allows' | 'matches'> {
    this.expect('{');
    const functions: FunctionDecl[] = [];
    const allows: AllowStmt[] = [];
    const matches: MatchBlock[] = [];
    while (!this.isPunct('}')) {
      if (this.tok.kind === 'eof') this.fail(this.tok.pos, "Missing '}' at end of file.");
      try {
        if (this.isIdent('match')) matches.push(this.parseMatch());
        else if (this.isIdent('function')) functions.push(this.parseFunction());
        else if (this.isIdent('allow')) {
          if (!allowAllowed) this.fail(this.tok.pos, "'allow' must be inside a match block.");
          allows.push(this.parseAllow());
        } else
          this.fail(
            this.tok.pos,
            `Unexpected ${describe(this.tok)}; expected 'match', 'allow' or 'function'.`,
          );
      } catch (e) {
        this.recover(e);
      }
    }
    this.advance();
    return { functions, allows, matches };
  }

  private parseMatch(): MatchBlock {
    const pos = this.tok.pos;
    const segments = this.readMatchPath(this.tok.end);
    const body = this.parseBlockBody(true);
    return { segments, ...body, pos };
  }

  /** Reads `/a/{b}/{c=**}` from raw source after the `match` keyword. */
  private readMatchPath(offset: number): MatchSegment[] {
    const s = this.lexer.source;
    let i = this.lexer.skipTrivia(offset);
    const segments: MatchSegment[] = [];
    if (s[i] !== '/')
      this.fail(this.lexer.posAt(i), "Expected a path starting with '/' after 'match'.");
    while (s[i] === '/') {
      i++;
      const segPos = this.lexer.posAt(i);
      if (s[i] === '{') {
        const close = s.indexOf('}', i);
        const inner = close < 0 ? '' : s.slice(i + 1, close);
        const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=\s*\*\*)?\s*$/.exec(inner);
        if (!m)
          this.fail(segPos, `Invalid path variable '{${inner}}'; expected {name} or {name=**}.`);
        segments.push(m[2] ? { kind: 'rest', name: m[1]! } : { kind: 'single', name: m[1]! });
        i = close + 1;
      } else {
        const m = /^[A-Za-z0-9_\-.~%@+:()$!*',;=]+/.exec(s.slice(i, i + 1500));
        if (!m || m[0].startsWith('$(')) this.fail(segPos, 'Empty or invalid path segment.');
        segments.push({ kind: 'literal', text: m[0] });
        i += m[0].length;
      }
    }
    this.tok = this.lexer.tokenAt(i);
    return segments;
  }

  private parseAllow(): AllowStmt {
    const pos = this.tok.pos;
    this.advance();
    const methods = new Set<Method>();
    const spelled: string[] = [];
    for (;;) {
      const t = this.tok;
      const name = this.expectIdent();
      const expanded = METHODS[name];
      if (!expanded)
        this.fail(
          t.pos,
          `Unknown method '${name}'; expected read, write, get, list, create, update or delete.`,
        );
      expanded.forEach((m) => methods.add(m));
      spelled.push(name);
      if (!this.isPunct(',')) break;
      this.advance();
    }
    let condition: Expr | null = null;
    if (this.isPunct(':')) {
      this.advance();
      if (!this.isIdent('if')) this.fail(this.tok.pos, "Expected 'if' after ':'.");
      this.advance();
      condition = this.parseExpr();
    }
    this.expect(';');
    return { methods: [...methods], spelled, condition, pos };
  }

  private parseFunction(): FunctionDecl {
    const pos = this.tok.pos;
    this.advance();
    const name = this.expectIdent();
    this.expect('(');
    const params: string[] = [];
    while (!this.isPunct(')')) {
      const p = this.tok;
      const param = this.expectIdent();
      if (params.includes(param)) this.fail(p.pos, `Duplicate parameter '${param}'.`);
      params.push(param);
      if (!this.isPunct(')')) this.expect(',');
    }
    this.advance();
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isIdent('let')) {
      this.advance();
      const letName = this.expectIdent();
      this.expect('=');
      lets.push({ name: letName, value: this.parseExpr() });
      this.expect(';');
    }
    if (!this.isIdent('return'))
      this.fail(this.tok.pos, `Expected 'let' or 'return' in function '${name}'.`);
    this.advance();
    const body = this.parseExpr();
    if (this.isPunct(';')) this.advance();
    this.expect('}');
    return { name, params, lets, body, pos };
  }

  // ---- expressions, lowest precedence first ----

  parseExpr(): Expr {
    const test = this.parseOr();
    if (!this.isPunct('?')) return test;
    const pos = this.tok.pos;
    this.advance();
    const then = this.parseExpr();
    this.expect(':');
    const otherwise = this.parseExpr();
    return { kind: 'ternary', pos, test, then, otherwise };
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isPunct('||')) {
      const pos = this.tok.pos;
      this.advance();
      left = { kind: 'binary', pos, op: '||', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseRelation();
    while (this.isPunct('&&')) {
      const pos = this.tok.pos;
      this.advance();
      left = { kind: 'binary', pos, op: '&&', left, right: this.parseRelation() };
    }
    return left;
  }

  private parseRelation(): Expr {
    let left = this.parseAdditive();
    for (;;) {
      const pos = this.tok.pos;
      if (this.isIdent('is')) {
        this.advance();
        const typeTok = this.tok;
        const typeName = this.expectIdent();
        if (!TYPE_NAMES.has(typeName)) {
          this.fail(
            typeTok.pos,
            `Unknown type '${typeName}'; expected one of ${[...TYPE_NAMES].join(', ')}.`,
          );
        }
        left = { kind: 'is', pos, operand: left, typeName };
      } else if (this.isIdent('in')) {
        this.advance();
        left = { kind: 'binary', pos, op: 'in', left, right: this.parseAdditive() };
      } else if (
        this.tok.kind === 'punct' &&
        ['==', '!=', '<', '<=', '>', '>='].includes(this.tok.text)
      ) {
        const op = this.tok.text as BinaryOp;
        this.advance();
        left = { kind: 'binary', pos, op, left, right: this.parseAdditive() };
      } else {
        return left;
      }
    }
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const pos = this.tok.pos;
      const op = this.tok.text as BinaryOp;
      this.advance();
      left = { kind: 'binary', pos, op, left, right: this.parseMultiplicative() };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const pos = this.tok.pos;
      const op = this.tok.text as BinaryOp;
      this.advance();
      left = { kind: 'binary', pos, op, left, right: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const pos = this.tok.pos;
      const op = this.tok.text as '!' | '-';
      this.advance();
      const operand = this.parseUnary();
      // Fold negative literals so -9223372036854775808 and -1.5 are plain literals.
      if (
        op === '-' &&
        operand.kind === 'literal' &&
        (typeof operand.value === 'bigint' || typeof operand.value === 'number')
      ) {
        return { kind: 'literal', pos, value: -operand.value };
      }
      return { kind: 'unary', pos, op, operand };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let expr = this.parsePrimary();
    for (;;) {
      const pos = this.tok.pos;
      if (this.isPunct('.')) {
        this.advance();
        expr = { kind: 'member', pos, object: expr, name: this.expectIdent() };
      } else if (this.isPunct('(')) {
        this.advance();
        expr = { kind: 'call', pos: expr.pos, callee: expr, args: this.parseArgs(')') };
      } else if (this.isPunct('[')) {
        this.advance();
        const index = this.parseExpr();
        if (this.isPunct(':')) {
          this.advance();
          const to = this.parseExpr();
          this.expect(']');
          expr = { kind: 'range', pos, object: expr, from: index, to };
        } else {
          this.expect(']');
          expr = { kind: 'index', pos, object: expr, index };
        }
      } else {
        return expr;
      }
    }
  }

  private parseArgs(close: string): Expr[] {
    const args: Expr[] = [];
    while (!this.isPunct(close)) {
      args.push(this.parseExpr());
      if (!this.isPunct(close)) this.expect(',');
    }
    this.advance();
    return args;
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    const pos = t.pos;
    switch (t.kind) {
      case 'int':
      case 'float':
      case 'bytes':
        this.advance();
        return { kind: 'literal', pos, value: t.value! };
      case 'string':
        this.advance();
        return { kind: 'literal', pos, value: t.text };
      case 'ident':
        if (['true', 'false', 'null'].includes(t.text)) {
          this.advance();
          return { kind: 'literal', pos, value: t.text === 'null' ? null : t.text === 'true' };
        }
        if (RESERVED.has(t.text)) this.fail(pos, `Unexpected keyword '${t.text}'.`);
        this.advance();
        return { kind: 'ident', pos, name: t.text };
      case 'punct':
        if (t.text === '(') {
          this.advance();
          const inner = this.parseExpr();
          this.expect(')');
          return inner;
        }
        if (t.text === '[') {
          this.advance();
          return { kind: 'list', pos, items: this.parseArgs(']') };
        }
        if (t.text === '{') {
          this.advance();
          const entries: { key: Expr; value: Expr }[] = [];
          while (!this.isPunct('}')) {
            const key = this.parseExpr();
            this.expect(':');
            entries.push({ key, value: this.parseExpr() });
            if (!this.isPunct('}')) this.expect(',');
          }
          this.advance();
          return { kind: 'map', pos, entries };
        }
        if (t.text === '/') return this.parsePathLiteral();
        break;
      default:
        break;
    }
    return this.fail(pos, `Unexpected ${describe(t)}; expected an expression.`);
  }

  /** `/databases/$(database)/documents/users/$(request.auth.uid)` */
  private parsePathLiteral(): Expr {
    const pos = this.tok.pos;
    const s = this.lexer.source;
    let i = this.tok.start;
    const segments: PathSegmentExpr[] = [];
    while (s[i] === '/') {
      i++;
      const parts: PathSegmentExpr = [];
      for (;;) {
        if (s.startsWith('$(', i)) {
          this.tok = this.lexer.tokenAt(i + 2);
          parts.push(this.parseExpr());
          if (!this.isPunct(')')) this.fail(this.tok.pos, "Expected ')' to close '$('.");
          i = this.tok.end;
          continue;
        }
        // Text, with balanced parentheses as in `(default)`; an unbalanced ')' ends the path.
        const m = /^(?:[A-Za-z0-9_\-.~%@]|\([A-Za-z0-9_\-.~%@]*\))+/.exec(s.slice(i, i + 1500));
        if (!m) break;
        parts.push(m[0]);
        i += m[0].length;
      }
      if (parts.length === 0) this.fail(this.lexer.posAt(i), 'Empty path segment.');
      segments.push(parts);
    }
    this.tok = this.lexer.tokenAt(i);
    return { kind: 'path', pos, segments };
  }

  // ---- token helpers ----

  private safeToken(offset: number): Token {
    try {
      return this.lexer.tokenAt(offset);
    } catch (e) {
      if (!(e instanceof ParseFailure)) throw e;
      this.issues.push({ line: e.pos.line, column: e.pos.column, message: e.message });
      return {
        kind: 'eof',
        text: '<end of file>',
        start: this.lexer.source.length,
        end: this.lexer.source.length,
        pos: this.lexer.posAt(this.lexer.source.length),
      };
    }
  }

  private advance(): void {
    this.tok = this.lexer.tokenAt(this.tok.end);
  }

  private isPunct(text: string): boolean {
    return this.tok.kind === 'punct' && this.tok.text === text;
  }

  private isIdent(text: string): boolean {
    return this.tok.kind === 'ident' && this.tok.text === text;
  }

  private expect(text: string): void {
    if (!this.isPunct(text))
      this.fail(this.tok.pos, `Expected '${text}' but found ${describe(this.tok)}.`);
    this.advance();
  }

  private expectIdent(): string {
    const t = this.tok;
    if (t.kind !== 'ident') this.fail(t.pos, `Expected a name but found ${describe(t)}.`);
    this.advance();
    return t.text;
  }

  private fail(pos: Pos, message: string): never {
    throw new ParseFailure(pos, message);
  }

  /** Records the issue and skips past the next ';' or '}' so later statements are still checked. */
  private recover(e: unknown): void {
    if (!(e instanceof ParseFailure)) throw e;
    this.issues.push({ line: e.pos.line, column: e.pos.column, message: e.message });
    let offset = this.tok.end;
    for (;;) {
      const t = this.lexPast(offset);
      if (t.kind === 'eof') {
        this.tok = t;
        return;
      }
      if (t.kind === 'punct' && (t.text === ';' || t.text === '}')) {
        this.tok = this.lexPast(t.end);
        return;
      }
      offset = t.end;
    }
  }

  /** The next token from `offset`, stepping over characters that cannot be lexed. */
  private lexPast(offset: number): Token {
    const s = this.lexer.source;
    let at = offset;
    while (at < s.length) {
      try {
        return this.lexer.tokenAt(at);
      } catch (e) {
        if (!(e instanceof ParseFailure)) throw e;
        this.issues.push({ line: e.pos.line, column: e.pos.column, message: e.message });
        // An unterminated comment runs to the end of the file.
        if (e.message === 'Unterminated comment.') break;
        let next = at;
        while (next < s.length && /\s/.test(s[next]!)) next++;
        at = next + 1;
      }
    }
    return {
      kind: 'eof',
      text: '<end of file>',
      start: s.length,
      end: s.length,
      pos: this.lexer.posAt(s.length),
    };
  }
}

function dedupe(issues: RulesIssue[]): RulesIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.line}:${i.column}:${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Type names `x is <type>` accepts. */
const TYPE_NAMES = new Set([
  'bool',
  'bytes',
  'duration',
  'float',
  'int',
  'latlng',
  'list',
  'map',
  'map_diff',
  'null',
  'number',
  'path',
  'set',
  'string',
  'timestamp',
]);

const RESERVED = new Set([
  'allow',
  'match',
  'service',
  'function',
  'let',
  'return',
  'if',
  'in',
  'is',
]);

function describe(t: Token): string {
  if (t.kind === 'eof') return 'end of file';
  if (t.kind === 'string') return `string '${t.text}'`;
  return `'${t.text}'`;
}
