import assert from 'node:assert/strict';
import { serverTimestamp } from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_INSTITUTION,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_RECIPIENTS,
  SETTING_IDS,
  addDays,
  dayInZone,
  toStoredCampuses,
  type Campus,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { DEMO_CAMPUSES, SECOND_INSTITUTION } from '@campus-safety/model/demo';
import { saveCampuses } from '@campus-safety/testkit/institution';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { waitForMail } from '@campus-safety/testkit/mail';
import { account, callError, closeAll, db, docData, unique, waitFor, type SignedIn } from './stack';

/**
 * Issue 30's proof: the main flows of a second institution, four campuses around Chicago in
 * Chicago time, run on its own data alone. Nothing here is the demo's vocabulary: the campuses,
 * halls and zone are the fixture's (model/src/demo), saved as an Admin saves them.
 */
const INBOX = process.env.MAIL_INBOX_URL ?? '';

describe('a second institution (four campuses around Chicago)', function () {
  this.timeout(180_000);
  const [lakeshore, waterTower] = SECOND_INSTITUTION.campuses as readonly Campus[] as [
    Campus,
    Campus,
  ];
  const [mertzHall] = lakeshore.housing;
  let admin: SignedIn;

  before(async () => {
    admin = await account({ role: 'Admin' });
    await admin.call('saveSetting', {
      setting: 'campuses',
      // A saved campus is never removed: the demo's stay beside the new ones.
      value: { campuses: toStoredCampuses([...DEMO_CAMPUSES, ...SECOND_INSTITUTION.campuses]) },
    });
    await admin.call('saveSetting', {
      setting: 'institution',
      value: { institution: { ...DEFAULT_INSTITUTION, timeZone: SECOND_INSTITUTION.timeZone } },
    });
  });
  after(async () => {
    await db.recursiveDelete(db.collection(COLLECTIONS.settings).doc(SETTING_IDS.institution));
    for (const campus of SECOND_INSTITUTION.campuses) {
      await db.recursiveDelete(db.collection(COLLECTIONS.onCallSchedules).doc(campus.id));
    }
    await saveCampuses(db);
    await closeAll();
  });

  it("a report filed on Lakeshore goes to Lakeshore's IMT on call, paged with the campus's name", async () => {
    // Each campus's on-call member, listed in the staff directory (what a schedule names).
    const [lakeshoreImt, waterTowerImt] = await Promise.all(
      [lakeshore, waterTower].map(async (campus) => {
        const imt = await account({ role: 'IMT', campus: campus.id });
        await waitFor(
          () => docData(`${COLLECTIONS.staffDirectory}/${imt.uid}`),
          (entry) => entry !== undefined,
        );
        const today = dayInZone(Date.now(), SECOND_INSTITUTION.timeZone);
        await admin.call('saveOnCallSchedule', {
          campus: campus.id,
          rotation: {
            memberIds: [imt.uid],
            startDay: addDays(today, -1),
            handoffTime: '00:00',
            shiftDays: 1,
          },
          overrides: [],
          autoAssign: true,
        });
        return imt;
      }),
    );
    const rep = await account({ role: 'User', campus: lakeshore.id });
    const report = await fileReportAsApp(rep.firestore, rep.uid, {
      timestamp: serverTimestamp(),
      geoLoc: lakeshore.centre,
      nearestCampus: lakeshore.id,
      status: 'Reported',
      isArchived: false,
      email: rep.email,
      reporterId: rep.uid,
      incidentType: 'Theft',
    });
    const assigned = await waitFor(
      () => docData(report.path),
      (d) => d?.status === 'Processing',
    );
    assert.equal(assigned!.assignedTo.id, lakeshoreImt!.uid);
    assert.notEqual(assigned!.assignedTo.id, waterTowerImt!.uid);
    const [mail] = await waitForMail(INBOX, { to: lakeshoreImt!.email, timeoutMs: 60_000 });
    assert.match(mail!.subject, /^Assigned to you: Theft at Lakeshore Campus/);
  });

  it('the Clery year, retention and fire log follow Chicago time and Lakeshore’s own halls', async () => {
    // 21:00 on New Year's Eve in Chicago is already 2025 in UTC (and in Manila, the demo's zone).
    const reported = new Date('2025-01-01T03:00:00Z');
    const incident = db.collection(COLLECTIONS.incidentReports).doc(unique('chicago'));
    await incident.set({
      timestamp: Timestamp.fromDate(reported),
      geoLoc: lakeshore.centre,
      nearestCampus: lakeshore.id,
      status: 'Processing',
      isArchived: false,
      email: 'r@campus.test',
      incidentType: 'Theft',
    });
    await admin.call('classifyIncident', {
      incidentId: incident.id,
      isCrime: true,
      offences: [{ offence: 'burglary', bias: null }],
      arrests: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
      referrals: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
      geography: 'onCampusHousing',
      noncampusProperty: null,
      occurredAt: '2024-12-31T20:00:00-06:00',
      generalLocation: mertzHall!.name,
      nature: 'Burglary',
      disposition: 'Closed - arrest',
    });
    const record = await docData(`${COLLECTIONS.cleryRecords}/${incident.id}`);
    assert.equal(record?.campus, lakeshore.id);
    assert.equal(record?.occurredAt.toDate().toISOString(), '2025-01-01T02:00:00.000Z');
    // Counted in Chicago's 2024, so kept until the start of 2032 there (06:00 UTC).
    assert.equal(record?.retainUntil.toDate().toISOString(), '2032-01-01T06:00:00.000Z');

    const fire = {
      incidentId: incident.id,
      facility: mertzHall!.name,
      occurredAt: '2024-12-31T20:30:00-06:00',
      nature: 'Kitchen fire',
      generalLocation: `${mertzHall!.name}, kitchen`,
      cause: 'Unintentional: cooking',
      injuries: 0,
      deaths: 0,
      damage: '$0–99',
    };
    await admin.call('recordFire', fire);
    const entry = await docData(`${COLLECTIONS.fireLog}/${incident.id}`);
    assert.equal(entry?.campus, lakeshore.id);
    assert.equal(entry?.facility, mertzHall!.name);
    assert.equal(entry?.retainUntil.toDate().toISOString(), '2032-01-01T06:00:00.000Z');
    // Another campus's hall, or the demo's: not a housing facility of Lakeshore.
    for (const facility of [waterTower.housing[0]!.name, DEMO_CAMPUSES[0]!.housing[0]!.name]) {
      const refused = await callError(admin.call('recordFire', { ...fire, facility }));
      assert.equal(refused.code, 'functions/invalid-argument', facility);
    }
    assert.equal(
      (await docData(`${COLLECTIONS.fireLog}/${incident.id}`))?.facility,
      mertzHall!.name,
    );
  });

  it('an alert to Lakeshore reaches its people only', async () => {
    const [onLakeshore, onWaterTower] = await Promise.all(
      [lakeshore.id, waterTower.id].map(async (campus) => {
        const who = await account({ role: 'User', campus });
        // Targeting reads the profile's mirror of the verified email (the user trigger's).
        await waitFor(
          () => docData(`${COLLECTIONS.users}/${who.uid}`),
          (d) => d?.emailVerified === true,
        );
        return who;
      }),
    );
    const sent = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'Lakeshore library closed',
      body: 'Use the Water Tower library today.',
      audience: { allCampuses: false, campuses: [lakeshore.id], staffOnly: false },
      channels: ['inApp'],
    });
    const alertRef = db.collection(COLLECTIONS.massNotifications).doc(sent.id);
    const alert = await waitFor(
      () => docData(alertRef.path),
      (d) => d?.state === 'sent' && !!d.plan,
    );
    const pages = await waitFor(
      async () => (await alertRef.collection(MASS_NOTIFICATION_BATCHES).get()).docs,
      (docs) =>
        docs.length === alert!.plan.batches && docs.every((p) => p.get('state') === 'delivered'),
    );
    const reached = (
      await Promise.all(
        pages.map(
          async (p) =>
            (await p.ref.collection(MASS_NOTIFICATION_RECIPIENTS).doc('list').get()).get(
              'uids',
            ) as string[],
        ),
      )
    ).flat();
    assert.ok(reached.includes(onLakeshore!.uid));
    assert.ok(!reached.includes(onWaterTower!.uid));
    const campusesReached = await Promise.all(
      reached.map(async (uid) => (await docData(`${COLLECTIONS.users}/${uid}`))?.campus),
    );
    assert.deepEqual([...new Set(campusesReached)], [lakeshore.id], 'Lakeshore people only');
    const notice = (who: SignedIn) =>
      docData(`${COLLECTIONS.users}/${who.uid}/${COLLECTIONS.notifications}/mass-${sent.id}`);
    assert.ok(await notice(onLakeshore!), 'the Lakeshore reporter has it');
    assert.equal(await notice(onWaterTower!), undefined, 'the Water Tower reporter has not');
  });
});
