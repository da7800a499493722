import assert from 'node:assert/strict';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { Timestamp, doc, getDoc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { appFix, pressSosAsApp } from '@campus-safety/testkit/app-emergency';
import {
  COLLECTIONS,
  DEFAULT_ESCALATION_POLICY,
  PROGRAMME_TIME_ZONE,
  addDays,
  dayInZone,
  type AcknowledgeEmergencyResponse,
} from '@campus-safety/model';
import { escalateOpenEmergencies } from '../../src/services/emergencies';
import { recordingSmsProvider } from '../../src/platform/sms';
import { emulatorTransport } from '../../src/push/emulator-transport';
import { pushSender } from '../../src/push/sender';
import {
  account,
  callError,
  db,
  docData,
  notificationsOf,
  pushesFor,
  unique,
  waitFor,
  type SignedIn,
  sentTextsTo,
} from './stack';

// A campus of its own: its schedule and policy are removed afterwards.
const CAMPUS = 'riverside';
const MINUTE = 60_000;
const ON_CALL_PHONE = '+16505550142';

/** The app's SOS: the emergency and its hourly quota in one batch, through the rules. */
const sos = (person: SignedIn, withLocation = true) =>
  pressSosAsApp(person.firestore, person, {
    id: unique('sos'),
    campus: CAMPUS,
    fix: withLocation ? appFix() : null,
    emailVerified: person.user.emailVerified,
  });

const timeline = async (id: string) =>
  (
    await db
      .collection(COLLECTIONS.emergencies)
      .doc(id)
      .collection(COLLECTIONS.timeline)
      .orderBy('at')
      .get()
  ).docs.map((d) => ({ id: d.id, ...d.data() }) as { id: string; kind: string; detail: string });

describe('emergencies (SOS, issue 32)', function () {
  this.timeout(180_000);
  const push = pushSender(db, emulatorTransport());
  let admin: SignedIn;
  let onCall: SignedIn;

  before(async () => {
    admin = await account({ role: 'Admin' });
    onCall = await account({
      role: 'IMT',
      campus: CAMPUS,
      firstName: 'Otto',
      deviceToken: [unique('otto-device')],
    });
    await waitFor(
      () => docData(`${COLLECTIONS.staffDirectory}/${onCall.uid}`),
      (entry) => entry !== undefined,
      60_000,
    );
    // The phone Otto proved for alerts (services/alert-phones.ts records it once the code matches).
    await db.collection(COLLECTIONS.alertPhones).doc(onCall.uid).set({ phone: ON_CALL_PHONE });
    const yesterday = addDays(dayInZone(Date.now(), PROGRAMME_TIME_ZONE), -1);
    await admin.call('saveOnCallSchedule', {
      campus: CAMPUS,
      rotation: {
        memberIds: [onCall.uid],
        startDay: yesterday,
        handoffTime: '00:00',
        shiftDays: 1,
      },
      overrides: [],
      autoAssign: false,
    });
  });
  after(async () => {
    await db.collection(COLLECTIONS.alertPhones).doc(onCall.uid).delete();
    await db.recursiveDelete(db.collection(COLLECTIONS.onCallSchedules).doc(CAMPUS));
    await db.recursiveDelete(db.collection(COLLECTIONS.escalationPolicies).doc(CAMPUS));
  });

  it('an SOS pages the campus on-call person at once, once, and the timeline says so', async () => {
    const person = await account({ role: 'User', firstName: 'Rita', emailVerified: false });
    const id = await sos(person, false);
    const notice = await waitFor(
      async () => (await notificationsOf(onCall.uid)).find((n) => n.id === `emergency-${id}`),
      (n) => n !== undefined,
    );
    assert.equal(notice!.type, 'emergency');
    assert.match(
      String(notice!.message),
      /SOS from Rita User \(email not verified\), Riverside Campus/,
    );
    const entries = await timeline(id);
    assert.deepEqual(
      entries.map((e) => e.kind),
      ['reported', 'paged'],
    );
    assert.match(entries[0]!.detail, /no location/);
    assert.match(
      entries[1]!.detail,
      /Paged Otto IMT \(on call\): console alert, SMS, push to 1 device/,
    );
    // The SMS, once, sent through the adapter: what happened, where, and the emergency's page.
    const texts = await waitFor(
      () => sentTextsTo(ON_CALL_PHONE, id),
      (found) => found.length > 0,
    );
    assert.deepEqual(texts, [
      `SOS from Rita User (email not verified), Riverside Campus. Open: http://console.test/emergencies/${id}`,
    ]);
    assert.equal((await docData(`${COLLECTIONS.emergencies}/${id}`))!.personName, 'Rita User');
    await waitFor(
      () => pushesFor('payload.type_id', id),
      (pushes) => pushes.length === 1,
    );
  });

  it('the person moves the location onto the track in order; staff of the campus acknowledge it, others may not', async () => {
    const person = await account({ role: 'User', firstName: 'Rita' });
    const id = await sos(person);
    const ref = doc(person.firestore, COLLECTIONS.emergencies, id);
    // A second point once the pace allows (the rules matrix pins the refusal within it).
    const moved = (await getDoc(ref)).data()!;
    const next = { lat: 14.601, lng: 121.101, accuracy: 9, at: Timestamp.now() };
    await waitFor(
      async () => Date.now(),
      (now) => now > (moved.movedAt as Timestamp).toMillis() + 3_500,
      10_000,
    );
    const later = { ...next, at: Timestamp.now() };
    await updateDoc(ref, {
      location: later,
      track: [...moved.track, later],
      movedAt: serverTimestamp(),
    });
    const track = (await docData(`${COLLECTIONS.emergencies}/${id}`))!.track as { lat: number }[];
    assert.deepEqual(
      track.map((p) => p.lat),
      [14.6, 14.601],
    );

    const other = await account({ role: 'IMT', campus: 'north' });
    const refused = await callError(other.call('acknowledgeEmergency', { emergencyId: id }));
    assert.equal(refused.code, 'functions/permission-denied');
    const self = await callError(person.call('acknowledgeEmergency', { emergencyId: id }));
    assert.equal(self.code, 'functions/permission-denied');
    assert.equal((await docData(`${COLLECTIONS.emergencies}/${id}`))!.status, 'open');

    const done = await onCall.call<AcknowledgeEmergencyResponse>('acknowledgeEmergency', {
      emergencyId: id,
    });
    assert.equal(done.alreadyAcknowledged, false);
    const again = await admin.call<AcknowledgeEmergencyResponse>('acknowledgeEmergency', {
      emergencyId: id,
    });
    assert.deepEqual(again, { ...done, alreadyAcknowledged: true });
    const stored = (await docData(`${COLLECTIONS.emergencies}/${id}`))!;
    assert.equal(stored.status, 'acknowledged');
    assert.deepEqual(stored.acknowledgedBy, { uid: onCall.uid, name: 'Otto IMT' });
    const acknowledged = await waitFor(
      () => timeline(id),
      (entries) => entries.some((e) => e.kind === 'acknowledged'),
    );
    assert.equal(acknowledged.filter((e) => e.kind === 'acknowledged').length, 1);
    assert.match(acknowledged.find((e) => e.kind === 'acknowledged')!.detail, /Otto IMT/);

    // "I'm safe": the person closes it; acknowledging a closed one is refused.
    await updateDoc(ref, { status: 'closed', closedAt: serverTimestamp() });
    const later2 = await sos(person);
    await updateDoc(doc(person.firestore, COLLECTIONS.emergencies, later2), {
      status: 'closed',
      closedAt: serverTimestamp(),
    });
    const closed = await callError(onCall.call('acknowledgeEmergency', { emergencyId: later2 }));
    assert.equal(closed.code, 'functions/failed-precondition');
  });

  it('an unacknowledged emergency escalates by the campus policy at Critical timings, each step once, until acknowledged', async () => {
    const policy = structuredClone(DEFAULT_ESCALATION_POLICY);
    policy.steps.forEach((step, i) => (step.afterMinutes.Critical = i * 2));
    policy.repeat = { everyMinutes: 5, times: 0 };
    await admin.call('saveEscalationPolicy', { campus: CAMPUS, ...policy });
    const person = await account({ role: 'User' });
    const id = await sos(person);
    await waitFor(
      () => timeline(id),
      (entries) => entries.some((e) => e.kind === 'paged'),
    );
    const openedAt = (
      (await docData(`${COLLECTIONS.emergencies}/${id}`))!.openedAt as AdminTimestamp
    ).toMillis();
    const escalateAt = (ms: number) =>
      escalateOpenEmergencies({
        db,
        push,
        sms: recordingSmsProvider,
        // Otto proved his phone; the Admin proved none.
        phonesOf: async (uids) =>
          new Map(uids.filter((uid) => uid === onCall.uid).map((uid) => [uid, ON_CALL_PHONE])),
        consoleUrl: 'http://console.test',
        now: () => new Date(ms),
        timeZone: PROGRAMME_TIME_ZONE,
      });
    const escalated = async () => (await timeline(id)).filter((e) => e.kind === 'escalated');

    // Minute 2.5: steps 1 (on call, for the assignee level) and 2 (on call) are due; only the
    // latest fires, once.
    await escalateAt(openedAt + 2.5 * MINUTE);
    await escalateAt(openedAt + 2.6 * MINUTE);
    let entries = await escalated();
    assert.equal(entries.length, 1);
    assert.match(
      entries[0]!.detail,
      /^Step 2 of 4, Campus on call: not acknowledged for 3 min; told Otto IMT \(SMS to 1\)$/,
    );
    assert.equal((await docData(`${COLLECTIONS.emergencies}/${id}`))!.escalation.fired, 2);
    // The step woke Otto by SMS too, once, beside the SOS's own page.
    const stepTexts = (await sentTextsTo(ON_CALL_PHONE, id)).filter((t) =>
      t.includes('not acknowledged'),
    );
    assert.equal(stepTexts.length, 1);
    assert.match(
      stepTexts[0]!,
      new RegExp(
        `is not acknowledged: Campus on call told\\. Open: http://console\\.test/emergencies/${id}$`,
      ),
    );

    // Minute 6.5: the Admins' step.
    await escalateAt(openedAt + 6.5 * MINUTE);
    entries = await escalated();
    assert.equal(entries.length, 2);
    assert.match(entries[1]!.detail, /^Step 4 of 4, Admins: .*told [^(]+$/, 'no phone, no SMS');
    const adminNotice = (await notificationsOf(admin.uid)).find((n) => n.id === `emergency-${id}`);
    assert.equal(adminNotice?.type, 'emergency');

    // Acknowledged: everyone's notice closes, and no more steps, however late.
    await onCall.call('acknowledgeEmergency', { emergencyId: id });
    for (const uid of [admin.uid, onCall.uid]) {
      const notice = (await notificationsOf(uid)).find((n) => n.id === `emergency-${id}`);
      assert.deepEqual([notice?.open, notice?.isRead], [false, true], uid);
    }
    policy.repeat = { everyMinutes: 1, times: 5 };
    await admin.call('saveEscalationPolicy', { campus: CAMPUS, ...policy });
    await escalateAt(openedAt + 30 * MINUTE);
    assert.equal((await escalated()).length, 2);
  });

  describe('with nobody on call', () => {
    before(() => db.recursiveDelete(db.collection(COLLECTIONS.onCallSchedules).doc(CAMPUS)));

    it('an SOS still opens: its timeline says nobody was paged, nobody is notified, and the trigger does not fail', async () => {
      const person = await account({ role: 'User', firstName: 'Nora' });
      const id = await sos(person);
      const entries = await waitFor(
        () => timeline(id),
        (list) => list.some((e) => e.kind === 'paged'),
      );
      assert.deepEqual(
        entries.map((e) => e.kind),
        ['reported', 'paged'],
      );
      assert.equal(
        entries[1]!.detail,
        'Nobody is on call for Riverside Campus: the console alarm only',
      );
      const stored = (await docData(`${COLLECTIONS.emergencies}/${id}`))!;
      assert.equal(stored.personName, 'Nora User');
      assert.equal(stored.notified, undefined);
      assert.equal(
        (await notificationsOf(onCall.uid)).some((n) => n.id === `emergency-${id}`),
        false,
      );
      const failures = await db
        .collection(COLLECTIONS.triggerFailures)
        .where('document', '==', `${COLLECTIONS.emergencies}/${id}`)
        .get();
      assert.equal(failures.size, 0);
    });
  });
});
