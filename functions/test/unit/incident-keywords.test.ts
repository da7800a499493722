import assert from 'node:assert/strict';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { refreshIncidentKeywords } from '../../src/services/incident-keywords';

/** A written report whose keywords are stale; its update fails with `code` (or succeeds). */
function staleReport(code?: number) {
  const updates: unknown[] = [];
  const snapshot = {
    data: () => ({ incidentType: 'Fire', nearestCampus: 'main', keywords: [] }),
    updateTime: Timestamp.now(),
    ref: {
      update: async (change: unknown) => {
        if (code !== undefined) throw Object.assign(new Error(`code ${code}`), { code });
        updates.push(change);
      },
    },
  } as unknown as DocumentSnapshot;
  return { snapshot, updates };
}

describe('refreshIncidentKeywords', () => {
  it('writes the words of a report whose keywords are stale', async () => {
    const { snapshot, updates } = staleReport();
    assert.equal(await refreshIncidentKeywords(snapshot), 'updated');
    assert.deepEqual(updates, [{ keywords: ['fire', 'main'] }]);
  });

  it('leaves a report changed or deleted since the event to the newer event, without failing', async () => {
    assert.equal(await refreshIncidentKeywords(staleReport(9).snapshot), 'superseded');
    assert.equal(await refreshIncidentKeywords(staleReport(5).snapshot), 'superseded');
  });

  it('fails on any other error, so the event is retried', async () => {
    await assert.rejects(refreshIncidentKeywords(staleReport(14).snapshot), /code 14/);
  });
});
