import assert from 'node:assert/strict';
import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import { ANONYMOUS_REPORTER, COLLECTIONS, LIMITS } from '@campus-safety/model';
import {
  account,
  callError,
  db,
  notificationsOf,
  pushesFor,
  staffMember,
  timelineOf,
  unique,
  waitFor,
  type SignedIn,
} from './stack';

/**
 * Collections no staff member can read (the rules deny them: test/rules anonymity, identity and
 * conversation matrices): server-only records, and the reporter's own.
 */
const NOT_STAFF_READABLE_TOP_LEVEL = new Set<string>([
  COLLECTIONS.anonymousReporters,
  COLLECTIONS.processedEvents,
  COLLECTIONS.reportQuotas,
  COLLECTIONS.mailMessages,
  COLLECTIONS.invitations,
  COLLECTIONS.accountCredentials,
]);
/** Under a report: each author's own pace (get by that author only). */
const NOT_STAFF_READABLE_UNDER_REPORT = new Set<string>([COLLECTIONS.messagePace]);

const file = (reporter: SignedIn, fields: Record<string, unknown> = {}) =>
  reporter.call<{ incidentId: string }>('fileAnonymousReport', {
    geoLoc: { latitude: 14.65, longitude: 121.07 },
    nearestCampus: 'main',
    incidentType: 'Harassment',
    description: 'Someone has been following people near the library after dark.',
    ...fields,
  });

/** Every document under `ref` (itself included), with its path. */
async function documentsUnder(ref: DocumentReference): Promise<{ path: string; data: unknown }[]> {
  const found: { path: string; data: unknown }[] = [];
  const self = await ref.get();
  if (self.exists) found.push({ path: ref.path, data: self.data() });
  for (const sub of await ref.listCollections()) {
    if (NOT_STAFF_READABLE_UNDER_REPORT.has(sub.id)) continue;
    for (const child of await sub.listDocuments()) found.push(...(await documentsUnder(child)));
  }
  return found;
}

/** The staff-readable documents that mention the report: under it, in any top-level collection, and in the staff's own notifications. */
async function staffReadableAbout(
  incidentId: string,
  staffUids: string[],
): Promise<{ path: string; data: unknown }[]> {
  const mentions = (d: { path: string; data: unknown }) =>
    d.path.includes(incidentId) || JSON.stringify(d.data).includes(incidentId);
  const found = await documentsUnder(db.collection(COLLECTIONS.incidentReports).doc(incidentId));
  for (const top of await db.listCollections()) {
    if (
      NOT_STAFF_READABLE_TOP_LEVEL.has(top.id) ||
      top.id === COLLECTIONS.incidentReports ||
      top.id === COLLECTIONS.users
    )
      continue;
    const snap = await top.get();
    found.push(...snap.docs.map((d) => ({ path: d.ref.path, data: d.data() })).filter(mentions));
  }
  for (const uid of staffUids) {
    const snap = await db
      .collection(COLLECTIONS.users)
      .doc(uid)
      .collection(COLLECTIONS.notifications)
      .get();
    found.push(...snap.docs.map((d) => ({ path: d.ref.path, data: d.data() })).filter(mentions));
  }
  return found;
}

describe('anonymous reports', () => {
  it('names the reporter nowhere staff can read, while the reporter is still notified, pushed and heard', async () => {
    const name = unique('Quorra');
    const rep = await account({ role: 'User', firstName: name, deviceToken: ['device-anon-1'] });
    const admin = await account({ role: 'Admin' });
    const imt = await staffMember('Ian', 'Mercado');
    const { incidentId } = await file(rep);
    const incident = db.collection(COLLECTIONS.incidentReports).doc(incidentId);

    // The reporter's "Incident Reported" notification and push, found through the server's link.
    await waitFor(
      async () => (await notificationsOf(rep.uid)).filter((n) => n.type_id === incidentId),
      (list) => list.some((n) => n.title === 'Incident Reported'),
    );
    // A staff question reaches the reporter; the reporter's answer (no uid on it) reaches staff.
    await incident.collection(COLLECTIONS.messages).add({
      text: 'Are you safe right now?',
      authorUid: admin.uid,
      authorRole: 'staff',
      sentAt: FieldValue.serverTimestamp(),
    });
    await incident.collection(COLLECTIONS.messages).add({
      text: 'Yes. He went towards the gym.',
      authorRole: 'reporter',
      sentAt: FieldValue.serverTimestamp(),
    });
    await waitFor(
      async () => (await incident.get()).data()!,
      (d) => d.unreadFromReporter === 1 && d.reporterReplied === true,
    );
    // An assignment: the reporter is told who handles it, by notification and push.
    await incident.update({
      status: 'Processing',
      assignedTo: imt,
      threatLevel: 'High',
      updatedBy: admin.uid,
    });
    const notes = await waitFor(
      async () => (await notificationsOf(rep.uid)).filter((n) => n.type_id === incidentId),
      (list) => list.length === 3,
    );
    assert.equal(notes.filter((n) => n.title === 'Message from Test Admin').length, 1);
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', incidentId),
      (list) => list.length === 3,
    );
    // Each push reached the device, and its record says how many devices, not which.
    for (const p of pushes) {
      assert.equal(p.tokenCount, 1);
      assert.equal(p.state, 'sent');
      assert.equal(p.tokens, undefined);
    }

    const identity = [rep.uid, rep.email, name, 'device-anon-1'];
    const readable = await staffReadableAbout(incidentId, [admin.uid, imt.id]);
    assert.ok(readable.length >= 8, `found the report's documents (${readable.length})`);
    for (const doc of readable) {
      const text = `${doc.path} ${JSON.stringify(doc.data)}`;
      for (const secret of identity)
        assert.ok(!text.includes(secret), `${doc.path} names the anonymous reporter (${secret})`);
    }
    const reported = (await timelineOf(incident.path)).find((e) => e.kind === 'reported');
    assert.deepEqual(reported?.actor, { uid: null, name: ANONYMOUS_REPORTER, role: null });
    // The server alone keeps the link.
    assert.equal(
      (await db.doc(`${COLLECTIONS.anonymousReporters}/${incidentId}`).get()).get('uid'),
      rep.uid,
    );
  });

  it('an Admin reveals the reporter only with a reason, which the timeline keeps; an IMT cannot', async () => {
    const rep = await account({ role: 'User', firstName: 'Maren' });
    const admin = await account({ role: 'Admin', firstName: 'Ada' });
    const imt = await account({ role: 'IMT' });
    const { incidentId } = await file(rep);

    const refused = await callError(
      imt.call('revealAnonymousReporter', { incidentId, reason: 'Curious' }),
    );
    assert.equal(refused.code, 'functions/permission-denied');
    const noReason = await callError(
      admin.call('revealAnonymousReporter', { incidentId, reason: '  ' }),
    );
    assert.equal(noReason.code, 'functions/invalid-argument');
    assert.match(noReason.message, /Reason is required/);

    const revealed = await admin.call<Record<string, unknown>>('revealAnonymousReporter', {
      incidentId,
      reason: 'Reporter said they are in danger; welfare check needed.',
    });
    assert.deepEqual(revealed, {
      incidentId,
      uid: rep.uid,
      name: 'Maren User',
      email: rep.email,
      contactNumber: null,
    });
    const entry = (await timelineOf(`${COLLECTIONS.incidentReports}/${incidentId}`)).find(
      (e) => e.kind === 'identity-revealed',
    );
    assert.equal(entry?.actor.uid, admin.uid);
    assert.equal(
      entry?.detail,
      "Reporter's identity revealed to Ada Admin: Reporter said they are in danger; welfare check needed.",
    );
    assert.ok(!JSON.stringify(entry).includes(rep.email));

    // A report filed under the reporter's name has nothing to reveal.
    const named = db.collection(COLLECTIONS.incidentReports).doc(unique('inc'));
    await named.set({
      nearestCampus: 'main',
      status: 'Reported',
      isArchived: false,
      reporterId: rep.uid,
      imported: true,
    });
    const notAnonymous = await callError(
      admin.call('revealAnonymousReporter', { incidentId: named.id, reason: 'Check' }),
    );
    assert.equal(notAnonymous.code, 'functions/failed-precondition');
  });

  it('counts in the hourly report quota, refuses unverified reporters and staff, and explains bad input', async () => {
    const rep = await account({ role: 'User' });
    const { incidentId } = await file(rep);
    const quota = db.collection(COLLECTIONS.reportQuotas).doc(rep.uid);
    // Counted in the callable's own transaction, so there at once.
    const counted = (await quota.get()).data()!;
    assert.equal(counted.filed, 1);
    assert.equal(counted.lastId, incidentId);
    await quota.update({ filed: LIMITS.reportsPerReporterPerHour });
    const full = await callError(file(rep));
    assert.equal(full.code, 'functions/resource-exhausted');
    assert.match(full.message, /You can send another at \d\d:\d\d/);

    const unverified = await account({ role: 'User', emailVerified: false });
    assert.equal((await callError(file(unverified))).code, 'functions/permission-denied');
    const staff = await account({ role: 'IMT' });
    assert.equal((await callError(file(staff))).code, 'functions/permission-denied');

    const fresh = await account({ role: 'User' });
    const bad = await callError(file(fresh, { incidentType: 'Alien abduction' }));
    assert.equal(bad.code, 'functions/invalid-argument');
    assert.match(bad.message, /incident type/i);
    const forged = await callError(file(fresh, { reporterId: staff.uid }));
    assert.equal(forged.code, 'functions/invalid-argument');
  });
});
