import assert from 'node:assert/strict';
import { FirestoreApiError, GrpcCode } from '../../src/firestore/service.js';
import { RulesSyntaxError } from '../../src/rules/errors.js';
import {
  createFirestoreRulesAuthorizer,
  type RulesAuthorizer,
} from '../../src/rules/firestore-authorizer.js';
import { access, anonymous, doc, query, user } from './helpers.js';

function allowed(a: RulesAuthorizer, req: Parameters<RulesAuthorizer['authorize']>[0]): boolean {
  try {
    a.authorize(req);
    return true;
  } catch (e) {
    if (e instanceof FirestoreApiError && e.code === GrpcCode.PERMISSION_DENIED) return false;
    throw e;
  }
}

function denial(a: RulesAuthorizer, req: Parameters<RulesAuthorizer['authorize']>[0]): string {
  try {
    a.authorize(req);
  } catch (e) {
    if (e instanceof FirestoreApiError && e.code === GrpcCode.PERMISSION_DENIED) return e.message;
    throw e;
  }
  assert.fail('expected a denial');
}

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
    match /users/{userId} {
      allow read: if isOwner(userId);
      allow create: if isOwner(userId) && request.resource.data.role == 'user';
      allow update: if isOwner(userId)
        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
    }
    match /reports/{reportId} {
      allow get: if resource.data.owner == request.auth.uid;
      allow list: if request.auth.uid == resource.data.owner && request.query.limit <= 50;
      allow update: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'admin';
    }
  }
}`;

describe('firestore rules authorizer', () => {
  it('allows everything before a ruleset is loaded', () => {
    const a = createFirestoreRulesAuthorizer();
    assert.ok(allowed(a, access(anonymous, 'delete', 'anything/at-all')));
  });

  it('keeps the previous ruleset when a broken one is loaded', () => {
    const a = createFirestoreRulesAuthorizer();
    a.load(RULES);
    assert.throws(
      () =>
        a.load(
          "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ; }\n}",
        ),
      (e: unknown) => {
        assert.ok(e instanceof RulesSyntaxError);
        assert.deepEqual(e.issues[0], {
          line: 3,
          column: 29,
          message: "Unexpected ';'; expected an expression.",
        });
        return true;
      },
    );
    assert.ok(!allowed(a, access(anonymous, 'get', 'users/u1')));
    assert.ok(allowed(a, access(user('u1'), 'get', 'users/u1')));
  });

  it('judges single-document reads and writes', () => {
    const a = createFirestoreRulesAuthorizer();
    a.load(RULES);
    const store = {
      'users/u1': doc('users/u1', { name: 'A', role: 'user' }),
      'users/boss': doc('users/boss', { role: 'admin' }),
    };
    assert.ok(
      allowed(a, access(user('u1'), 'create', 'users/u1', { data: { name: 'A', role: 'user' } })),
    );
    assert.ok(
      !allowed(a, access(user('u1'), 'create', 'users/u1', { data: { name: 'A', role: 'admin' } })),
    );
    assert.ok(
      allowed(
        a,
        access(user('u1'), 'update', 'users/u1', { store, data: { name: 'B', role: 'user' } }),
      ),
    );
    assert.equal(
      denial(
        a,
        access(user('u1'), 'update', 'users/u1', { store, data: { name: 'B', role: 'admin' } }),
      ),
      "false for 'update' @ L9",
    );
    const reports = { ...store, 'reports/r1': doc('reports/r1', { owner: 'u1' }) };
    assert.ok(
      allowed(
        a,
        access(user('boss'), 'update', 'reports/r1', { store: reports, data: { owner: 'u1' } }),
      ),
    );
    assert.ok(
      !allowed(
        a,
        access(user('u1'), 'update', 'reports/r1', { store: reports, data: { owner: 'u1' } }),
      ),
    );
  });

  it('reports evaluation errors in the official message shape', () => {
    const a = createFirestoreRulesAuthorizer();
    a.load(RULES);
    const store = { 'reports/r1': doc('reports/r1', { owner: 'u1' }) };
    assert.equal(
      denial(a, access(anonymous, 'get', 'reports/r1', { store })),
      "Null value error. for 'get' @ L13",
    );
    assert.equal(
      denial(a, access(user('u1'), 'delete', 'reports/r1', { store })),
      "No matching allow statements for 'delete'.",
    );
  });

  it('judges a list as a constraint on the query', () => {
    const logged: string[] = [];
    const a = createFirestoreRulesAuthorizer({ logger: (l) => logged.push(l) });
    a.load(RULES);
    const mine = query('reports', [['owner', 'EQUAL', 'u1']], { limit: 10 });
    assert.ok(allowed(a, access(user('u1'), 'list', 'reports', { query: mine })));
    assert.ok(!allowed(a, access(user('u2'), 'list', 'reports', { query: mine })));
    assert.ok(
      !allowed(
        a,
        access(user('u1'), 'list', 'reports', { query: query('reports', [], { limit: 10 }) }),
      ),
    );
    assert.ok(
      !allowed(
        a,
        access(user('u1'), 'list', 'reports', {
          query: query('reports', [['owner', 'EQUAL', 'u1']], { limit: 100 }),
        }),
      ),
    );
    assert.match(
      logged.at(-1) ?? '',
      /PERMISSION_DENIED list reports .*L14 in match \/databases\/\{database\}\/documents\/reports\/\{reportId\}/,
    );
  });
});

describe('debug()', () => {
  it('logs the value and returns it', () => {
    const logged: string[] = [];
    const a = createFirestoreRulesAuthorizer({ logger: (l) => logged.push(l) });
    a.load(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /x/{id} { allow get: if debug(id) == 'ok'; }
  }
}`);
    assert.ok(allowed(a, access(anonymous, 'get', 'x/ok')));
    assert.deepEqual(logged, ['debug(): "ok"']);
  });
});
