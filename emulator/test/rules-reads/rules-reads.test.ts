import assert from 'node:assert/strict';
import { FirestoreApiError } from '../../src/firestore/service.js';
import { parseArgs } from '../../src/firestore/server/cli-args.js';
import { RulesReadsReporter, requestShape } from '../../src/firestore/server/rules-reads.js';
import { createFirestoreRulesAuthorizer } from '../../src/rules/firestore-authorizer.js';
import { access, doc, user } from '../rules/helpers.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function me() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data; }
    match /reports/{id} {
      allow get: if me().role == 'admin'
        || (exists(/databases/$(database)/documents/leads/$(me().campus))
            && get(/databases/$(database)/documents/settings/campuses).data.open == true);
    }
  }
}`;

describe('--report-rules-reads', () => {
  const store = {
    'users/u1': doc('users/u1', { role: 'imt', campus: 'north' }),
    'users/a1': doc('users/a1', { role: 'admin' }),
    'leads/north': doc('leads/north', {}),
    'settings/campuses': doc('settings/campuses', { open: true }),
  };

  it('keeps the most documents each kind of request read, a document counted once', () => {
    const reads = new RulesReadsReporter();
    const rules = createFirestoreRulesAuthorizer({ onReads: reads.record.bind(reads) });
    rules.load(RULES);
    rules.authorize(access(user('a1'), 'get', 'reports/r1', { store }));
    rules.authorize(access(user('u1'), 'get', 'reports/r2', { store }));
    // A denial counts too: what it read before it was refused.
    assert.throws(
      () => rules.authorize(access(user('nobody'), 'get', 'reports/r3', { store })),
      FirestoreApiError,
    );
    assert.deepEqual(reads.records(), [
      { shape: 'get reports/{id}', reads: 3, example: 'reports/r2', batch: false },
    ]);
    assert.match(reads.summary()[1]!, /^ {2}3 get reports\/\{id\}, e\.g\. reports\/r2$/);
  });

  it('names a request by method and path with its ids as {id}', () => {
    assert.equal(
      requestShape('update', 'users/u1/notifications/n1'),
      'update users/{id}/notifications/{id}',
    );
    assert.equal(requestShape('list', 'incident_reports'), 'list incident_reports');
  });

  it('is off unless asked', () => {
    assert.equal(parseArgs([]).reportRulesReads, false);
    assert.equal(parseArgs(['--report-rules-reads']).reportRulesReads, true);
  });
});
