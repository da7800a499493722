/**
 * Issue 17 items 1 and 3: an email address nobody verified is not an identity. The squatting
 * chain (sign up with a future colleague's address → be made staff) is refused at every step,
 * unverified accounts write nothing for anyone, and notifications follow the reporter's uid, not
 * whichever users doc holds its email.
 */
import assert from 'node:assert/strict';
import { doc, setDoc, updateDoc, serverTimestamp } from 'firebase/firestore';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import type { UnverifiedHolder } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { admin, assignee, incident, refused, signUp, state, unique, waitFor } from './support';

describe('attacks: identity you can trust (issue 17)', () => {
  let c: Cast;
  before(async () => {
    c = await theCast();
  });

  it('the squatting chain: an unverified sign-up with a future staff address is never made staff', async () => {
    const address = `${unique('future.imt')}@campus.test`;
    const squatter = await signUp('squatter', address);
    // The sign-up basics are the one write an unverified account may make.
    await setDoc(doc(squatter.db, 'users', squatter.uid), {
      firstName: 'Future',
      lastName: 'Colleague',
      email: address,
      role: 'User',
      isArchived: false,
    });
    await waitFor(
      async () => (await admin.db.doc(`users/${squatter.uid}`).get()).get('emailVerified'),
      (v) => v === false,
    );
    const paths = [`users/${squatter.uid}`, 'account_audit', `staff_directory/${squatter.uid}`];

    // The Admin creates the real account: told who holds the address, not sent to edit it.
    let holder: UnverifiedHolder | undefined;
    try {
      await c.admin.call('createAccount', {
        firstName: 'Future',
        lastName: 'Colleague',
        email: address,
        role: 'IMT',
        campus: 'main',
      });
    } catch (error) {
      const e = error as { code?: string; message?: string; details?: unknown };
      assert.equal(e.code, 'functions/already-exists');
      assert.match(String(e.message), /never verified/);
      holder = (e.details as { unverifiedHolder?: UnverifiedHolder }).unverifiedHolder;
    }
    assert.equal(holder?.uid, squatter.uid);

    // Making it IMT through the callable is refused; a direct write too, even by the Admin.
    await refused(
      () =>
        c.admin.call('setStaffAccess', {
          uid: squatter.uid,
          role: 'IMT',
          campus: 'main',
          isArchived: false,
        }),
      paths,
      ['failed-precondition'],
    );
    await refused(
      () => updateDoc(doc(c.admin.db, 'users', squatter.uid), { role: 'IMT', campus: 'main' }),
      paths,
    );
    assert.equal((await admin.auth.getUser(squatter.uid)).customClaims, undefined);
    // Its token reaches no report of the campus.
    const report = await incident('main', c.reporter);
    await refused(
      () => updateDoc(doc(squatter.db, 'incident_reports', report), {}),
      [`incident_reports/${report}`],
    );
  });

  it('even with a staff role and claims, an unverified token is no staff member', async () => {
    // Invited staff before they verify: users doc and claims say IMT, the token says unverified.
    const invited = await signUp('invited IMT', `${unique('invited')}@campus.test`);
    await admin.db.doc(`users/${invited.uid}`).set({
      firstName: 'Ivo',
      lastName: 'Invited',
      email: invited.email,
      role: 'IMT',
      campus: 'main',
      isArchived: false,
      isUsingDefaultPassword: false,
    });
    await admin.auth.setCustomUserClaims(invited.uid, { role: 'IMT', campus: 'main' });
    await invited.user.getIdToken(true);
    const report = await incident('main', c.reporter);
    await refused(
      () =>
        updateDoc(doc(invited.db, 'incident_reports', report), {
          status: 'Processing',
          updatedBy: invited.uid,
          threatLevel: 'Low',
          assignedTo: { id: invited.uid, displayName: 'Ivo Invited', email: invited.email },
        }),
      [`incident_reports/${report}`],
    );
    await refused(() => invited.call('addTags', { names: ['squat'] }), ['tags']);
  });

  it('an unverified account writes nothing for anyone: no report, no profile change', async () => {
    const fresh = await signUp('unverified reporter');
    await setDoc(doc(fresh.db, 'users', fresh.uid), {
      firstName: 'Una',
      lastName: 'Verified',
      email: fresh.email,
      role: 'User',
      isArchived: false,
    });
    // The user trigger mirrors the Auth account (unverified) onto the new doc: wait for it, so
    // the compares below do not catch the server at work.
    await waitFor(
      () => admin.db.doc(`users/${fresh.uid}`).get(),
      (snap) => snap.get('emailVerified') === false,
    );
    await refused(
      () =>
        fileReportAsApp(fresh.db, fresh.uid, {
          timestamp: serverTimestamp(),
          geoLoc: { latitude: 10, longitude: 20 },
          nearestCampus: 'main',
          status: 'Reported',
          isArchived: false,
          email: fresh.email,
          reporterId: fresh.uid,
          incidentType: 'Theft',
        }),
      [],
    );
    await refused(
      () => updateDoc(doc(fresh.db, 'users', fresh.uid), { contactNumber: '+1 555 0199' }),
      [`users/${fresh.uid}`],
    );
    await refused(() => fresh.call('addTags', { names: ['x'] }), ['tags'], ['permission-denied']);
  });

  it('a staff member cannot write its users doc to another email (only the server mirrors Auth)', async () => {
    for (const who of [c.imtMain, c.admin]) {
      await refused(
        () => updateDoc(doc(who.db, 'users', who.uid), { email: `${unique('other')}@campus.test` }),
        [`users/${who.uid}`],
      );
    }
    // Nor an Admin another person's.
    await refused(
      () =>
        updateDoc(doc(c.admin.db, 'users', c.imtMain.uid), {
          email: `${unique('other')}@campus.test`,
        }),
      [`users/${c.imtMain.uid}`],
    );
  });

  it('notifications go to the reporter’s uid, never to a stale doc holding its email', async () => {
    // A users doc that still names the reporter's address (its Auth account moved on).
    const stale = unique('stale');
    await admin.db.doc(`users/${stale}`).set({
      firstName: 'Stale',
      lastName: 'Holder',
      email: c.reporter.email,
      role: 'User',
      campus: null,
      isArchived: false,
      deviceToken: ['stale-device'],
    });
    const before = await state(`users/${stale}/notifications`);
    const id = await incident('main', c.reporter);
    await updateDoc(doc(c.imtMain.db, 'incident_reports', id), {
      updatedBy: c.imtMain.uid,
      status: 'Processing',
      threatLevel: 'Low',
      assignedTo: await assignee(c.imtMain),
    });
    await waitFor(
      async () =>
        (await admin.db.collection(`users/${c.reporter.uid}/notifications`).get()).docs.some(
          (d) => d.get('type_id') === id && d.get('title') !== 'Incident Reported',
        ),
      (found) => found,
    );
    assert.deepEqual(await state(`users/${stale}/notifications`), before);
    const pushes = await admin.db.collection('push_messages').get();
    assert.ok(
      !pushes.docs.some((p) => JSON.stringify(p.data()).includes('stale-device')),
      'a push went to the stale doc’s device',
    );
  });
});
