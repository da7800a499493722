import assert from 'node:assert/strict';
import { serverTimestamp } from 'firebase/firestore';
import {
  COLLECTIONS,
  SETTING_IDS,
  campusesOf,
  toStoredCampuses,
  type AudienceCount,
  type Campus,
} from '@campus-safety/model';
import { DEMO_CAMPUSES, SECOND_INSTITUTION } from '@campus-safety/model/demo';
import { saveCampuses } from '@campus-safety/testkit/institution';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { account, callError, db, docData, waitFor, type SignedIn } from './stack';

/** Issue 30 item 2: campuses are the institution's data, by stable id, changed by Admins only. */
describe('campuses as data (saveSetting campuses)', function () {
  this.timeout(180_000);
  const [lakeshore, waterTower, hydePark, westSide] = SECOND_INSTITUTION.campuses as [
    Campus,
    Campus,
    Campus,
    Campus,
  ];
  const both = [...DEMO_CAMPUSES, ...SECOND_INSTITUTION.campuses];
  let admin: SignedIn;
  const save = (campuses: readonly Campus[]) =>
    admin.call('saveSetting', {
      setting: 'campuses',
      value: { campuses: toStoredCampuses(campuses) },
    });
  const stored = async () => campusesOf(await docData(`settings/${SETTING_IDS.campuses}`));

  before(async () => {
    admin = await account({ role: 'Admin' });
    await save(both);
  });
  after(() => saveCampuses(db));

  it('adds campuses of other names, with their halls; none is removed, only retired', async () => {
    assert.deepEqual(
      (await stored()).map((c) => c.id),
      [...both].sort((a, b) => a.name.localeCompare(b.name)).map((c) => c.id),
    );
    const refused = await callError(save(both.filter((c) => c.id !== 'north')));
    assert.equal(refused.code, 'functions/failed-precondition');
    assert.match(refused.message, /^North Campus cannot be removed: retire a campus instead\.$/);
    assert.equal((await stored()).length, both.length, 'nothing changed');
  });

  it('refuses bad geometry and names with a clear error, changing nothing', async () => {
    const before = await stored();
    const bowtie: Campus = {
      ...westSide,
      boundary: [
        [41.867, -87.678],
        [41.875, -87.668],
        [41.875, -87.678],
        [41.867, -87.668],
      ],
    };
    const many: Campus = {
      ...westSide,
      boundary: Array.from({ length: 101 }, (_, i) => {
        const a = (2 * Math.PI * i) / 101;
        return [41.871 + 0.004 * Math.sin(a), -87.673 + 0.005 * Math.cos(a)] as const;
      }),
    };
    const cases: [Campus[], RegExp][] = [
      [
        [...both.filter((c) => c.id !== westSide.id), bowtie],
        /West Side Campus: the boundary crosses itself\./,
      ],
      [[...both.filter((c) => c.id !== westSide.id), many], /at most 100 points/],
      [
        [...both.filter((c) => c.id !== hydePark.id), { ...hydePark, name: 'Lakeshore Campus' }],
        /Two campuses are called "Lakeshore Campus"\./,
      ],
      [
        [
          ...both.filter((c) => c.id !== lakeshore.id),
          { ...lakeshore, housing: [{ name: 'Far Hall', boundary: waterTower.boundary }] },
        ],
        /Lakeshore Campus: Far Hall must lie inside the campus boundary\./,
      ],
      [
        [
          ...both.filter((c) => c.id !== hydePark.id),
          { ...hydePark, boundary: waterTower.boundary, centre: waterTower.centre, housing: [] },
        ],
        /Hyde Park Campus and Water Tower Campus overlap|Water Tower Campus and Hyde Park Campus overlap/,
      ],
      [
        [...both, { ...westSide, id: 'West Side' }],
        /"West Side" is not a campus id: lower-case letters/,
      ],
    ];
    for (const [campuses, message] of cases) {
      const refused = await callError(save(campuses));
      assert.equal(refused.code, 'functions/invalid-argument', String(message));
      assert.match(refused.message, message);
    }
    assert.deepEqual(await stored(), before);
  });

  it('a report on a new campus is its IMT’s, a rename keeps every id, a retired campus takes no new staff', async () => {
    const rep = await account({ role: 'User', campus: westSide.id });
    const report = await fileReportAsApp(rep.firestore, rep.uid, {
      timestamp: serverTimestamp(),
      geoLoc: westSide.centre,
      nearestCampus: westSide.id,
      status: 'Reported',
      isArchived: false,
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Fire',
    });
    // Counted in its own campus's stats (the shards carry the campus id).
    await waitFor(
      () => db.collection(COLLECTIONS.incidentStats).where('campus', '==', westSide.id).get(),
      (shards) => !shards.empty,
    );
    // An alert to that campus reaches its people only: the plan's own count.
    const count = await admin.call<AudienceCount>('countMassNotificationAudience', {
      audience: { allCampuses: false, campuses: [westSide.id], staffOnly: false },
    });
    const onWestSide = await db
      .collection(COLLECTIONS.users)
      .where('campus', '==', westSide.id)
      .get();
    assert.equal(count.people, onWestSide.size);

    // Renamed: every stored id stays, the name is the campus's.
    await save(
      both.map((c) => (c.id === westSide.id ? { ...c, name: 'Garfield Park Campus' } : c)),
    );
    assert.equal((await docData(report.path))?.nearestCampus, westSide.id);
    assert.equal((await docData(`users/${rep.uid}`))?.campus, westSide.id);
    assert.equal((await stored()).find((c) => c.id === westSide.id)?.name, 'Garfield Park Campus');

    // Retired: no new staff there; its history stays.
    await save(both.map((c) => (c.id === hydePark.id ? { ...c, retired: true } : c)));
    assert.equal((await stored()).find((c) => c.id === hydePark.id)?.retired, true);
    const refused = await callError(
      admin.call('createAccount', {
        firstName: 'Hyde',
        lastName: 'Imt',
        email: `hyde-${Date.now()}@campus.test`,
        role: 'IMT',
        campus: hydePark.id,
        contactNumber: '+1 312 555 0100',
      }),
    );
    assert.equal(refused.code, 'functions/invalid-argument');
    assert.match(refused.message, /Hyde Park Campus: not a campus in use/);
    // A report naming it is the rules' to refuse: test/rules, incident reports (both engines).
  });
});
