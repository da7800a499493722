import assert from 'node:assert/strict';
import { RulesSyntaxError } from '../../src/rules/errors.js';
import { parseExpression } from '../../src/rules/parser.js';
import {
  RBytes,
  RDuration,
  RMap,
  RPath,
  RSet,
  RTimestamp,
  valuesEqual,
  type RValue,
} from '../../src/rules/values.js';
import { evalError, evaluate } from './eval-helpers.js';

/** Asserts every expression evaluates to true. */
function allTrue(...sources: string[]): void {
  for (const s of sources) assert.equal(evaluate(s), true, s);
}

describe('rules language', () => {
  describe('types and `is`', () => {
    it('distinguishes every documented type', () => {
      allTrue(
        '1 is int',
        '1.0 is float',
        '1 is number',
        '1.5 is number',
        '!(1 is float)',
        "'a' is string",
        'true is bool',
        'null is null',
        '[1] is list',
        "{'a': 1} is map",
        "b'ab' is bytes",
        '/a/b is path',
        'request.time is timestamp',
        "duration.value(1, 's') is duration",
        'latlng.value(1, 2) is latlng',
        '[1].toSet() is set',
        "!('1' is int)",
      );
    });
  });

  describe('int and float', () => {
    it('keeps int and float semantics apart', () => {
      allTrue(
        '7 / 2 == 3',
        '-7 / 2 == -3',
        '7 % 3 == 1',
        '7.0 / 2 == 3.5',
        '1 == 1.0',
        '1 + 1.5 == 2.5',
        '2 * 3 is int',
        '2 * 3.0 is float',
        '0x10 == 16',
        '1e3 == 1000.0',
        '-(3) == -3',
        '1 < 1.5',
        'math.isInfinite(1.0 / 0)',
        'math.isNaN(0.0 / 0)',
      );
    });
    it('makes int division by zero and overflow errors', () => {
      assert.equal(evalError('1 / 0 == 0'), 'Division by zero.');
      assert.equal(evalError('1 % 0 == 0'), 'Modulo by zero.');
      assert.equal(evalError('9223372036854775807 + 1 > 0'), 'Integer overflow.');
      assert.match(
        evalError("1 + 'a' == 1") ?? '',
        /Unsupported operation error. Received: int \+ string/,
      );
    });
    it('converts with int(), float() and string()', () => {
      allTrue(
        "int('12') == 12",
        'int(2.9) == 2',
        "float('1.5') == 1.5",
        "string(1) == '1'",
        "string(true) == 'true'",
        "string(null) == 'null'",
      );
      assert.match(evalError("int('x') == 1") ?? '', /Cannot convert/);
    });
  });

  describe('string', () => {
    it('has size, case, trim, regex and bytes methods', () => {
      allTrue(
        "'héllo'.size() == 5",
        "'AbC'.lower() == 'abc'",
        "'AbC'.upper() == 'ABC'",
        "'  x '.trim() == 'x'",
        "'abc'.matches('a.c')",
        "!'abc'.matches('b')",
        "'image/png'.matches('image/.*')",
        "'banana'.replace('a', 'o') == 'bonono'",
        "'a,b,,c'.split(',') == ['a', 'b', '', 'c']",
        "'abc'.toUtf8().size() == 3",
        "'é'.toUtf8().size() == 2",
        "'abc'[1] == 'b'",
        "'abcdef'[1:3] == 'bc'",
        "'ab' + 'cd' == 'abcd'",
        "'a' < 'b'",
        "'x\\\\.y'.matches('x\\\\\\\\.y')",
        "'A1'.matches('(?i)a[0-9]')",
        "'ab'.replace('(a)(b)', '\\\\2\\\\1') == 'ba'",
      );
    });
    it('errors on out-of-range index', () => {
      assert.match(evalError("'abc'[5] == 'x'") ?? '', /out of range/);
    });
  });

  describe('list', () => {
    it('has membership, set-like checks, concat, join, removeAll, ranges', () => {
      allTrue(
        '2 in [1, 2]',
        '!(3 in [1, 2])',
        '[1, 2].size() == 2',
        '[1, 2, 3].hasAll([1, 3])',
        '[1, 2].hasAny([5, 2])',
        '[1, 2].hasOnly([1, 2, 3])',
        '![1, 4].hasOnly([1, 2])',
        '[1].concat([2]) == [1, 2]',
        '[1] + [2] == [1, 2]',
        "['a', 'b'].join('-') == 'a-b'",
        '[1, 2, 1, 3].removeAll([1]) == [2, 3]',
        '[1, 1, 2].toSet().size() == 2',
        '[1, 2, 3][1:3] == [2, 3]',
        '[1, 2][0] == 1',
        '[[1]] == [[1.0]]',
      );
      assert.match(evalError('[1][3] == 1') ?? '', /out of range/);
    });
  });

  describe('map', () => {
    const data = RMap.of({ a: 1n, nested: RMap.of({ b: 'x' }), n: null });
    it('has keys, values, size, get with defaults and nested paths', () => {
      const t = (s: string): void => assert.equal(evaluate(s, { data }), true, s);
      t("'a' in data");
      t("!('z' in data)");
      t("data.keys().hasAll(['a', 'nested', 'n'])");
      t('data.size() == 3');
      t('data.values().size() == 3');
      t("data.get('z', 7) == 7");
      t("data.get('a', 7) == 1");
      t("data.get(['nested', 'b'], 'd') == 'x'");
      t("data.get(['nested', 'c'], 'd') == 'd'");
      t("data['a'] == 1");
      t("data.nested.b == 'x'");
      t("{'k': 1} == {'k': 1.0}");
    });
    it('reports undefined properties and null values like the official evaluator', () => {
      assert.equal(
        evalError('data.missing == 1', { data }),
        'Property missing is undefined on object.',
      );
      assert.equal(evalError('data.n.x == 1', { data }), 'Null value error.');
    });
    it('diffs into a MapDiff', () => {
      const after = RMap.of({ a: 2n, b: 1n, c: 3n });
      const before = RMap.of({ a: 1n, b: 1n, d: 4n });
      const t = (s: string): void => assert.equal(evaluate(s, { after, before }), true, s);
      t("after.diff(before).addedKeys() == ['c'].toSet()");
      t("after.diff(before).removedKeys() == ['d'].toSet()");
      t("after.diff(before).changedKeys() == ['a'].toSet()");
      t("after.diff(before).affectedKeys() == ['a', 'c', 'd'].toSet()");
      t("after.diff(before).unchangedKeys() == ['b'].toSet()");
      t("after.diff(before).affectedKeys().hasOnly(['a', 'c', 'd'])");
    });
  });

  describe('set', () => {
    it('has difference, intersection, union and checks', () => {
      allTrue(
        '[1, 2, 3].toSet().difference([2].toSet()) == [1, 3].toSet()',
        '[1, 2].toSet().intersection([2, 3].toSet()) == [2].toSet()',
        '[1].toSet().union([2].toSet()).size() == 2',
        '[1, 2].toSet().hasAll([1])',
        '[1, 2].toSet().hasAny([2, 9])',
        '[1, 2].toSet().hasOnly([1, 2])',
        '2 in [1, 2].toSet()',
        '[1, 2].toSet() == [2, 1].toSet()',
      );
    });
  });

  describe('path', () => {
    it('interpolates, indexes, binds and compares', () => {
      const v = evaluate('/databases/$(db)/documents/users/$(uid)', { db: '(default)', uid: 'u1' });
      assert.ok(valuesEqual(v, new RPath(['databases', '(default)', 'documents', 'users', 'u1'])));
      allTrue(
        "/a/b/c[1] == 'b'",
        "/a/$('b')/c == /a/b/c",
        "path('/users/{uid}').bind({'uid': 'x'}) == /users/x",
        "string(/a/b) == '/a/b'",
        "/databases/(default)/documents/x/y[1] == '(default)'",
        '/a/b/c[0:2] == /a/b',
      );
    });
  });

  describe('timestamp and duration', () => {
    it('exposes calendar fields and conversions', () => {
      allTrue(
        'request.time.year() == 2024',
        'request.time.month() == 2',
        'request.time.day() == 29',
        'request.time.hours() == 13',
        'request.time.minutes() == 45',
        'request.time.seconds() == 30',
        'request.time.nanos() == 123456789',
        'request.time.dayOfWeek() == 4',
        'request.time.dayOfYear() == 60',
        'request.time.date() == timestamp.date(2024, 2, 29)',
        'request.time.toMillis() == 1709214330123',
        'timestamp.value(1709214330123) < request.time',
        'request.time.time() == duration.time(13, 45, 30, 123456789)',
        "request.time.hours('America/New_York') == 8",
        "request.time.hours('+05:30') == 19",
      );
    });
    it('does arithmetic with durations', () => {
      allTrue(
        "request.time + duration.value(1, 'd') > request.time",
        "request.time - duration.value(1, 'h') < request.time",
        "(request.time + duration.value(90, 'm')) - request.time == duration.value(5400, 's')",
        "duration.value(1, 'w') == duration.value(7, 'd')",
        "duration.value(1500, 'ms').seconds() == 1",
        "duration.value(1500, 'ms').nanos() == 500000000",
        "duration.abs(duration.value(-2, 's')) == duration.value(2, 's')",
        "timestamp.date(2024, 3, 1) - timestamp.date(2024, 2, 28) == duration.value(2, 'd')",
      );
      assert.match(evalError("duration.value(1, 'x') == null") ?? '', /Invalid duration unit/);
    });
    it('converts RFC 3339 timestamps with nanoseconds', () => {
      const v = evaluate('request.time');
      assert.ok(v instanceof RTimestamp && v.nanos === 123456789);
      assert.ok(evaluate("duration.value(3, 's')") instanceof RDuration);
    });
  });

  describe('latlng, math and hashing', () => {
    it('computes distances and accessors', () => {
      allTrue(
        'latlng.value(10, 20).latitude() == 10.0',
        'latlng.value(10, 20).longitude() == 20.0',
        'math.abs(latlng.value(0, 0).distance(latlng.value(1, 0)) - 111195) < 200',
      );
      assert.match(evalError('latlng.value(91, 0) == null') ?? '', /out of range/);
    });
    it('has the math namespace', () => {
      allTrue(
        'math.abs(-3) == 3',
        'math.abs(-3) is int',
        'math.abs(-2.5) == 2.5',
        'math.ceil(1.2) == 2',
        'math.floor(-1.2) == -2',
        'math.round(2.5) == 3',
        'math.round(-2.5) == -3',
        'math.round(2.4) == 2',
        'math.pow(2, 10) == 1024.0',
        'math.sqrt(16) == 4.0',
        '!math.isInfinite(1.0)',
        '!math.isNaN(1)',
      );
    });
    it('hashes strings and bytes', () => {
      const hex = (s: string): string => Buffer.from((evaluate(s) as RBytes).bytes).toString('hex');
      assert.equal(hex("hashing.md5('abc')"), '900150983cd24fb0d6963f7d28e17f72');
      assert.equal(
        hex("hashing.sha256('abc')"),
        'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      );
      assert.equal(hex("hashing.crc32('123456789')"), 'cbf43926');
      assert.equal(hex("hashing.crc32c('123456789')"), 'e3069283');
      allTrue(
        "hashing.md5(b'abc') == hashing.md5('abc')",
        "hashing.crc32('a').toHexString() == 'E8B7BE43'",
        "b'ab'.toBase64() == 'YWI='",
      );
    });
  });

  describe('logic and errors', () => {
    it('absorbs an error when the other side decides', () => {
      assert.equal(evaluate('false && (1 / 0 == 1)'), false);
      assert.equal(evaluate('(1 / 0 == 1) && false'), false);
      assert.equal(evaluate('true || (1 / 0 == 1)'), true);
      assert.equal(evaluate('(1 / 0 == 1) || true'), true);
    });
    it('propagates an error the other side does not decide', () => {
      assert.equal(evalError('(1 / 0 == 1) && true'), 'Division by zero.');
      assert.equal(evalError('false || (1 / 0 == 1)'), 'Division by zero.');
      assert.equal(evalError('!(1 / 0 == 1)'), 'Division by zero.');
      assert.match(evalError('1 && true') ?? '', /Unsupported operation error/);
      assert.equal(evalError('undefinedName == 1'), 'Variable undefinedName is not defined.');
      assert.equal(evalError("'a'.nope()"), 'Function not found error: Name: [nope].');
    });
    it('evaluates the ternary lazily', () => {
      assert.equal(evaluate("true ? 'y' : 1 / 0"), 'y');
      assert.equal(evaluate('1 > 2 ? 1 / 0 : 5'), 5n);
    });
    it('keeps values exact', () => {
      const list = evaluate("[1, 2.5, 's', null]") as RValue[];
      assert.deepEqual(list, [1n, 2.5, 's', null]);
      assert.ok(evaluate("['a'].toSet()") instanceof RSet);
    });
  });

  describe('expression syntax', () => {
    it('reports the position of a bad token', () => {
      assert.throws(
        () => parseExpression('a &&\n  ) b'),
        (e: unknown) =>
          e instanceof RulesSyntaxError && e.issues[0]!.line === 2 && e.issues[0]!.column === 3,
      );
      assert.throws(() => parseExpression("'unterminated"), /Unterminated string literal/);
    });
  });
});

describe('number literals', () => {
  it('read a dot followed by a name as member access, not a float', () => {
    assert.equal(evalError('1.size() == 1'), 'Function not found error: Name: [size].');
    assert.equal(evaluate('1.5e1 == 15.0'), true);
  });
});

describe('RE2 spellings', () => {
  it('supports POSIX classes, (?P<name>) groups and \\A \\z anchors', () => {
    allTrue(
      "'abc'.matches('[[:alpha:]]+')",
      "!'a1'.matches('[[:alpha:]]+')",
      "'a_1'.matches('[[:word:]]+')",
      "'ab'.matches('(?P<first>a)b')",
      "'x'.matches('\\\\Ax\\\\z')",
      "'F0'.matches('[[:xdigit:]]+')",
    );
  });
});
