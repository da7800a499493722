/** Tokenizer of the rules language. Path literals are read by the parser from raw source. */
import type { Pos } from './ast.js';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, punctuation text, or decoded string. */
  text: string;
  /** Decoded literal for int/float/bytes. */
  value?: bigint | number | Uint8Array;
  start: number;
  end: number;
  pos: Pos;
}

/** Thrown by the lexer and parser; collected into RulesSyntaxError issues. */
export class ParseFailure extends Error {
  constructor(
    readonly pos: Pos,
    message: string,
  ) {
    super(message);
  }
}

const PUNCTUATION = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  ',',
  ';',
  ':',
  '.',
  '?',
  '!',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
];

export class Lexer {
  /** Offsets where each line starts, for offset → line/column. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  posAt(offset: number): Pos {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /** Skips whitespace and comments from `offset`; returns the next significant offset. */
  skipTrivia(offset: number): number {
    const s = this.source;
    let i = offset;
    for (;;) {
      const c = s[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
        i++;
      } else if (c === '/' && s[i + 1] === '/') {
        while (i < s.length && s[i] !== '\n') i++;
      } else if (c === '/' && s[i + 1] === '*') {
        const close = s.indexOf('*/', i + 2);
        if (close < 0) throw new ParseFailure(this.posAt(i), 'Unterminated comment.');
        i = close + 2;
      } else {
        return i;
      }
    }
  }

  /** Reads the token starting at (or after trivia from) `offset`. */
  tokenAt(offset: number): Token {
    const s = this.source;
    const start = this.skipTrivia(offset);
    const pos = this.posAt(start);
    if (start >= s.length) return { kind: 'eof', text: '<end of file>', start, end: start, pos };
    const c = s[start]!;
    if (/[A-Za-z_]/.test(c)) {
      if (
        (c === 'b' || c === 'B' || c === 'r' || c === 'R') &&
        (s[start + 1] === "'" || s[start + 1] === '"')
      ) {
        const raw = c === 'r' || c === 'R';
        const { text, end } = this.readString(start + 1, raw);
        if (raw) return { kind: 'string', text, start, end, pos };
        return { kind: 'bytes', text, value: new TextEncoder().encode(text), start, end, pos };
      }
      let end = start + 1;
      while (end < s.length && /[A-Za-z0-9_]/.test(s[end]!)) end++;
      return { kind: 'ident', text: s.slice(start, end), start, end, pos };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(s[start + 1] ?? '')))
      return this.readNumber(start, pos);
    if (c === "'" || c === '"') {
      const { text, end } = this.readString(start, false);
      return { kind: 'string', text, start, end, pos };
    }
    for (const p of PUNCTUATION) {
      if (s.startsWith(p, start))
        return { kind: 'punct', text: p, start, end: start + p.length, pos };
    }
    throw new ParseFailure(pos, `Unexpected character '${c}'.`);
  }

  private readNumber(start: number, pos: Pos): Token {
    const s = this.source;
    const hex = /^0[xX][0-9a-fA-F]+/.exec(s.slice(start, start + 40));
    if (hex) {
      const end = start + hex[0].length;
      return { kind: 'int', text: hex[0], value: BigInt(hex[0]), start, end, pos };
    }
    const m = /^(?:[0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][+-]?[0-9]+)?/.exec(
      s.slice(start, start + 400),
    )!;
    const end = start + m[0].length;
    const isFloat = m[0].includes('.') || m[2] !== undefined;
    if (isFloat) return { kind: 'float', text: m[0], value: Number(m[0]), start, end, pos };
    const value = BigInt(m[0]);
    if (value > 9223372036854775807n)
      throw new ParseFailure(pos, `Integer literal ${m[0]} is out of range.`);
    return { kind: 'int', text: m[0], value, start, end, pos };
  }

  private readString(start: number, raw: boolean): { text: string; end: number } {
    const s = this.source;
    const quote = s[start]!;
    let i = start + 1;
    let out = '';
    for (;;) {
      if (i >= s.length || s[i] === '\n')
        throw new ParseFailure(this.posAt(start), 'Unterminated string literal.');
      const c = s[i]!;
      if (c === quote) return { text: out, end: i + 1 };
      if (c === '\\' && !raw) {
        const e = s[i + 1];
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '/': '/',
          b: '\b',
          f: '\f',
          v: '\v',
          a: '\x07',
          '0': '\0',
          '?': '?',
          '`': '`',
        };
        if (e === 'u' || e === 'x') {
          const len = e === 'u' ? 4 : 2;
          const digits = s.slice(i + 2, i + 2 + len);
          if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(digits)) {
            throw new ParseFailure(this.posAt(i), `Invalid escape sequence '\\${e}${digits}'.`);
          }
          out += String.fromCharCode(parseInt(digits, 16));
          i += 2 + len;
          continue;
        }
        if (e === undefined)
          throw new ParseFailure(this.posAt(start), 'Unterminated string literal.');
        // Unknown escapes such as '\.' stay as written, so regex strings mean what their authors meant.
        out += simple[e] ?? `\\${e}`;
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
  }
}
