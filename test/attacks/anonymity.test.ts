/**
 * Issue 19 item 2: anonymous reports, attacked by people who want to know who filed one. Staff of
 * any rank try every way to the link between a report and its reporter (the server's record, the
 * reporter's own list, a collection-group query, a list by reporterId, the reporter's pace); a
 * reporter tries to read someone else's anonymous report, to unmask themselves into someone
 * else's name, or to call the Admin's reveal. Each refusal is checked with "nothing changed".
 */
import assert from 'node:assert/strict';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  query,
  updateDoc,
  where,
} from 'firebase/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { account, admin, refused, waitFor, type Attacker } from './support';

describe('attacks: anonymous reports', () => {
  let c: Cast;
  let whistleblower: Attacker;
  let report: string;
  const reportPath = () => `${COLLECTIONS.incidentReports}/${report}`;
  const serverLink = () => `${COLLECTIONS.anonymousReporters}/${report}`;
  const ownLinks = () =>
    `${COLLECTIONS.users}/${whistleblower.uid}/${COLLECTIONS.anonymousReports}`;

  before(async () => {
    c = await theCast();
    whistleblower = await account('whistleblower', { role: 'User', firstName: 'Wren' });
    ({ incidentId: report } = await whistleblower.call<{ incidentId: string }>(
      'fileAnonymousReport',
      {
        geoLoc: { latitude: 14.6, longitude: 121.0 },
        nearestCampus: 'main',
        incidentType: 'Harassment',
        description: 'My supervisor threatens staff who complain.',
      },
    ));
    // Both writers of a new report have run (keywords; the "reported" entry and escalation mark),
    // so "nothing changed" below compares settled data.
    await waitFor(
      async () => (await admin.db.doc(reportPath()).get()).data() ?? {},
      (d) => Array.isArray(d.keywords) && d.escalatedAt === null,
    );
    await waitFor(
      async () =>
        (await admin.db.doc(`${reportPath()}/${COLLECTIONS.timeline}/reported`).get()).exists,
      (exists) => exists,
    );
  });

  it('the report as staff read it holds no uid, email or name of its reporter', async () => {
    const snap = await getDoc(doc(c.imtMain.db, reportPath()));
    const text = JSON.stringify(snap.data());
    for (const secret of [whistleblower.uid, whistleblower.email, 'Wren'])
      assert.ok(!text.includes(secret), `the report names its reporter (${secret})`);
  });

  it("no staff member reads the server's link, by id or by listing it", async () => {
    for (const staff of [c.admin, c.imtMain]) {
      await refused(() => getDoc(doc(staff.db, serverLink())), [serverLink()]);
      await refused(
        () => getDocs(collection(staff.db, COLLECTIONS.anonymousReporters)),
        [serverLink()],
      );
    }
  });

  it("no staff member reads the reporter's own list of anonymous reports, directly or across users", async () => {
    for (const staff of [c.admin, c.imtMain]) {
      await refused(() => getDocs(collection(staff.db, ownLinks())), [ownLinks()]);
      await refused(
        () => getDocs(collectionGroup(staff.db, COLLECTIONS.anonymousReports)),
        [ownLinks()],
      );
      await refused(
        () =>
          getDocs(
            query(
              collectionGroup(staff.db, COLLECTIONS.anonymousReports),
              where('filedAt', '!=', null),
            ),
          ),
        [ownLinks()],
      );
    }
  });

  it('another reporter cannot read the anonymous report, its link or the conversation', async () => {
    await refused(() => getDoc(doc(c.reporter.db, reportPath())), [reportPath()]);
    await refused(() => getDocs(collection(c.reporter.db, ownLinks())), [ownLinks()]);
    await refused(
      () => getDocs(collection(c.reporter.db, reportPath(), COLLECTIONS.messages)),
      [reportPath()],
    );
  });

  it('the reporter reads their own anonymous report through their link', async () => {
    const links = await getDocs(collection(whistleblower.db, ownLinks()));
    assert.deepEqual(
      links.docs.map((d) => d.id),
      [report],
    );
    assert.equal((await getDoc(doc(whistleblower.db, reportPath()))).get('anonymous'), true);
  });

  it('nobody unmasks a report by writing a reporter onto it, not even its reporter', async () => {
    for (const who of [whistleblower, c.imtMain, c.admin])
      await refused(
        () =>
          updateDoc(doc(who.db, reportPath()), {
            anonymous: false,
            reporterId: who.uid,
            email: who.email,
          }),
        [reportPath()],
      );
  });

  it('a reporter or an IMT cannot call the reveal; an Admin must give a reason', async () => {
    const timeline = `${reportPath()}/${COLLECTIONS.timeline}`;
    for (const who of [whistleblower, c.reporter, c.imtMain])
      await refused(
        () => who.call('revealAnonymousReporter', { incidentId: report, reason: 'Who is it?' }),
        [timeline],
      );
    await refused(
      () => c.admin.call('revealAnonymousReporter', { incidentId: report }),
      [timeline],
      ['invalid-argument'],
    );
  });

  it('an unverified sign-up cannot file anonymously (nothing acts for an unverified email)', async () => {
    await refused(
      () =>
        c.newbie.call('fileAnonymousReport', {
          geoLoc: { latitude: 14.6, longitude: 121.0 },
          nearestCampus: 'main',
          incidentType: 'Theft',
        }),
      [COLLECTIONS.anonymousReporters],
    );
  });
});
