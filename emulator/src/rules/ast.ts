/** Syntax tree of a rules file. Every node keeps the 1-based line and column it starts at. */

export interface Pos {
  line: number;
  column: number;
}

export type Expr =
  | { kind: 'literal'; pos: Pos; value: LiteralValue }
  | { kind: 'ident'; pos: Pos; name: string }
  | { kind: 'member'; pos: Pos; object: Expr; name: string }
  | { kind: 'index'; pos: Pos; object: Expr; index: Expr }
  | { kind: 'range'; pos: Pos; object: Expr; from: Expr; to: Expr }
  | { kind: 'call'; pos: Pos; callee: Expr; args: Expr[] }
  | { kind: 'unary'; pos: Pos; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; pos: Pos; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'is'; pos: Pos; operand: Expr; typeName: string }
  | { kind: 'ternary'; pos: Pos; test: Expr; then: Expr; otherwise: Expr }
  | { kind: 'list'; pos: Pos; items: Expr[] }
  | { kind: 'map'; pos: Pos; entries: { key: Expr; value: Expr }[] }
  | { kind: 'path'; pos: Pos; segments: PathSegmentExpr[] };

/** A literal's value; ints are bigint, floats number, bytes Uint8Array. */
export type LiteralValue = null | boolean | bigint | number | string | Uint8Array;

/** A segment of a path literal: text and `$(expr)` parts, concatenated. */
export type PathSegmentExpr = (string | Expr)[];

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr }[];
  body: Expr;
  pos: Pos;
}

/** `read` and `write` are expanded to the methods they stand for when parsed. */
export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowStmt {
  methods: Method[];
  /** The source spelling (`read`, `write`, ...), for logs. */
  spelled: string[];
  /** Absent: `allow read;` allows unconditionally. */
  condition: Expr | null;
  pos: Pos;
}

export type MatchSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'single'; name: string }
  | { kind: 'rest'; name: string };

export interface MatchBlock {
  segments: MatchSegment[];
  functions: FunctionDecl[];
  allows: AllowStmt[];
  matches: MatchBlock[];
  pos: Pos;
}

export interface ServiceDecl {
  name: string;
  functions: FunctionDecl[];
  matches: MatchBlock[];
  pos: Pos;
}

export interface RulesFile {
  version: '1' | '2';
  services: ServiceDecl[];
  /** Top-level functions (outside any service). */
  functions: FunctionDecl[];
  fileName: string;
}
