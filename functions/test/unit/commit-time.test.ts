import assert from 'node:assert/strict';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { commitTime } from '../../src/platform/commit-time';

const snapshot = (exists: boolean, updateTime?: Timestamp) =>
  ({ exists, updateTime }) as unknown as DocumentSnapshot;

describe('commitTime', () => {
  it("takes the written document's update time, to the microsecond, over the event time", () => {
    const committed = Timestamp.fromDate(new Date('2026-11-23T10:15:59.870Z'));
    // Google's emulator stamps the event at delivery, truncated to the second.
    const at = commitTime(snapshot(true, committed), '2026-11-23T10:16:02Z');
    assert.equal(at.toISOString(), '2026-11-23T10:15:59.870Z');
  });
  it('falls back to the event time for a deletion (no document written)', () => {
    const at = commitTime(snapshot(false), '2026-11-23T10:16:02.5Z');
    assert.equal(at.toISOString(), '2026-11-23T10:16:02.500Z');
    assert.equal(
      commitTime(undefined, '2026-11-23T10:16:02Z').toISOString(),
      '2026-11-23T10:16:02.000Z',
    );
  });
});
