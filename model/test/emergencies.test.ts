import assert from 'node:assert/strict';
import {
  CAMPUSES,
  CAMPUS_AREAS,
  EMERGENCY_LIMITS,
  EMERGENCY_QUOTA_WINDOW_MS,
  acknowledgeEmergencySchema,
  emergencyCampus,
  nextEmergencyQuota,
  minutesToAcknowledgeEmergency,
} from '../src/index';

const at = (ms: number) => ({ toMillis: () => ms });

describe('emergencies', () => {
  it('goes to the campus of its location, else the person’s campus, else the first, and says which', () => {
    const north = CAMPUS_AREAS['North Campus'].centre;
    assert.deepEqual(emergencyCampus(north, 'Main Campus'), {
      campus: 'North Campus',
      campusFrom: 'location',
    });
    assert.deepEqual(emergencyCampus(null, 'Riverside Campus'), {
      campus: 'Riverside Campus',
      campusFrom: 'profile',
    });
    assert.deepEqual(emergencyCampus(null, 'Moon Campus'), {
      campus: CAMPUSES[0],
      campusFrom: 'default',
    });
    assert.deepEqual(emergencyCampus(null, null), { campus: CAMPUSES[0], campusFrom: 'default' });
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
