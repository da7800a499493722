import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { adminFirestore, http } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/** The emulator endpoints firebase-tools and @firebase/rules-unit-testing call. */
describe('conformance: emulator endpoints', function () {
  let emulator: RunningEmulator;

  before(async function () {
    emulator = await startEmulator();
  });

  after(async function () {
    await emulator?.stop();
  });

  it('answers the health check', async function () {
    const response = await http(emulator, 'GET', '/');
    assert.equal(response.status, 200);
    assert.equal(response.body, 'Ok');
  });

  it('clears one project database', async function () {
    const projectId = uniqueProjectId();
    const other = uniqueProjectId();
    const a = adminFirestore(emulator, projectId);
    const b = adminFirestore(emulator, other);
    try {
      await a.db.doc('c/one').set({ v: 1 });
      await b.db.doc('c/one').set({ v: 1 });
      const cleared = await http(
        emulator,
        'DELETE',
        `/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      );
      assert.equal(cleared.status, 200);
      assert.equal((await a.db.doc('c/one').get()).exists, false);
      assert.equal((await b.db.doc('c/one').get()).exists, true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  describe('security rules loaded through @firebase/rules-unit-testing', function () {
    let env: RulesTestEnvironment;

    before(async function () {
      env = await initializeTestEnvironment({
        projectId: uniqueProjectId('demo-rules'),
        firestore: {
          host: emulator.host,
          port: emulator.port,
          rules: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
  }
}`,
        },
      });
    });

    after(async function () {
      await env?.cleanup();
    });

    it('enforces the rules for users and bypasses them for the owner', async function () {
      const alice = env.authenticatedContext('alice').firestore();
      const bob = env.authenticatedContext('bob').firestore();
      const anonymous = env.unauthenticatedContext().firestore();
      await assertSucceeds(setDoc(doc(alice, 'notes/alice'), { text: 'mine' }));
      await assertFails(getDoc(doc(bob, 'notes/alice')));
      await assertFails(setDoc(doc(anonymous, 'notes/alice'), { text: 'vandal' }));
      await env.withSecurityRulesDisabled(async (context) => {
        assert.equal((await getDoc(doc(context.firestore(), 'notes/alice'))).get('text'), 'mine');
      });
      await env.clearFirestore();
      await env.withSecurityRulesDisabled(async (context) => {
        assert.equal((await getDoc(doc(context.firestore(), 'notes/alice'))).exists(), false);
      });
    });

    it('rejects a broken ruleset with its line and column, keeping the previous one', async function () {
      const broken = await http(
        emulator,
        'PUT',
        `/emulator/v1/projects/${env.projectId}:securityRules`,
        {
          rules: {
            files: [
              {
                name: 'firestore.rules',
                content:
                  "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ; }\n}",
              },
            ],
          },
        },
      );
      assert.equal(broken.status, 400);
      assert.match(broken.body.error.message, /:3:/);
      const reported = await http(
        emulator,
        'PUT',
        `/emulator/v1/projects/${env.projectId}:securityRules`,
        {
          ignore_errors: true,
          rules: {
            files: [{ name: 'firestore.rules', content: 'service cloud.firestore { match' }],
          },
        },
      );
      assert.equal(reported.status, 200);
      assert.equal(reported.body.issues[0].severity, 'ERROR');
      assert.equal(typeof reported.body.issues[0].sourcePosition.line, 'number');
      await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'notes/alice')));
    });
  });

  it('exports through the endpoint firebase-tools calls and imports at start', async function () {
    if (process.env.CONFORMANCE_EMULATOR_HOST) this.skip();
    const projectId = uniqueProjectId();
    const directory = mkdtempSync(join(tmpdir(), 'firestore-export-'));
    const source = adminFirestore(emulator, projectId);
    let restored: RunningEmulator | undefined;
    try {
      await source.db
        .doc('incidents/a')
        .set({ title: 'Fire alarm', at: new Date('2026-01-02T03:04:05Z'), n: 1 });
      await source.db.doc('incidents/a/notes/n1').set({ text: 'nested' });
      const exported = await http(emulator, 'POST', `/emulator/v1/projects/${projectId}:export`, {
        database: `projects/${projectId}/databases/(default)`,
        export_directory: directory,
        export_name: 'firestore_export',
      });
      assert.equal(exported.status, 200);
      assert.ok(
        readdirSync(join(directory, 'firestore_export')).includes(
          'firestore_export.overall_export_metadata',
        ),
      );

      restored = await startEmulator({
        args: [
          '--seed_from_export',
          join(directory, 'firestore_export', 'firestore_export.overall_export_metadata'),
        ],
      });
      const target = adminFirestore(restored, projectId);
      try {
        const snap = await target.db.doc('incidents/a').get();
        assert.equal(snap.get('title'), 'Fire alarm');
        assert.equal(snap.get('at').toDate().toISOString(), '2026-01-02T03:04:05.000Z');
        assert.equal((await target.db.doc('incidents/a/notes/n1').get()).get('text'), 'nested');
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
      await restored?.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
