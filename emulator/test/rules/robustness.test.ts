/**
 * Bad input gets a clear error: mangled rules files give RulesSyntaxError (never a crash or a
 * hang), and arbitrary expressions give a value or RulesEvalError. Deterministic pseudo-random cases.
 */
import assert from 'node:assert/strict';
import { RulesEvalError, RulesSyntaxError } from '../../src/rules/errors.js';
import { parseRules } from '../../src/rules/parser.js';
import { RMap, RUnknown } from '../../src/rules/values.js';
import { evaluate } from './eval-helpers.js';

function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

const RULES = `rules_version = '2';
// Comment with 'quotes' and /* markers
service cloud.firestore {
  match /databases/{database}/documents {
    function role() { let r = get(/databases/$(database)/documents/users/$(request.auth.uid)); return r.data.role; }
    match /items/{id} {
      allow read: if request.auth != null && (role() in ['a', 'b'] || resource.data.owner == request.auth.uid);
      allow write: if request.resource.data.keys().hasOnly(["x", 'y']) && request.resource.data.x is int
        && request.time < timestamp.date(2030, 1, 1) ? true : false;
    }
    match /{path=**}/logs/{log} { allow list: if b'\\x00'.size() == 1 && /a/b[0] == 'a'; }
  }
}`;

describe('robustness', () => {
  it('never crashes on mangled rules files', () => {
    const rnd = random(42);
    const chars = `{}()[];:'"/$=!&|.,*\n abc0`;
    let broken = 0;
    for (let i = 0; i < 1500; i++) {
      let source = RULES;
      for (let k = 0; k <= rnd(4); k++) {
        const at = rnd(source.length);
        source = rnd(2)
          ? source.slice(0, at) + source.slice(at + 1 + rnd(5))
          : source.slice(0, at) + chars[rnd(chars.length)] + source.slice(at);
      }
      try {
        parseRules(source);
      } catch (e) {
        assert.ok(e instanceof RulesSyntaxError, `${String(e)}\n--- for ---\n${source}`);
        assert.ok(e.issues.length > 0 && e.issues.every((x) => x.line >= 1 && x.column >= 1));
        broken++;
      }
    }
    assert.ok(broken > 500, `only ${broken} mutations were syntax errors`);
  });

  it('evaluates arbitrary expressions to a value or a RulesEvalError', () => {
    const rnd = random(7);
    const atoms = [
      '1',
      '-3',
      '2.5',
      '0.0',
      "'ab'",
      'true',
      'null',
      '[1, 2]',
      "{'a': 1}",
      "b'x'",
      '/a/b',
      'request.time',
      "duration.value(1, 's')",
      'latlng.value(1, 2)',
      '[1].toSet()',
      'm',
      'u',
      'u.f',
      '9223372036854775807',
    ];
    const methods = [
      'size()',
      'keys()',
      "get('a', 0)",
      'hasAll([1])',
      "join(',')",
      'toSet()',
      'lower()',
      "matches('a.*')",
      "split('b')",
      'toUtf8()',
      'year()',
      'toMillis()',
      'nanos()',
      'latitude()',
      "diff({'a': 2})",
      'addedKeys()',
      'union([2])',
      "bind({'a': 'x'})",
      'concat([3])',
    ];
    const ops = ['+', '-', '*', '/', '%', '==', '!=', '<', '>=', '&&', '||', 'in'];
    const fns = [
      'math.abs',
      'math.round',
      'math.sqrt',
      'hashing.crc32c',
      'int',
      'float',
      'string',
      'path',
      'timestamp.value',
    ];
    const gen = (depth: number): string => {
      switch (rnd(depth > 3 ? 1 : 7)) {
        case 0:
          return atoms[rnd(atoms.length)]!;
        case 1:
          return `(${gen(depth + 1)} ${ops[rnd(ops.length)]} ${gen(depth + 1)})`;
        case 2:
          return `${gen(depth + 1)}.${methods[rnd(methods.length)]}`;
        case 3:
          return `${fns[rnd(fns.length)]}(${gen(depth + 1)})`;
        case 4:
          return `!${gen(depth + 1)}`;
        case 5:
          return `(${gen(depth + 1)} ? ${gen(depth + 1)} : ${gen(depth + 1)})`;
        default:
          return `${gen(depth + 1)}[${rnd(3)}]`;
      }
    };
    const vars = {
      m: RMap.of({ a: 1n, b: 'x' }),
      u: new RUnknown([], { pinned: new Map(), filters: new Map() }),
    };
    for (let i = 0; i < 5000; i++) {
      const source = gen(0);
      try {
        evaluate(source, vars);
      } catch (e) {
        assert.ok(e instanceof RulesEvalError, `${source}: ${String(e)}`);
      }
    }
  });
});
