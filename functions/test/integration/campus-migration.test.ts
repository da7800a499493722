import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  DEFAULT_INCIDENT_TYPES,
  MASS_NOTIFICATION_REPLIES,
  SETTINGS_HISTORY,
  SETTING_IDS,
  campusesOf,
  incidentKeywords,
  incidentTypesOf,
  toStoredPoints,
  type Campus,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';
import { CAMPUS_MIGRATION_EDITOR, migrateCampusIds } from '../../src/services/campus-migration';
import { auth, db, docData, reportFiledBy, reporter, staffMember, unique, waitFor } from './stack';

/**
 * Issue 30 item 7: a deployment of the previous version (campus names where ids are now, no
 * settings/campuses, its boundaries in settings/campus_areas) upgraded in place, and run again.
 */
describe('upgrade in place: campus names rekeyed to ids (npm run migrate)', function () {
  this.timeout(180_000);
  const north = DEMO_CAMPUSES.find((c) => c.id === 'north') as Campus;
  const movedCentre = {
    latitude: north.centre.latitude + 0.001,
    longitude: north.centre.longitude,
  };
  const migrate = (dryRun = false) =>
    migrateCampusIds(db, auth, { previous: DEMO_CAMPUSES, dryRun });
  const paths = {} as Record<string, string>;
  let imtUid = '';
  let staffId = '';

  before(async () => {
    const settings = db.collection(COLLECTIONS.settings);
    await settings.doc(SETTING_IDS.campuses).delete();
    // The previous version's list of the catalog's types, one relabelled and one not offered.
    await settings.doc(SETTING_IDS.incidentTypes).set({
      types: DEFAULT_INCIDENT_TYPES.map(({ type }) => ({
        type,
        label: type === 'Theft' ? 'Theft or loss' : type,
        offered: type !== 'Other',
      })),
    });
    await settings
      .doc('campus_areas')
      .set({ 'North Campus': { centre: movedCentre, boundary: toStoredPoints(north.boundary) } });

    const imt = await auth.createUser({
      email: `${unique('imt')}@campus.test`,
      emailVerified: true,
    });
    imtUid = imt.uid;
    await auth.setCustomUserClaims(imt.uid, { role: 'IMT', campus: 'North Campus' });
    await db.collection(COLLECTIONS.users).doc(imt.uid).set({
      firstName: 'Nora',
      firstNameLowerCase: 'nora',
      lastName: 'North',
      email: imt.email,
      role: 'IMT',
      campus: 'North Campus',
      isArchived: false,
      isUsingDefaultPassword: false,
      deviceToken: [],
    });
    // The user trigger mirrors the old name into the staff directory before the upgrade starts.
    await waitFor(
      async () => (await docData(`${COLLECTIONS.staffDirectory}/${imt.uid}`))?.campus,
      (campus) => campus === 'North Campus',
    );
    staffId = (await staffMember('Sam', 'Staff', 'Riverside Campus')).id;
    const filer = await reporter();
    await db.collection(COLLECTIONS.users).doc(filer.uid).update({ campus: 'North Campus' });
    const old = { nearestCampus: 'North Campus', description: 'Smoke near the north gate' };
    const report = await reportFiledBy(filer, {
      ...old,
      keywords: incidentKeywords({ ...old, incidentType: 'Fire' }),
    });
    paths.report = report.path;
    paths.user = `${COLLECTIONS.users}/${filer.uid}`;
    // The report's stats are kept under the old name by the trigger, as the previous version did.
    await waitFor(
      () => statsUnder('North Campus'),
      (total) => total > 0,
    );

    const id = unique('old');
    const put = async (key: string, path: string, data: Record<string, unknown>) => {
      paths[key] = path;
      await db.doc(path).set(data);
    };
    await put('accomplishment', `${COLLECTIONS.accomplishmentReports}/${id}`, {
      title: 'Checked',
      report: { id: report.id, campus: 'North Campus' },
    });
    await put('alert', `${COLLECTIONS.massNotifications}/${id}`, {
      title: 'Drill',
      audience: { allCampuses: false, campuses: ['North Campus', 'Main Campus'], staffOnly: false },
      reach: ['North Campus', 'Main Campus'],
    });
    await put('reply', `${paths.alert}/${MASS_NOTIFICATION_REPLIES}/${filer.uid}`, {
      name: 'Rita Reporter',
      campus: 'North Campus',
      answered: false,
    });
    await put('emergency', `${COLLECTIONS.emergencies}/${id}`, {
      campus: 'North Campus',
      status: 'open',
    });
    await put('clery', `${COLLECTIONS.cleryRecords}/${id}`, { campus: 'North Campus' });
    await put('fire', `${COLLECTIONS.fireLog}/${id}`, {
      campus: 'North Campus',
      facility: 'Narra Residence Hall',
    });
    await put('warning', `${COLLECTIONS.warningDecisions}/${id}`, { campus: 'Main Campus' });
    await put('test', `${COLLECTIONS.emergencyTests}/${id}`, {
      campuses: ['Main Campus', 'North Campus'],
    });
    await put('roster', `${COLLECTIONS.roster}/${id}`, {
      campus: 'Riverside Campus',
      name: 'Rosa',
    });
    await put('odd', `${COLLECTIONS.cleryRecords}/${id}-odd`, { campus: 'Atlantis' });
    await put('lead', `${COLLECTIONS.campusLeads}/North Campus`, {
      uid: imt.uid,
      displayName: 'Nora North',
    });
    await put('schedule', `${COLLECTIONS.onCallSchedules}/North Campus`, {
      campus: 'North Campus',
      autoAssign: false,
    });
    await put('scheduleEntry', `${paths.schedule}/${SETTINGS_HISTORY}/1700000000000`, {
      before: null,
      after: { campus: 'North Campus' },
    });
    await put('policy', `${COLLECTIONS.escalationPolicies}/Riverside Campus`, {
      campus: 'Riverside Campus',
      steps: [],
    });
  });

  after(async () => {
    await db.collection(COLLECTIONS.settings).doc('campus_areas').delete();
    await Promise.all([saveCampuses(db), saveVocabularies(db)]);
  });

  async function statsUnder(campus: string): Promise<number> {
    const docs = await db.collection(COLLECTIONS.incidentStats).where('campus', '==', campus).get();
    return docs.docs.reduce((sum, d) => sum + (Number(d.get('total')) || 0), 0);
  }

  it('a dry run says what would change and writes nothing', async () => {
    const report = await migrate(true);
    assert.deepEqual(report.campusesSaved, ['main', 'north', 'riverside']);
    assert.ok(report.updated[COLLECTIONS.incidentReports]! >= 1);
    assert.ok(report.claims >= 1);
    assert.equal((await docData(paths.report!))?.nearestCampus, 'North Campus');
    assert.equal(await docData(`${COLLECTIONS.settings}/${SETTING_IDS.campuses}`), undefined);
  });

  it('saves the campuses and rekeys every stored name to its id, claims included', async () => {
    const report = await migrate();
    assert.deepEqual(report.campusesSaved, ['main', 'north', 'riverside']);
    assert.equal(report.areasNotKept, null);
    const saved = await docData(`${COLLECTIONS.settings}/${SETTING_IDS.campuses}`);
    assert.deepEqual(saved?.updatedBy, CAMPUS_MIGRATION_EDITOR);
    assert.deepEqual(
      campusesOf(saved).find((c) => c.id === 'north')?.centre,
      movedCentre,
      'saved areas kept',
    );

    assert.equal(report.incidentTypesRekeyed, true);
    const types = incidentTypesOf(
      await docData(`${COLLECTIONS.settings}/${SETTING_IDS.incidentTypes}`),
    );
    assert.equal(types.find((t) => t.type === 'Theft')?.label, 'Theft or loss');
    assert.equal(types.find((t) => t.type === 'Other')?.offered, false);
    assert.equal(
      Array.isArray((await docData(`${COLLECTIONS.settings}/${SETTING_IDS.incidentTypes}`))?.types),
      false,
      'stored as the map the rules read',
    );

    const incident = await docData(paths.report!);
    assert.equal(incident?.nearestCampus, 'north');
    assert.deepEqual(incident?.keywords, incidentKeywords({ ...incident, nearestCampus: 'north' }));
    assert.equal((await docData(paths.user!))?.campus, 'north');
    assert.equal((await docData(`${COLLECTIONS.users}/${imtUid}`))?.campus, 'north');
    assert.equal((await docData(`${COLLECTIONS.users}/${staffId}`))?.campus, 'riverside');
    assert.deepEqual((await auth.getUser(imtUid)).customClaims, { role: 'IMT', campus: 'north' });
    assert.equal((await docData(paths.accomplishment!))?.report.campus, 'north');
    const alert = await docData(paths.alert!);
    assert.deepEqual(alert?.audience.campuses, ['north', 'main']);
    assert.deepEqual(alert?.reach, ['north', 'main']);
    assert.equal((await docData(paths.reply!))?.campus, 'north');
    assert.equal((await docData(paths.emergency!))?.campus, 'north');
    assert.equal((await docData(paths.clery!))?.campus, 'north');
    assert.equal((await docData(paths.fire!))?.campus, 'north');
    assert.equal((await docData(paths.warning!))?.campus, 'main');
    assert.deepEqual((await docData(paths.test!))?.campuses, ['main', 'north']);
    assert.equal((await docData(paths.roster!))?.campus, 'riverside');

    // Documents keyed by a campus move to its id, their history with them.
    assert.equal(await docData(paths.lead!), undefined);
    assert.equal((await docData(`${COLLECTIONS.campusLeads}/north`))?.uid, imtUid);
    assert.equal(await docData(paths.schedule!), undefined);
    assert.equal((await docData(`${COLLECTIONS.onCallSchedules}/north`))?.campus, 'north');
    assert.deepEqual(
      (await docData(`${COLLECTIONS.onCallSchedules}/north/${SETTINGS_HISTORY}/1700000000000`))
        ?.before,
      null,
    );
    assert.equal(await docData(paths.scheduleEntry!), undefined);
    assert.equal(
      (await docData(`${COLLECTIONS.escalationPolicies}/riverside`))?.campus,
      'riverside',
    );
    assert.equal(report.moved[COLLECTIONS.campusLeads], 1);

    // A value that names no campus is left and said.
    assert.equal((await docData(paths.odd!))?.campus, 'Atlantis');
    assert.ok(report.unknown.first.some((u) => u.path === paths.odd && u.value === 'Atlantis'));

    // The stats follow the report through their trigger: nothing is left under the name.
    await waitFor(
      () => statsUnder('North Campus'),
      (total) => total === 0,
    );
  });

  it('a second run changes nothing', async () => {
    const again = await migrate();
    assert.equal(again.campusesSaved, null);
    assert.equal(again.incidentTypesRekeyed, false);
    assert.deepEqual(
      Object.entries({ ...again.updated, ...again.moved }).filter(([, n]) => n > 0),
      [],
    );
    assert.equal(again.claims, 0);
    assert.equal(again.changedMeanwhile, 0);
    assert.equal((await docData(paths.report!))?.nearestCampus, 'north');
  });
});
