import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_ESCALATION_POLICY,
  PROGRAMME_TIME_ZONE,
  addDays,
  dayInZone,
  escalationTimeline,
  responseTargetFor,
  type HousekeepingResponse,
} from '@campus-safety/model';
import { escalateOverdueReports } from '../../src/services/escalation';
import { recordingSmsProvider } from '../../src/platform/sms';
import { emulatorTransport } from '../../src/push/emulator-transport';
import { pushSender } from '../../src/push/sender';
import {
  account,
  db,
  docData,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  staffMember,
  type SignedIn,
  timelineOf,
  unique,
  waitFor,
  sentTextsTo,
} from './stack';

const UNRATED_TARGET = responseTargetFor(null).assignWithinMinutes;
const FLOOD_STEPS = escalationTimeline(DEFAULT_ESCALATION_POLICY, null).length;

/** A report as the app files it, `minutesAgo` old, still unassigned unless `extra` says otherwise. */
async function report(campus: string, minutesAgo: number, extra: Record<string, unknown> = {}) {
  return reportFiledBy(await reporter(), { nearestCampus: campus, tags: [], ...extra }, minutesAgo);
}

/**
 * Waits until the creation trigger has given each report the not-escalated mark the scan selects
 * on (`escalatedAt: null`), all at once.
 */
async function marked(...refs: FirebaseFirestore.DocumentReference[]) {
  await Promise.all(
    refs.map((ref) =>
      waitFor(
        () => docData(ref.path),
        (data) => data?.escalatedAt === null,
        120_000,
      ),
    ),
  );
}

async function designateLead(campus: string, firstName: string, tokens: string[]) {
  const lead = await staffMember(firstName, 'Lead', campus);
  await db.doc(`${COLLECTIONS.users}/${lead.id}`).update({ deviceToken: tokens });
  await db.doc(`${COLLECTIONS.campusLeads}/${campus}`).set({
    uid: lead.id,
    displayName: lead.displayName,
    email: lead.email,
    updatedAt: Timestamp.now(),
  });
  return lead;
}

const escalationsOf = async (uid: string, incidentId: string) =>
  (await notificationsOf(uid)).filter((n) => n.type === 'escalation' && n.type_id === incidentId);

describe('escalation (housekeeping)', function () {
  // Each test waits for the creation trigger of its reports (seconds each on a busy machine).
  this.timeout(180_000);
  const MINUTE = 60_000;
  const push = pushSender(db, emulatorTransport());
  /** One housekeeping escalation pass at a controlled time. */
  /** The phones people proved, by uid, as platform/verified-phones.ts finds them. */
  const phones = new Map<string, string>();
  const escalateAt = (ms: number) =>
    escalateOverdueReports({
      db,
      push,
      sms: recordingSmsProvider,
      phonesOf: async (uids) =>
        new Map(uids.flatMap((uid) => (phones.has(uid) ? [[uid, phones.get(uid)!]] : []))),
      consoleUrl: 'http://console.test',
      now: () => new Date(ms),
      timeZone: PROGRAMME_TIME_ZONE,
    });
  let admin: SignedIn;

  /** A policy whose Unrated steps fire 0, 1, 2 and 3 minutes in, the last repeated once 5 min on. */
  async function quickPolicy(campus: string) {
    const policy = structuredClone(DEFAULT_ESCALATION_POLICY);
    policy.steps.forEach((step, i) => (step.afterMinutes.Unrated = i));
    policy.repeat = { everyMinutes: 5, times: 1 };
    await admin.call('saveEscalationPolicy', { campus, ...policy });
  }

  async function onCallNow(campus: string, who: SignedIn) {
    await waitFor(
      () => docData(`${COLLECTIONS.staffDirectory}/${who.uid}`),
      (entry) => entry !== undefined,
      60_000,
    );
    const yesterday = addDays(dayInZone(Date.now(), PROGRAMME_TIME_ZONE), -1);
    await admin.call('saveOnCallSchedule', {
      campus,
      rotation: { memberIds: [who.uid], startDay: yesterday, handoffTime: '00:00', shiftDays: 1 },
      overrides: [],
      autoAssign: false,
    });
  }

  const escalatedEntries = async (ref: FirebaseFirestore.DocumentReference) =>
    (await timelineOf(ref.path)).filter((e) => e.kind === 'escalated');

  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  afterEach(async () => {
    for (const campus of ['riverside', 'north']) {
      await db.recursiveDelete(db.collection(COLLECTIONS.escalationPolicies).doc(campus));
      await db.recursiveDelete(db.collection(COLLECTIONS.onCallSchedules).doc(campus));
    }
  });

  it('an unassigned report escalates by its campus policy: each step once, to its level, then bounded repeats', async () => {
    const campus = 'riverside';
    await quickPolicy(campus);
    const history = await db
      .collection(COLLECTIONS.escalationPolicies)
      .doc(campus)
      .collection('history')
      .get();
    assert.equal(history.docs[0]!.get('by.uid'), admin.uid);
    const onCall = await account({
      role: 'IMT',
      campus,
      firstName: 'Otto',
      deviceToken: ['otto-device'],
    });
    await onCallNow(campus, onCall);
    const lead = await designateLead(campus, 'Lara', ['lead-device']);
    const ref = await report(campus, UNRATED_TARGET);
    await marked(ref);
    const start = (await docData(ref.path))!.timestamp.toMillis() + UNRATED_TARGET * MINUTE;

    // Minute 0: the assignee step (nobody: it is unassigned); again at once: nothing more.
    await escalateAt(start + 0.5 * MINUTE);
    await escalateAt(start + 0.6 * MINUTE);
    let entries = await escalatedEntries(ref);
    assert.equal(entries.length, 1);
    assert.match(
      entries[0]!.detail,
      /^Step 1 of 5, Assignee: unassigned past its target for \d+ min; told nobody$/,
    );
    // Minute 1: the person on call, by console notice and push.
    await escalateAt(start + 1.5 * MINUTE);
    const [toOnCall] = await escalationsOf(onCall.uid, ref.id);
    assert.equal(toOnCall?.isRead, false);
    assert.match(toOnCall!.message, /unassigned past its target: Campus on call told/);
    const pushes = await pushesFor('payload.type_id', ref.id);
    assert.deepEqual(pushes.find((p) => p.id.endsWith(onCall.uid))?.tokens, ['otto-device']);
    assert.deepEqual(await escalationsOf(lead.id, ref.id), [], 'the lead is not told yet');
    // Minutes 2 and 3: the lead, then the Admins; minute 8: the Admins again; then no more.
    await escalateAt(start + 2.5 * MINUTE);
    assert.equal((await escalationsOf(lead.id, ref.id)).length, 1);
    await escalateAt(start + 3.5 * MINUTE);
    assert.equal((await escalationsOf(admin.uid, ref.id)).length, 1);
    await escalateAt(start + 8.5 * MINUTE);
    await escalateAt(start + 60 * MINUTE);
    entries = await escalatedEntries(ref);
    assert.deepEqual(
      entries.map((e) => /^Step (\d)/.exec(e.detail)?.[1]),
      ['1', '2', '3', '4', '5'],
    );
    assert.match(entries[4]!.detail, /Admins \(repeat 1\)/);
    const state = (await docData(ref.path))!.escalation;
    assert.deepEqual(
      [state.condition, state.fired, state.total, state.open],
      ['unassigned', 5, 5, true],
    );
    assert.ok((await docData(ref.path))!.escalatedAt instanceof Timestamp);

    // Assigned: the escalation ends by itself; everyone's notice stops being new.
    await ref.update({
      status: 'Processing',
      assignedTo: { id: onCall.uid, displayName: 'Otto IMT', email: onCall.email },
      updatedBy: admin.uid,
    });
    await waitFor(
      () => docData(ref.path),
      (d) => d?.escalation?.open === false,
    );
    for (const uid of [onCall.uid, lead.id, admin.uid]) {
      const [notice] = await escalationsOf(uid, ref.id);
      assert.deepEqual([notice?.isRead, notice?.open], [true, false], uid);
    }
    assert.ok(
      (await escalatedEntries(ref)).some((e) =>
        /^Escalation ended: no longer unassigned/.test(e.detail),
      ),
    );
  });

  it('an assignment not acknowledged re-pages the assignee, then the person on call; acknowledging ends it', async () => {
    const campus = 'north';
    await quickPolicy(campus);
    const onCall = await account({ role: 'IMT', campus, firstName: 'Nina' });
    await onCallNow(campus, onCall);
    const assignee = await account({ role: 'IMT', campus, firstName: 'Ivo' });
    phones.set(assignee.uid, '+16505550161');
    const assignedAt = Date.now() - 10 * MINUTE;
    const ref = await report(campus, 20, {
      status: 'Processing',
      assignedTo: { id: assignee.uid, displayName: 'Ivo IMT', email: assignee.email },
      assignedAt: Timestamp.fromMillis(assignedAt),
      acknowledgedAt: null,
    });
    await escalateAt(assignedAt + 0.5 * MINUTE);
    assert.equal((await escalationsOf(assignee.uid, ref.id)).length, 1);
    // The re-page wakes the assignee by SMS too, once for the step, with the report's page.
    const [text, ...more] = await sentTextsTo('+16505550161', ref.id);
    assert.match(
      text!,
      /assigned but not acknowledged: Assignee told\. Open: http:\/\/console\.test\/reports\?id=/,
    );
    assert.deepEqual(more, []);
    await escalateAt(assignedAt + 0.6 * MINUTE);
    assert.equal((await sentTextsTo('+16505550161', ref.id)).length, 1, 'a step texts once');
    await escalateAt(assignedAt + 1.5 * MINUTE);
    const [notice] = await escalationsOf(onCall.uid, ref.id);
    assert.match(notice!.message, /assigned but not acknowledged: Campus on call told/);

    await assignee.call('acknowledgeAssignment', { incidentId: ref.id });
    await waitFor(
      () => docData(ref.path),
      (d) => d?.escalation?.open === false,
    );
    assert.equal((await escalationsOf(onCall.uid, ref.id))[0]!.isRead, true);
    // Acknowledged: nothing more until the response target passes.
    const before = (await escalatedEntries(ref)).length;
    await escalateAt(assignedAt + 3.5 * MINUTE);
    assert.equal((await escalatedEntries(ref)).length, before);
  });

  it('an escalation ends when the report is closed, and nothing fires after', async () => {
    const campus = 'riverside';
    await quickPolicy(campus);
    const ref = await report(campus, UNRATED_TARGET + 3);
    await marked(ref);
    const start = (await docData(ref.path))!.timestamp.toMillis() + UNRATED_TARGET * MINUTE;
    await escalateAt(start + 3.5 * MINUTE);
    assert.equal((await escalationsOf(admin.uid, ref.id)).length, 1);
    await ref.update({
      status: 'Declined',
      declineReason: 'Duplicate',
      declineDescription: 'Same as before',
      updatedBy: admin.uid,
    });
    await waitFor(
      () => docData(ref.path),
      (d) => d?.escalation?.open === false,
    );
    assert.equal((await escalationsOf(admin.uid, ref.id))[0]!.isRead, true);
    await escalateAt(start + 30 * MINUTE);
    assert.equal((await escalatedEntries(ref)).filter((e) => /^Step/.test(e.detail)).length, 1);
  });

  it('a flood of 1,000 newer reports on another campus, escalated already, does not starve an overdue one (issue 17 item 5)', async function () {
    // The flood's own triggers (several thousand runs) are awaited, so later tests start clean.
    this.timeout(600_000);
    const floodCampus = unique('Flood Campus');
    const overdue = await report('main', UNRATED_TARGET + 30);
    await marked(overdue);
    // The flood: filed after the overdue report and before the cutoff, all escalated and still
    // waiting, as after the runs that escalated them. The scan used to read the newest 1,000.
    const flooder = await reporter();
    const writer = db.bulkWriter();
    for (let i = 0; i < 1000; i += 1) {
      const at = Date.now() - (UNRATED_TARGET + 20) * 60_000 + i * 600;
      void writer.set(db.collection(COLLECTIONS.incidentReports).doc(unique('flood')), {
        timestamp: Timestamp.fromMillis(at),
        geoLoc: { latitude: 14.65, longitude: 121.07 },
        nearestCampus: floodCampus,
        status: 'Reported',
        isArchived: false,
        email: flooder.email,
        reporterId: flooder.uid,
        incidentType: 'Fire',
        tags: [],
        // Arranged by the server, as reportFiledBy marks its reports: the quota is not tested here.
        imported: true,
        escalatedAt: Timestamp.fromMillis(at + (UNRATED_TARGET + 1) * 60_000),
        // Every step of its escalation told already, as after the runs that escalated it.
        escalation: {
          condition: 'unassigned',
          startedAt: Timestamp.fromMillis(at + UNRATED_TARGET * 60_000),
          fired: FLOOD_STEPS,
          total: FLOOD_STEPS,
          level: 'admins',
          lastAt: Timestamp.fromMillis(at + (UNRATED_TARGET + 1) * 60_000),
          recipients: [],
          open: true,
        },
      });
    }
    await writer.close();

    const done = await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok((await docData(overdue.path))!.escalatedAt instanceof Timestamp);
    assert.equal(done.escalatedReports, 1, 'the flood, all told, fires nothing');

    // Drained: every flood report counted by the stats trigger (summed over the campus doc's
    // shards) and announced to its reporter.
    await waitFor(
      async () =>
        (
          await db.collection(COLLECTIONS.incidentStats).where('campus', '==', floodCampus).get()
        ).docs.reduce((sum, shard) => sum + ((shard.get('total') as number | undefined) ?? 0), 0),
      (total) => total === 1000,
      540_000,
    );
    const told = db
      .collection(COLLECTIONS.users)
      .doc(flooder.uid)
      .collection(COLLECTIONS.notifications);
    await waitFor(
      async () => (await told.where('type', '==', 'report').count().get()).data().count,
      (n) => n >= 1000,
      540_000,
    );
  });
});
