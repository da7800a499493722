import assert from 'node:assert/strict';
import { RulesSyntaxError, type RulesIssue } from '../../src/rules/errors.js';
import { checkRules } from '../../src/rules/check.js';
import { parseRules } from '../../src/rules/parser.js';

function issues(source: string): RulesIssue[] {
  try {
    parseRules(source, 'test.rules');
  } catch (e) {
    if (e instanceof RulesSyntaxError) return e.issues;
    throw e;
  }
  assert.fail('expected a syntax error');
}

describe('rules syntax errors', () => {
  it('gives line and column of each broken statement and keeps checking the rest', () => {
    const found = issues(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} {
      allow read: if request.auth != null
      allow write: if true;
    }
    match /b/{id} {
      allow fetch: if true;
    }
  }
}`);
    assert.deepEqual(found[0], { line: 6, column: 7, message: "Expected ';' but found 'allow'." });
    assert.deepEqual(found[1], {
      line: 9,
      column: 13,
      message: "Unknown method 'fetch'; expected read, write, get, list, create, update or delete.",
    });
  });

  it('names the file and position in the error message', () => {
    assert.throws(
      () =>
        parseRules('service cloud.firestore {\n  match /x/{id=*} { allow read; }\n}', 'my.rules'),
      (e: unknown) => {
        assert.ok(e instanceof RulesSyntaxError);
        assert.match(e.message, /^my\.rules:2:12: Invalid path variable '\{id=\*\}'/);
        return true;
      },
    );
  });

  it('rejects unknown services, versions, stray tokens and unterminated input', () => {
    assert.match(
      issues('service cloud.datastore { }')[0]!.message,
      /Unknown service 'cloud.datastore'/,
    );
    assert.deepEqual(issues("rules_version = '3';\nservice cloud.firestore {}")[0], {
      line: 1,
      column: 17,
      message: "Unsupported rules_version; expected '1' or '2'.",
    });
    assert.match(
      issues('service cloud.firestore {\n  match /a/{b} {\n    allow read: if "x;\n  }\n}')[0]!
        .message,
      /Unterminated string literal/,
    );
    assert.match(issues('service cloud.firestore {\n  match /a {\n')[0]!.message, /Missing '}'/);
    assert.match(
      issues('service cloud.firestore {\n  allow read;\n}')[0]!.message,
      /'allow' must be inside a match block/,
    );
    assert.match(issues('')[0]!.message, /No service declared/);
  });

  it('checks functions: parameters, lets and return', () => {
    assert.match(
      issues('service cloud.firestore { function f(a, a) { return a; } }')[0]!.message,
      /Duplicate parameter 'a'/,
    );
    assert.match(
      issues('service cloud.firestore { function f() { let x = 1; } }')[0]!.message,
      /Expected 'let' or 'return'/,
    );
  });

  it('parses the whole documented grammar', () => {
    const file = parseRules(`rules_version = '2';
// comment
/* block
   comment */
function top(a) { return a; }
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**}/images/{img} {
      function ok(x, y) { let z = x + y; let w = z * 2; return w > 0 ? true : false; }
      allow read, write: if ok(1, 2) && !(request.auth == null) || [1, 2][0:1] == [1] && {'a': b'\\x00'}.a.size() == 1;
      allow delete;
    }
  }
}`);
    assert.equal(file.version, '2');
    const match = file.services[0]!.matches[0]!.matches[0]!;
    assert.deepEqual(match.segments, [
      { kind: 'rest', name: 'path' },
      { kind: 'literal', text: 'images' },
      { kind: 'single', name: 'img' },
    ]);
    assert.deepEqual(match.allows[0]!.methods, ['get', 'list', 'create', 'update', 'delete']);
    assert.equal(match.allows[1]!.condition, null);
    assert.equal(file.functions[0]!.name, 'top');
  });
});

describe('type names', () => {
  it('rejects an unknown type after `is` when parsing', () => {
    assert.deepEqual(
      issues(
        'service cloud.firestore {\n  match /a/{b} {\n    allow read: if b is strng;\n  }\n}',
      )[0],
      {
        line: 3,
        column: 25,
        message:
          "Unknown type 'strng'; expected one of bool, bytes, duration, float, int, latlng, list, map, map_diff, null, number, path, set, string, timestamp.",
      },
    );
  });
});

describe('load-time warnings', () => {
  it('names undefined functions, variables and namespace functions with their position', () => {
    const file = parseRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function known(x) { let y = x; return y && database != null; }
    match /a/{id} {
      allow read: if known(id) && unknownFn() && math.absolute(1) == 1 && typo.x == 1 && id2 == 'x';
      allow write: if get(/databases/$(database)/documents/a/$(id)).data.ok && firestore.get(/x/y) != null;
    }
  }
}`);
    assert.deepEqual(
      checkRules(file).map((w) => `${w.line}:${w.column} ${w.message}`),
      [
        "6:35 Undefined function 'unknownFn'.",
        "6:50 Undefined function 'math.absolute'.",
        "6:75 Undefined variable 'typo'.",
        "6:90 Undefined variable 'id2'.",
        "7:80 Undefined variable 'firestore'.",
      ],
    );
  });
});

describe('error recovery', () => {
  it('reports lexical errors met while skipping a broken statement, without crashing', () => {
    const found = issues(
      'service cloud.firestore {\n  match /a/{b} {\n    allow read: if (;\n    /* never closed\n  }\n}',
    );
    assert.deepEqual(
      found.map((i) => `${i.line}:${i.column} ${i.message}`),
      [
        "3:21 Unexpected ';'; expected an expression.",
        '4:5 Unterminated comment.',
        "6:2 Missing '}' at end of file.",
      ],
    );
  });
});
