import assert from 'node:assert/strict';
import type { JsonObject as Json } from '../../src/firestore/service.js';
import { toFirestoreValue as value } from '@campus-safety/testkit/firestore-values';
import { access, anonymous, doc, query, user } from './helpers.js';
import { authorizerFor, firestoreRules, judge } from './judge.js';

const rules = firestoreRules(`
    match /reports/{id} {
      allow list: if request.auth != null && resource.data.owner == request.auth.uid;
    }
    match /campus/{id} {
      allow list: if resource.data.campus in ['north', 'south'] && resource.data.archived == false;
    }
    match /scores/{id} {
      allow list: if resource.data.score < 100 && resource.data.score >= 10;
    }
    match /teams/{id} {
      allow list: if request.auth.uid in resource.data.members;
    }
    match /limited/{id} {
      allow list: if request.query.limit <= 20 && request.query.orderBy.createdAt == 'DESC';
    }
    match /staff/{id} {
      allow list: if get(/databases/$(database)/documents/campuses/$(resource.data.campus)).data.open == true;
    }
    match /public/{id} {
      allow list: if resource.data.visibility != 'private';
    }
    match /{path=**}/notes/{id} {
      allow list: if resource.data.owner == request.auth.uid;
    }`);

function or(...filters: Json[]): Json {
  return { compositeFilter: { op: 'OR', filters } };
}

function field(fieldPath: string, op: string, v: unknown): Json {
  return { fieldFilter: { field: { fieldPath }, op, value: value(v) } };
}

describe('list requests are judged as constraints on the query', () => {
  const a = authorizerFor(rules);
  const list = (
    caller: Parameters<typeof access>[0],
    path: string,
    q: Json,
    extra: Parameters<typeof access>[3] = {},
  ): string => judge(a, access(caller, 'list', path, { ...extra, query: q }));

  it('proves equality conditions from EQUAL filters, with constants or auth values', () => {
    assert.equal(
      list(user('u1'), 'reports', query('reports', [['owner', 'EQUAL', 'u1']])),
      'allowed',
    );
    assert.notEqual(
      list(user('u1'), 'reports', query('reports', [['owner', 'EQUAL', 'u2']])),
      'allowed',
    );
    assert.equal(list(user('u1'), 'reports', query('reports', [])), "false for 'list' @ L6");
    assert.notEqual(
      list(anonymous, 'reports', query('reports', [['owner', 'EQUAL', 'u1']])),
      'allowed',
    );
    assert.notEqual(
      list(user('u1'), 'reports', query('reports', [['status', 'EQUAL', 'open']])),
      'allowed',
    );
  });

  it('requires every value of an IN filter to pass', () => {
    const ok = query('campus', [
      ['campus', 'IN', ['north', 'south']],
      ['archived', 'EQUAL', false],
    ]);
    assert.equal(list(anonymous, 'campus', ok), 'allowed');
    const bad = query('campus', [
      ['campus', 'IN', ['north', 'west']],
      ['archived', 'EQUAL', false],
    ]);
    assert.notEqual(list(anonymous, 'campus', bad), 'allowed');
    assert.notEqual(
      list(anonymous, 'campus', query('campus', [['campus', 'EQUAL', 'north']])),
      'allowed',
    );
  });

  it('requires every branch of an OR filter to pass', () => {
    const both = {
      from: [{ collectionId: 'reports' }],
      where: or(field('owner', 'EQUAL', 'u1'), field('owner', 'EQUAL', 'u1')),
    };
    assert.equal(list(user('u1'), 'reports', both), 'allowed');
    const leaky = {
      from: [{ collectionId: 'reports' }],
      where: or(field('owner', 'EQUAL', 'u1'), field('status', 'EQUAL', 'x')),
    };
    assert.notEqual(list(user('u1'), 'reports', leaky), 'allowed');
  });

  it('proves range conditions from inequality filters', () => {
    assert.equal(
      list(
        anonymous,
        'scores',
        query('scores', [
          ['score', 'GREATER_THAN_OR_EQUAL', 10],
          ['score', 'LESS_THAN', 50],
        ]),
      ),
      'allowed',
    );
    assert.equal(
      list(
        anonymous,
        'scores',
        query('scores', [
          ['score', 'GREATER_THAN', 20],
          ['score', 'LESS_THAN_OR_EQUAL', 99.5],
        ]),
      ),
      'allowed',
    );
    assert.notEqual(
      list(anonymous, 'scores', query('scores', [['score', 'GREATER_THAN_OR_EQUAL', 10]])),
      'allowed',
    );
    assert.notEqual(
      list(
        anonymous,
        'scores',
        query('scores', [
          ['score', 'GREATER_THAN', 5],
          ['score', 'LESS_THAN', 50],
        ]),
      ),
      'allowed',
    );
    assert.equal(list(anonymous, 'scores', query('scores', [['score', 'EQUAL', 42]])), 'allowed');
  });

  it('proves inequality conditions from != and range filters', () => {
    assert.equal(
      list(anonymous, 'public', query('public', [['visibility', 'NOT_EQUAL', 'private']])),
      'allowed',
    );
    assert.equal(
      list(anonymous, 'public', query('public', [['visibility', 'NOT_IN', ['private', 'hidden']]])),
      'allowed',
    );
    assert.equal(
      list(anonymous, 'public', query('public', [['visibility', 'EQUAL', 'everyone']])),
      'allowed',
    );
    assert.notEqual(list(anonymous, 'public', query('public', [])), 'allowed');
  });

  it('proves membership from array-contains', () => {
    assert.equal(
      list(user('u1'), 'teams', query('teams', [['members', 'ARRAY_CONTAINS', 'u1']])),
      'allowed',
    );
    assert.notEqual(
      list(user('u1'), 'teams', query('teams', [['members', 'ARRAY_CONTAINS', 'u2']])),
      'allowed',
    );
    assert.notEqual(
      list(user('u1'), 'teams', query('teams', [['members', 'ARRAY_CONTAINS_ANY', ['u1', 'u2']]])),
      'allowed',
    );
  });

  it('exposes limit and orderBy as request.query', () => {
    const ordered = { orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }] };
    assert.equal(
      list(anonymous, 'limited', query('limited', [], { limit: 20, ...ordered })),
      'allowed',
    );
    assert.notEqual(
      list(anonymous, 'limited', query('limited', [], { limit: 21, ...ordered })),
      'allowed',
    );
    assert.notEqual(list(anonymous, 'limited', query('limited', [], ordered)), 'allowed');
  });

  it('reads documents named by pinned fields', () => {
    const store = {
      'campuses/north': doc('campuses/north', { open: true }),
      'campuses/south': doc('campuses/south', { open: false }),
    };
    assert.equal(
      list(anonymous, 'staff', query('staff', [['campus', 'EQUAL', 'north']]), { store }),
      'allowed',
    );
    assert.notEqual(
      list(anonymous, 'staff', query('staff', [['campus', 'EQUAL', 'south']]), { store }),
      'allowed',
    );
    assert.notEqual(list(anonymous, 'staff', query('staff', []), { store }), 'allowed');
  });

  it('allows collection-group queries only through recursive wildcards', () => {
    const q = {
      from: [{ collectionId: 'notes', allDescendants: true }],
      where: field('owner', 'EQUAL', 'u1'),
    };
    assert.equal(
      judge(a, access(user('u1'), 'list', 'notes', { query: q, collectionGroup: true })),
      'allowed',
    );
    assert.notEqual(
      judge(a, access(user('u2'), 'list', 'notes', { query: q, collectionGroup: true })),
      'allowed',
    );
    // A collection group of 'reports' could include documents outside /reports.
    const r = {
      from: [{ collectionId: 'reports', allDescendants: true }],
      where: field('owner', 'EQUAL', 'u1'),
    };
    assert.match(
      judge(a, access(user('u1'), 'list', 'reports', { query: r, collectionGroup: true })),
      /No matching allow statements/,
    );
  });

  it('judges a single-document get by the stored document', () => {
    const b = authorizerFor(
      firestoreRules(
        `match /reports/{id} { allow get: if resource.data.owner == request.auth.uid; }`,
      ),
    );
    const store = { 'reports/r': doc('reports/r', { owner: 'u1' }) };
    assert.equal(judge(b, access(user('u1'), 'get', 'reports/r', { store })), 'allowed');
    assert.notEqual(judge(b, access(user('u2'), 'get', 'reports/r', { store })), 'allowed');
  });
});

describe('unknown fields inside lists and maps', () => {
  const a = authorizerFor(
    firestoreRules(`
    match /wrapped/{id} {
      allow list: if [resource.data.owner] != ['bob'];
    }
    match /member/{id} {
      allow list: if !('bob' in [resource.data.owner, 'alice']);
    }
    match /known/{id} {
      allow list: if 'alice' in [resource.data.owner, 'alice'] && resource != null;
    }`),
  );

  it('does not decide comparisons of containers holding unknown fields', () => {
    assert.notEqual(
      judge(a, access(anonymous, 'list', 'wrapped', { query: query('wrapped', []) })),
      'allowed',
    );
    assert.notEqual(
      judge(a, access(anonymous, 'list', 'member', { query: query('member', []) })),
      'allowed',
    );
    assert.equal(
      judge(a, access(anonymous, 'list', 'known', { query: query('known', []) })),
      'allowed',
    );
  });
});

describe('queries too complex to judge', () => {
  it('are denied with a clear message', () => {
    const a = authorizerFor(firestoreRules(`match /c/{id} { allow list: if true; }`));
    const values = Array.from({ length: 30 }, (_, i) => `v${i}`);
    const q = query('c', [
      ['a', 'IN', values],
      ['b', 'IN', values],
    ]);
    assert.equal(
      judge(a, access(anonymous, 'list', 'c', { query: q })),
      'Query has more than 512 disjunctions to check against rules.',
    );
    assert.equal(
      judge(a, access(anonymous, 'list', 'c', { query: query('c', [['a', 'IN', values]]) })),
      'allowed',
    );
  });
});
