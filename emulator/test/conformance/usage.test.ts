import assert from 'node:assert/strict';
import { adminFirestore, http } from '../support/clients.js';
import { startEmulator, uniqueProjectId, type RunningEmulator } from '../support/emulator.js';

/**
 * Our own extension (the official emulator has no such endpoint, so this suite skips against it):
 * document reads, writes and deletes per collection since the last reset, to measure the
 * console's Firestore cost.
 */
describe('emulator extension: usage endpoint', function () {
  let emulator: RunningEmulator;

  before(async function () {
    if (process.env.CONFORMANCE_EMULATOR_HOST) this.skip();
    emulator = await startEmulator();
  });

  after(async function () {
    await emulator?.stop();
  });

  it('counts reads, writes and deletes per collection since the last reset', async function () {
    const projectId = uniqueProjectId();
    const { db, close } = adminFirestore(emulator, projectId);
    try {
      await db.doc('warmup/x').set({});
      const reset = await http(emulator, 'DELETE', `/emulator/v1/projects/${projectId}/usage`);
      assert.equal(reset.status, 200);
      assert.deepEqual(reset.body.totals, { reads: 0, writes: 0, deletes: 0 });

      const batch = db.batch();
      batch.set(db.doc('incidents/a'), { v: 1 });
      batch.set(db.doc('incidents/b'), { v: 2 });
      batch.set(db.doc('people/p'), { v: 3 });
      await batch.commit();
      await db.doc('incidents/a').get();
      await db.collection('incidents').get();
      await db.doc('people/p').delete();

      const usage = await http(emulator, 'GET', `/emulator/v1/projects/${projectId}/usage`);
      assert.equal(usage.status, 200);
      assert.equal(usage.body.collections.incidents.writes, 2);
      assert.equal(usage.body.collections.incidents.reads, 3);
      assert.equal(usage.body.collections.people.writes, 1);
      assert.equal(usage.body.collections.people.deletes, 1);
      assert.equal(usage.body.totals.writes, 3);
      assert.equal(usage.body.totals.deletes, 1);
      assert.ok(!Number.isNaN(Date.parse(usage.body.since)));
    } finally {
      await close();
    }
  });
});
