/**
 * The rules engine inside the offline Firestore emulator, driven by @firebase/rules-unit-testing
 * (web SDK): rules loaded through the rules endpoint, denials as PERMISSION_DENIED with the
 * evaluation detail, queries judged as constraints, the owner bypassing rules.
 */
import assert from 'node:assert/strict';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow get: if resource.data.owner == request.auth.uid;
      allow list: if resource.data.owner == request.auth.uid && request.query.limit <= 10;
      allow create: if request.resource.data.owner == request.auth.uid;
      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['text'])
        && resource.data.owner == request.auth.uid;
    }
  }
}`;

describe('rules in the offline Firestore emulator', function () {
  this.timeout(60000);
  let emulator: RunningEmulator;
  let env: RulesTestEnvironment;

  before(async () => {
    emulator = await startEmulator();
    env = await initializeTestEnvironment({
      projectId: uniqueProjectId('demo-rules'),
      firestore: { host: emulator.host, port: emulator.port, rules: RULES },
    });
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), 'notes/a'), { owner: 'alice', text: 'hi' });
      await setDoc(doc(ctx.firestore(), 'notes/b'), { owner: 'bob', text: 'yo' });
    });
  });

  after(async () => {
    await env?.cleanup();
    await emulator?.stop();
  });

  it('allows and denies single-document reads and writes', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertSucceeds(getDoc(doc(alice, 'notes/a')));
    await assertFails(getDoc(doc(alice, 'notes/b')));
    await assertSucceeds(setDoc(doc(alice, 'notes/c'), { owner: 'alice', text: 'new' }));
    await assertFails(setDoc(doc(alice, 'notes/d'), { owner: 'bob', text: 'forged' }));
    await assertSucceeds(updateDoc(doc(alice, 'notes/a'), { text: 'edited' }));
    await assertFails(updateDoc(doc(alice, 'notes/a'), { owner: 'bob' }));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'notes/a')));
  });

  it('judges queries as constraints, not filters', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const notes = collection(alice, 'notes');
    const mine = await assertSucceeds(
      getDocs(query(notes, where('owner', '==', 'alice'), limit(10))),
    );
    assert.deepEqual(mine.docs.map((d) => d.id).sort(), ['a', 'c']);
    await assertFails(getDocs(query(notes, limit(10))));
    await assertFails(getDocs(query(notes, where('owner', '==', 'alice'))));
  });

  it('reports the denying rule in the PERMISSION_DENIED message', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const error = (await assertFails(getDoc(doc(alice, 'notes/b')))) as {
      code?: string;
      message?: string;
    };
    assert.equal(error.code, 'permission-denied');
    assert.match(error.message ?? '', /false for 'get' @ L5/);
    assert.match(emulator.output(), /PERMISSION_DENIED get notes\/b/);
  });
});
