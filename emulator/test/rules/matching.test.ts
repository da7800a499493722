import assert from 'node:assert/strict';
import { access, anonymous, doc, user } from './helpers.js';
import { authorizerFor, firestoreRules, judge } from './judge.js';

describe('rules matching and evaluation', () => {
  it('matches single wildcards only one segment deep', () => {
    const a = authorizerFor(
      firestoreRules(`match /posts/{postId} { allow read: if postId == 'p1'; }`),
    );
    assert.equal(judge(a, access(anonymous, 'get', 'posts/p1')), 'allowed');
    assert.notEqual(judge(a, access(anonymous, 'get', 'posts/p2')), 'allowed');
    assert.match(
      judge(a, access(anonymous, 'get', 'posts/p1/comments/c1')),
      /No matching allow statements/,
    );
  });

  it('matches recursive wildcards at any depth, binding the rest as a path', () => {
    const a = authorizerFor(
      firestoreRules(
        `match /files/{rest=**} { allow get: if rest[0] == 'a' || rest == /files/x; }`,
      ),
    );
    assert.equal(judge(a, access(anonymous, 'get', 'files/a/sub/doc')), 'allowed');
    assert.notEqual(judge(a, access(anonymous, 'get', 'files/b/sub/doc')), 'allowed');
  });

  it('lets a recursive wildcard match zero segments in version 2, not in version 1', () => {
    const body = `match /a/{x}/{rest=**} { allow get; }`;
    assert.equal(
      judge(authorizerFor(firestoreRules(body)), access(anonymous, 'get', 'a/b')),
      'allowed',
    );
    const v1 = `service cloud.firestore { match /databases/{database}/documents { ${body} } }`;
    assert.notEqual(judge(authorizerFor(v1), access(anonymous, 'get', 'a/b')), 'allowed');
    assert.equal(judge(authorizerFor(v1), access(anonymous, 'get', 'a/b/c/d')), 'allowed');
  });

  it('allows when any matching allow statement is true, and expands read and write', () => {
    const a = authorizerFor(
      firestoreRules(`
    match /items/{id} { allow read: if false; allow write: if request.auth != null; }
    match /{coll}/{id} { allow get: if coll == 'items' && id == 'open'; }`),
    );
    assert.equal(judge(a, access(anonymous, 'get', 'items/open')), 'allowed');
    assert.equal(
      judge(a, access(anonymous, 'get', 'items/closed')),
      "false for 'get' @ L5, false for 'get' @ L6",
    );
    assert.equal(judge(a, access(user('u'), 'delete', 'items/x')), 'allowed');
    assert.notEqual(judge(a, access(anonymous, 'create', 'items/x', { data: {} })), 'allowed');
  });

  it('scopes functions lexically with parameters, lets and captured wildcards', () => {
    const a = authorizerFor(`rules_version = '2';
function topLevel() { return true; }
service cloud.firestore {
  match /databases/{database}/documents {
    function isOwner(uid) { let me = request.auth.uid; return me == uid; }
    match /users/{userId} {
      function mine() { return isOwner(userId) && topLevel(); }
      allow get: if mine();
      match /private/{doc} { allow get: if mine() && doc != 'secret'; }
    }
    match /other/{id} { allow get: if mine(); }
  }
}`);
    assert.equal(judge(a, access(user('u1'), 'get', 'users/u1')), 'allowed');
    assert.equal(judge(a, access(user('u1'), 'get', 'users/u1/private/p')), 'allowed');
    assert.notEqual(judge(a, access(user('u1'), 'get', 'users/u1/private/secret')), 'allowed');
    assert.notEqual(judge(a, access(user('u2'), 'get', 'users/u1')), 'allowed');
    assert.equal(
      judge(a, access(user('u1'), 'get', 'other/x')),
      "Function not found error: Name: [mine]. for 'get' @ L11",
    );
  });

  it('stops runaway recursion', () => {
    const a = authorizerFor(
      firestoreRules(`function f(n) { return f(n + 1); }\n match /x/{id} { allow get: if f(0); }`),
    );
    assert.match(judge(a, access(anonymous, 'get', 'x/1')), /Maximum function call depth/);
  });

  it('gives request.auth with uid and token claims, resource and request.resource', () => {
    const a = authorizerFor(
      firestoreRules(`match /docs/{id} {
      allow update: if request.auth.token.admin == true && request.auth.token.email_verified
        && resource.data.n == 1 && request.resource.data.n == 2 && resource.id == id
        && resource.__name__ == /databases/$(database)/documents/docs/$(id) && request.method == 'update'
        && request.path == /databases/$(database)/documents/docs/$(id) && request.time.year() == 2024;
    }`),
    );
    const store = { 'docs/d': doc('docs/d', { n: 1 }) };
    assert.equal(
      judge(
        a,
        access(user('u', { admin: true, email_verified: true }), 'update', 'docs/d', {
          store,
          data: { n: 2 },
        }),
      ),
      'allowed',
    );
    assert.notEqual(
      judge(
        a,
        access(user('u', { admin: false, email_verified: true }), 'update', 'docs/d', {
          store,
          data: { n: 2 },
        }),
      ),
      'allowed',
    );
  });

  it('converts every Firestore value type', () => {
    const a = authorizerFor(
      firestoreRules(`match /t/{id} {
      allow get: if resource.data.i is int && resource.data.d is float && resource.data.s is string && resource.data.b is bool
        && resource.data.n == null && resource.data.ts is timestamp && resource.data.ts.year() == 2023
        && resource.data.ref == /databases/(default)/documents/users/u1 && resource.data.geo.latitude() == 1.5
        && resource.data.bytes.size() == 3 && resource.data.arr == [1, 'x'] && resource.data.m.k == 'v'
        && resource.data.big == 9007199254740993;
    }`),
    );
    const data = {
      i: 1,
      d: 1.5,
      s: 's',
      b: true,
      n: null,
      ts: new Date('2023-05-01T00:00:00Z'),
      arr: [1, 'x'],
      m: { k: 'v' },
      ref: {
        raw: { referenceValue: 'projects/demo-rules/databases/(default)/documents/users/u1' },
      },
      geo: { raw: { geoPointValue: { latitude: 1.5, longitude: 2 } } },
      bytes: { raw: { bytesValue: Buffer.from('abc').toString('base64') } },
      big: { raw: { integerValue: '9007199254740993' } },
    };
    assert.equal(
      judge(a, access(anonymous, 'get', 't/1', { store: { 't/1': doc('t/1', data) } })),
      'allowed',
    );
  });
});

describe('document access functions', () => {
  const rules = firestoreRules(`
    match /users/{uid} { allow get: if true; }
    match /posts/{id} {
      allow create: if exists(/databases/$(database)/documents/users/$(request.auth.uid))
        && get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'writer'
        && !existsAfter(/databases/$(database)/documents/locks/$(id))
        && getAfter(/databases/$(database)/documents/posts/$(id)).data.title == request.resource.data.title;
    }
    match /many/{n} {
      allow get: if manyGets(int(n));
      function manyGets(count) {
        return count <= 0 || (exists(/databases/$(database)/documents/users/$(string(count))) == false && manyGets(count - 1));
      }
    }
    match /more/{n} {
      allow get: if moreGets(int(n));
      function moreGets(count) {
        return count <= 0 || (exists(/databases/$(database)/documents/others/$(string(count))) == false && moreGets(count - 1));
      }
    }
    match /repeat/{n} {
      allow get: if [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].size() == 12
        && !exists(/databases/$(database)/documents/users/same) && !exists(/databases/$(database)/documents/users/same)
        && !exists(/databases/$(database)/documents/users/same);
    }`);

  it('reads the state before and after the write', () => {
    const a = authorizerFor(rules);
    const store = {
      'users/w': doc('users/w', { role: 'writer' }),
      'users/r': doc('users/r', { role: 'reader' }),
    };
    const after = { ...store, 'posts/p': doc('posts/p', { title: 'T' }) };
    assert.equal(
      judge(a, access(user('w'), 'create', 'posts/p', { store, after, data: { title: 'T' } })),
      'allowed',
    );
    assert.notEqual(
      judge(a, access(user('r'), 'create', 'posts/p', { store, after, data: { title: 'T' } })),
      'allowed',
    );
    assert.notEqual(
      judge(a, access(user('nobody'), 'create', 'posts/p', { store, after, data: { title: 'T' } })),
      'allowed',
    );
    const locked = { ...after, 'locks/p': doc('locks/p', {}) };
    assert.notEqual(
      judge(
        a,
        access(user('w'), 'create', 'posts/p', { store, after: locked, data: { title: 'T' } }),
      ),
      'allowed',
    );
  });

  it('allows 10 distinct document reads per request and denies the 11th', () => {
    const a = authorizerFor(rules);
    assert.equal(judge(a, access(anonymous, 'get', 'many/10')), 'allowed');
    assert.match(
      judge(a, access(anonymous, 'get', 'many/11')),
      /Exceeded maximum of 10 document access calls/,
    );
    assert.equal(judge(a, access(anonymous, 'get', 'repeat/1')), 'allowed');
  });

  it('allows 20 reads across the writes of one batch', () => {
    const a = authorizerFor(rules);
    const batch = {};
    assert.equal(judge(a, { ...access(anonymous, 'get', 'many/10'), batch }), 'allowed');
    assert.equal(judge(a, { ...access(anonymous, 'get', 'more/10'), batch }), 'allowed');
    assert.match(
      judge(a, { ...access(anonymous, 'get', 'more/11'), batch }),
      /Exceeded maximum of 20/,
    );
  });
});

describe('request.time of writes', () => {
  it('is the commit time the engine stamps on the written document', () => {
    const a = authorizerFor(
      firestoreRules(
        `match /posts/{id} { allow create: if request.resource.data.at == request.time; }`,
      ),
    );
    const commit = '2025-01-02T03:04:05.678901Z';
    const req = access(user('u'), 'create', 'posts/p', {
      data: { at: { raw: { timestampValue: commit } } },
    });
    req.requestResource = { ...req.requestResource, updateTime: commit };
    assert.equal(judge(a, req), 'allowed');
    req.requestResource = { ...req.requestResource, updateTime: '2025-01-02T03:04:06Z' };
    assert.notEqual(judge(a, req), 'allowed');
  });
});

describe('timestamp values', () => {
  it('accepts RFC 3339 text and {seconds, nanos} objects', () => {
    const a = authorizerFor(
      firestoreRules(
        `match /t/{id} { allow get: if resource.data.a == resource.data.b && resource.data.a.nanos() == 5000; }`,
      ),
    );
    const data = {
      a: { raw: { timestampValue: '2024-01-01T00:00:00.000005Z' } },
      b: { raw: { timestampValue: { seconds: '1704067200', nanos: 5000 } } },
    };
    assert.equal(
      judge(a, access(anonymous, 'get', 't/1', { store: { 't/1': doc('t/1', data) } })),
      'allowed',
    );
  });
});

describe('get() of a missing document', () => {
  it('is an error, as in production, while exists() is false', () => {
    const a = authorizerFor(
      firestoreRules(`match /t/{id} {
      allow get: if get(/databases/$(database)/documents/none/$(id)) == null;
      allow create: if !exists(/databases/$(database)/documents/none/$(id));
    }`),
    );
    assert.equal(
      judge(a, access(anonymous, 'get', 't/x')),
      "Service call error. Function: [get], Argument: [/databases/(default)/documents/none/x]. for 'get' @ L5",
    );
    assert.equal(judge(a, access(anonymous, 'create', 't/x', { data: {} })), 'allowed');
  });
});
