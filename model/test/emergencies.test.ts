import assert from 'node:assert/strict';
import {
  EMERGENCY_LIMITS,
  EMERGENCY_QUOTA_WINDOW_MS,
  acknowledgeEmergencySchema,
  emergencyCampus,
  nextEmergencyQuota,
  minutesToAcknowledgeEmergency,
} from '../src/index';
import { DEMO_CAMPUSES } from '../src/demo';

const at = (ms: number) => ({ toMillis: () => ms });

describe('emergencies', () => {
  it('goes to the campus of its location, else the person’s campus, else the first, and says which', () => {
    const north = DEMO_CAMPUSES.find((c) => c.id === 'north')!.centre;
    assert.deepEqual(emergencyCampus(north, 'main', DEMO_CAMPUSES), {
      campus: 'north',
      campusFrom: 'location',
    });
    assert.deepEqual(emergencyCampus(null, 'riverside', DEMO_CAMPUSES), {
      campus: 'riverside',
      campusFrom: 'profile',
    });
    // The campuses are ordered by name: the first is Main Campus.
    assert.deepEqual(emergencyCampus(null, 'moon', DEMO_CAMPUSES), {
      campus: 'main',
      campusFrom: 'default',
    });
    assert.deepEqual(emergencyCampus(null, null, DEMO_CAMPUSES), {
      campus: 'main',
      campusFrom: 'default',
    });
  });

  it('skips retired campuses, and has no campus when the institution has none', () => {
    const retired = DEMO_CAMPUSES.map((c) =>
      c.id === 'main' || c.id === 'riverside' ? { ...c, retired: true } : c,
    );
    const main = DEMO_CAMPUSES[0]!.centre;
    assert.deepEqual(emergencyCampus(main, 'main', retired), {
      campus: 'north',
      campusFrom: 'location',
    });
    assert.deepEqual(emergencyCampus(null, 'riverside', retired), {
      campus: 'north',
      campusFrom: 'default',
    });
    assert.equal(emergencyCampus(main, 'main', []), null);
    assert.equal(emergencyCampus(null, 'main', []), null);
  });

  it('counts each emergency into the hour window, refusing past the limit until it ends', () => {
    const now = 10 * EMERGENCY_QUOTA_WINDOW_MS;
    assert.deepEqual(nextEmergencyQuota(undefined, now, 'a'), {
      windowStart: 'now',
      opened: 1,
      lastId: 'a',
    });
    const start = at(now - 60_000);
    assert.deepEqual(nextEmergencyQuota({ windowStart: start, opened: 2 }, now, 'b'), {
      windowStart: start,
      opened: 3,
      lastId: 'b',
    });
    const full = { windowStart: start, opened: EMERGENCY_LIMITS.emergenciesPerPersonPerHour };
    assert.deepEqual(nextEmergencyQuota(full, now, 'c'), {
      full: new Date(start.toMillis() + EMERGENCY_QUOTA_WINDOW_MS),
    });
    assert.deepEqual(nextEmergencyQuota(full, start.toMillis() + EMERGENCY_QUOTA_WINDOW_MS, 'd'), {
      windowStart: 'now',
      opened: 1,
      lastId: 'd',
    });
  });

  it('acknowledges by a valid document id only', () => {
    assert.equal(acknowledgeEmergencySchema.safeParse({ emergencyId: 'abc' }).success, true);
    assert.equal(acknowledgeEmergencySchema.safeParse({ emergencyId: 'a/b' }).success, false);
    assert.equal(
      acknowledgeEmergencySchema.safeParse({ emergencyId: 'x', more: 1 }).success,
      false,
    );
  });

  it('measures the time to acknowledge in whole minutes, none before an acknowledgement', () => {
    const at = (ms: number) => ({ toMillis: () => ms });
    assert.equal(minutesToAcknowledgeEmergency({ openedAt: at(0) }), null);
    assert.equal(minutesToAcknowledgeEmergency({ openedAt: at(0), acknowledgedAt: at(89_000) }), 1);
    assert.equal(
      minutesToAcknowledgeEmergency({ openedAt: at(0), acknowledgedAt: at(150_000) }),
      3,
    );
  });
});
