import assert from 'node:assert/strict';
import { COLLECTIONS, incidentKeywords, toStoredPoints, type Campus } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import {
  REKEYED_COLLECTIONS,
  campusKeysOf,
  previousCampuses,
  rekeyDocument,
} from '../../src/domain/campus-rekey';

const target = (collection: string) =>
  REKEYED_COLLECTIONS.find((t) => t.collection === collection)!;
const [main, north] = DEMO_CAMPUSES as [Campus, Campus, Campus];
// North renamed since the upgrade: its old name still maps, so a re-run after a rename is safe.
const saved = DEMO_CAMPUSES.map((c) => (c.id === 'north' ? { ...c, name: 'Bulacan Campus' } : c));
const keys = campusKeysOf(saved, DEMO_CAMPUSES);

describe('rekeying stored campus names to ids', () => {
  it('turns a name into its id, keeps ids and null, and says what names no campus', () => {
    const users = target(COLLECTIONS.users);
    assert.deepEqual(rekeyDocument({ campus: 'North Campus' }, users, keys), {
      update: { campus: 'north' },
      unknown: [],
    });
    assert.deepEqual(rekeyDocument({ campus: 'Bulacan Campus' }, users, keys).update, {
      campus: 'north',
    });
    assert.deepEqual(rekeyDocument({ campus: 'north' }, users, keys), {
      update: null,
      unknown: [],
    });
    assert.deepEqual(rekeyDocument({ campus: null }, users, keys), { update: null, unknown: [] });
    assert.deepEqual(rekeyDocument({ campus: 'Atlantis' }, users, keys), {
      update: null,
      unknown: ['Atlantis'],
    });
  });

  it('rewrites a report’s keywords with its campus, and nested and listed fields', () => {
    const report = { nearestCampus: 'Main Campus', incidentType: 'Fire', description: 'smoke' };
    assert.deepEqual(rekeyDocument(report, target(COLLECTIONS.incidentReports), keys).update, {
      nearestCampus: 'main',
      keywords: incidentKeywords({ ...report, nearestCampus: 'main' }),
    });
    assert.deepEqual(
      rekeyDocument(
        { report: { campus: 'Main Campus', id: 'x' } },
        target(COLLECTIONS.accomplishmentReports),
        keys,
      ).update,
      { 'report.campus': 'main' },
    );
    const alert = {
      audience: { campuses: ['Main Campus', 'north'] },
      reach: ['Main Campus', 'north'],
    };
    assert.deepEqual(rekeyDocument(alert, target(COLLECTIONS.massNotifications), keys).update, {
      'audience.campuses': ['main', 'north'],
      reach: ['main', 'north'],
    });
    // A list with a value that names no campus is left whole.
    const odd = { audience: { campuses: ['Main Campus', 'Atlantis'] } };
    assert.deepEqual(rekeyDocument(odd, target(COLLECTIONS.massNotifications), keys), {
      update: null,
      unknown: ['Atlantis'],
    });
  });

  it('keeps the previous version’s saved areas when they pass today’s checks', () => {
    const moved = { latitude: north.centre.latitude + 0.001, longitude: north.centre.longitude };
    const areas = { 'North Campus': { centre: moved, boundary: toStoredPoints(north.boundary) } };
    const kept = previousCampuses(DEMO_CAMPUSES, areas);
    assert.equal(kept.areasNotKept, null);
    assert.deepEqual(kept.campuses.find((c) => c.id === 'north')!.centre, moved);
    assert.deepEqual(previousCampuses(DEMO_CAMPUSES, undefined).campuses, [...DEMO_CAMPUSES]);
  });

  it('uses the defaults and says why when the saved areas overlap', () => {
    const areas = {
      'North Campus': { centre: main.centre, boundary: toStoredPoints(main.boundary) },
    };
    const got = previousCampuses(DEMO_CAMPUSES, areas);
    assert.deepEqual(got.campuses, [...DEMO_CAMPUSES]);
    assert.match(got.areasNotKept ?? '', /overlap/);
  });
});
