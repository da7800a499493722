import assert from 'node:assert/strict';
import {
  CAMPUSES,
  CAMPUS_AREAS,
  RESPONSE_TARGETS,
  THREAT_LEVELS,
  campusAt,
  nearestCampus,
  randomPointInCampus,
  responseTargetFor,
  targetState,
} from '../src/index';

describe('campus areas', () => {
  it('places every random point inside its own campus and nowhere else', () => {
    let state = 1;
    const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
    for (const campus of CAMPUSES) {
      for (let i = 0; i < 200; i++)
        assert.equal(campusAt(randomPointInCampus(campus, random)), campus);
    }
  });

  it('finds each centre on its campus and a point between campuses on none', () => {
    for (const campus of CAMPUSES) assert.equal(campusAt(CAMPUS_AREAS[campus].centre), campus);
    assert.equal(campusAt({ latitude: 14.7, longitude: 121.0 }), null);
  });

  it('files a point on a campus to it, and a point off every campus to the closest centre', () => {
    for (const campus of CAMPUSES)
      assert.deepEqual(nearestCampus(CAMPUS_AREAS[campus].centre), {
        campus,
        onGrounds: true,
        distanceKm: 0,
      });
    const north = CAMPUS_AREAS['North Campus'].centre;
    const near = { latitude: north.latitude + 0.01, longitude: north.longitude };
    const found = nearestCampus(near);
    assert.equal(found.campus, 'North Campus');
    assert.equal(found.onGrounds, false);
    assert.ok(Math.abs(found.distanceKm - 1.11) < 0.02, `about 1.1 km, got ${found.distanceKm}`);
  });
});

describe('response targets', () => {
  it('rates an unassigned report by the Unrated target and a rated one by its level', () => {
    assert.equal(responseTargetFor(null), RESPONSE_TARGETS.Unrated);
    assert.equal(responseTargetFor('Bogus'), RESPONSE_TARGETS.Unrated);
    for (const level of THREAT_LEVELS)
      assert.equal(responseTargetFor(level), RESPONSE_TARGETS[level]);
  });

  it('is stricter for more severe levels', () => {
    const minutes = THREAT_LEVELS.map((l) => RESPONSE_TARGETS[l].assignWithinMinutes);
    assert.deepEqual(
      [...minutes].sort((a, b) => b - a),
      minutes,
    );
  });

  it('turns due soon at three quarters of the target and overdue past it', () => {
    assert.equal(targetState(0, 10), 'within');
    assert.equal(targetState(7, 10), 'within');
    assert.equal(targetState(8, 10), 'dueSoon');
    assert.equal(targetState(10, 10), 'dueSoon');
    assert.equal(targetState(11, 10), 'overdue');
  });
});
