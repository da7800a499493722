import assert from 'node:assert/strict';
import {
  RESPONSE_TARGETS,
  THREAT_LEVELS,
  campusAt,
  campusIdFor,
  campusesOf,
  campusesSchema,
  nearestCampus,
  randomPointInCampus,
  responseTargetFor,
  targetState,
  toStoredCampuses,
  type Campus,
  type LatLng,
} from '../src/index';
import { DEMO_CAMPUSES, SECOND_INSTITUTION } from '../src/demo';

const campus = (id: string) => DEMO_CAMPUSES.find((c) => c.id === id)!;
const box = (south: number, west: number, north: number, east: number): LatLng[] => [
  [south, west],
  [south, east],
  [north, east],
  [north, west],
];

describe('campus areas', () => {
  it('places every random point inside its own campus and nowhere else', () => {
    let state = 1;
    const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
    for (const c of [...DEMO_CAMPUSES, ...SECOND_INSTITUTION.campuses]) {
      const all = DEMO_CAMPUSES.includes(c) ? DEMO_CAMPUSES : SECOND_INSTITUTION.campuses;
      for (let i = 0; i < 200; i++)
        assert.equal(campusAt(randomPointInCampus(c, random), all), c.id);
    }
  });

  it('finds each centre on its campus and a point between campuses on none', () => {
    for (const c of DEMO_CAMPUSES) assert.equal(campusAt(c.centre, DEMO_CAMPUSES), c.id);
    assert.equal(campusAt({ latitude: 14.7, longitude: 121.0 }, DEMO_CAMPUSES), null);
    assert.equal(campusAt(campus('main').centre, []), null);
  });

  it('files a point on a campus to it, and a point off every campus to the closest centre', () => {
    for (const c of DEMO_CAMPUSES)
      assert.deepEqual(nearestCampus(c.centre, DEMO_CAMPUSES), {
        campus: c.id,
        onGrounds: true,
        distanceKm: 0,
      });
    const north = campus('north').centre;
    const near = { latitude: north.latitude + 0.01, longitude: north.longitude };
    const found = nearestCampus(near, DEMO_CAMPUSES);
    assert.equal(found?.campus, 'north');
    assert.equal(found?.onGrounds, false);
    assert.ok(Math.abs(found!.distanceKm - 1.11) < 0.02, `about 1.1 km, got ${found!.distanceKm}`);
    assert.equal(nearestCampus(near, []), null);
  });

  it('ignores a retired campus: its grounds are no campus and reports go to the nearest active one', () => {
    const retired = DEMO_CAMPUSES.map((c) => (c.id === 'north' ? { ...c, retired: true } : c));
    const north = campus('north').centre;
    assert.equal(campusAt(north, retired), null);
    const found = nearestCampus(north, retired);
    assert.notEqual(found?.campus, 'north');
    assert.equal(found?.onGrounds, false);
    assert.ok(found!.distanceKm > 5);
    assert.equal(
      nearestCampus(
        north,
        retired.map((c) => ({ ...c, retired: true })),
      ),
      null,
    );
  });
});

describe('the campuses setting', () => {
  const stored = (campuses: readonly Campus[]) => toStoredCampuses(campuses);
  const problems = (map: unknown): string[] => {
    const result = campusesSchema.safeParse(map);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts the demo campuses and the second institution as saved', () => {
    assert.deepEqual(problems(stored(DEMO_CAMPUSES)), []);
    assert.deepEqual(problems(stored(SECOND_INSTITUTION.campuses)), []);
  });

  it('refuses a boundary that crosses itself', () => {
    const main = campus('main');
    // A bow tie: the second and third corners swapped.
    const [a, b, c, d] = box(14.65, 121.06, 14.66, 121.07);
    const bowTie = { ...main, boundary: [a!, c!, b!, d!] };
    const found = problems(stored([bowTie]));
    assert.ok(found.includes('Main Campus: the boundary crosses itself.'), found.join(' | '));
  });

  it('refuses a boundary of more than 100 points and takes one of 100', () => {
    const main = campus('main');
    const ring = (n: number): LatLng[] =>
      Array.from({ length: n }, (_, i) => {
        const angle = (2 * Math.PI * i) / n;
        return [
          main.centre.latitude + 0.006 * Math.sin(angle),
          main.centre.longitude + 0.006 * Math.cos(angle),
        ] as const;
      });
    const other = { ...main, housing: [], publicProperty: [] };
    assert.deepEqual(problems(stored([{ ...other, boundary: ring(100) }])), []);
    assert.ok(
      problems(stored([{ ...other, boundary: ring(101) }])).includes(
        'A campus boundary has at most 100 points.',
      ),
    );
  });

  it('refuses two active campuses that overlap, but not when one of them is retired', () => {
    const main = campus('main');
    const shifted = {
      ...main,
      id: 'annex',
      name: 'Annex',
      shortName: 'Annex',
      housing: [],
      publicProperty: [],
      centre: { latitude: main.centre.latitude + 0.002, longitude: main.centre.longitude },
      boundary: main.boundary.map(([lat, lng]) => [lat + 0.002, lng] as const),
    };
    assert.ok(
      problems(stored([main, shifted])).includes(
        'Annex and Main Campus overlap: a place is on one campus.',
      ) ||
        problems(stored([main, shifted])).includes(
          'Main Campus and Annex overlap: a place is on one campus.',
        ),
      problems(stored([main, shifted])).join(' | '),
    );
    assert.deepEqual(problems(stored([main, { ...shifted, retired: true }])), []);
  });

  it('refuses a housing building outside its campus', () => {
    const main = campus('main');
    const far = { name: 'Far Hall', boundary: box(14.7, 121.0, 14.701, 121.001) };
    const found = problems(stored([{ ...main, housing: [...main.housing, far] }]));
    assert.ok(
      found.includes('Main Campus: Far Hall must lie inside the campus boundary.'),
      found.join(' | '),
    );
  });

  it('refuses two campuses of one name (in any case), or of one short name', () => {
    const [main, north] = [campus('main'), campus('north')];
    const sameName = problems(stored([main, { ...north, name: 'main campus' }]));
    assert.ok(
      sameName.some((p) => /Two campuses are called/.test(p)),
      sameName.join(' | '),
    );
    const sameShort = problems(stored([main, { ...north, shortName: 'Main' }]));
    assert.ok(
      sameShort.some((p) => /Two campuses are called/.test(p)),
      sameShort.join(' | '),
    );
  });

  it('refuses an id that is not lower-case letters, digits and dashes', () => {
    const { main } = stored(DEMO_CAMPUSES);
    for (const id of ['Main', 'main campus', '1main', '', 'x'.repeat(31)]) {
      const result = campusesSchema.safeParse({ [id]: main });
      assert.equal(result.success, false, id);
      assert.deepEqual(result.error?.issues[0]?.path, [id]);
    }
    assert.deepEqual(
      problems({ 'main-2': main, ['x'.repeat(30)]: stored([campus('north')])['north'] }),
      [],
    );
  });

  it('reads the saved campuses ordered by name, skipping entries it cannot read', () => {
    const map = stored(DEMO_CAMPUSES);
    const reversed = Object.fromEntries(Object.entries(map).reverse());
    const read = campusesOf({
      campuses: { ...reversed, 'Bad Id': map['main'], broken: { name: 'Broken' } },
    });
    assert.deepEqual(
      read.map((c) => c.name),
      ['Main Campus', 'North Campus', 'Riverside Campus'],
    );
    assert.deepEqual(read, [...DEMO_CAMPUSES]);
    assert.deepEqual(campusesOf(undefined), []);
    assert.deepEqual(campusesOf({}), []);
  });

  it('makes a new id from the name, unique among the campuses', () => {
    assert.equal(campusIdFor('West Campus', DEMO_CAMPUSES), 'west-campus');
    assert.equal(campusIdFor('  Main  ', DEMO_CAMPUSES), 'main-2');
    assert.equal(
      campusIdFor('Main', [...DEMO_CAMPUSES, { ...campus('main'), id: 'main-2' }]),
      'main-3',
    );
    assert.equal(campusIdFor('Café Hall', DEMO_CAMPUSES), 'cafe-hall');
    assert.equal(campusIdFor('!!!', DEMO_CAMPUSES), 'campus');
    const long = campusIdFor('A very long campus name that goes on and on', DEMO_CAMPUSES);
    assert.ok(long.length <= 30 && /^[a-z][a-z0-9-]*$/.test(long), long);
    assert.ok(!long.endsWith('-'), long);
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
