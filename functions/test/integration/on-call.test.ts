import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  PROGRAMME_TIME_ZONE,
  addDays,
  dayInZone,
  type HandOverReportsResponse,
  type SaveOnCallScheduleResponse,
} from '@campus-safety/model';
import { waitForMail } from '@campus-safety/testkit/mail';
import {
  account,
  callError,
  db,
  docData,
  notificationsOf,
  reportFiledBy,
  reporter,
  timelineOf,
  waitFor,
  waitForLogs,
  type SignedIn,
} from './stack';

const INBOX = process.env.MAIL_INBOX_URL ?? '';
// A campus of its own for the schedule, removed afterwards: other suites' reports stay unassigned.
const CAMPUS = 'riverside';
const schedules = () => db.collection(COLLECTIONS.onCallSchedules);

/** Waits for the user trigger to list the account in the staff directory (what schedules name). */
async function listed(who: SignedIn) {
  await waitFor(
    () => docData(`${COLLECTIONS.staffDirectory}/${who.uid}`),
    (entry) => entry !== undefined,
    60_000,
  );
  return who;
}

/** A daily rotation that started yesterday at 00:00 programme time. */
function dailyRotation(memberIds: string[]) {
  const yesterday = addDays(dayInZone(Date.now(), PROGRAMME_TIME_ZONE), -1);
  return { memberIds, startDay: yesterday, handoffTime: '00:00', shiftDays: 1 };
}

describe('on-call schedules (issue 20 item 4)', function () {
  this.timeout(180_000);
  let admin: SignedIn;

  before(async () => {
    admin = await account({ role: 'Admin', firstName: 'Ada' });
  });
  afterEach(async () => {
    await db.recursiveDelete(schedules().doc(CAMPUS));
  });

  it('with automatic assignment on, a new report goes to the person on call, who is paged (mail in the catcher)', async () => {
    const first = await listed(await account({ role: 'IMT', campus: CAMPUS, firstName: 'Olga' }));
    const stand = await listed(await account({ role: 'IMT', campus: CAMPUS, firstName: 'Pia' }));
    const now = Date.now();
    const saved = await admin.call<SaveOnCallScheduleResponse>('saveOnCallSchedule', {
      campus: CAMPUS,
      rotation: dailyRotation([first.uid]),
      overrides: [
        // The override covering now wins over the rotation; the one already over is dropped.
        {
          uid: stand.uid,
          from: new Date(now - 60_000).toISOString(),
          to: new Date(now + 3_600_000).toISOString(),
        },
        {
          uid: first.uid,
          from: new Date(now - 7_200_000).toISOString(),
          to: new Date(now - 3_600_000).toISOString(),
        },
      ],
      autoAssign: true,
    });
    assert.deepEqual(saved, { campus: CAMPUS, overrides: 1 });
    const schedule = await docData(`${COLLECTIONS.onCallSchedules}/${CAMPUS}`);
    assert.equal(schedule!.rotation.members[0].displayName, 'Olga IMT');
    assert.equal(schedule!.overrides[0].uid, stand.uid);
    assert.ok(schedule!.overrides[0].from instanceof Timestamp);
    assert.equal(schedule!.updatedBy.uid, admin.uid);
    const history = await schedules().doc(CAMPUS).collection('history').get();
    assert.equal(history.size, 1);
    assert.equal(history.docs[0]!.get('before'), null);
    assert.equal(history.docs[0]!.get('after.autoAssign'), true);

    const ref = await reportFiledBy(await reporter(), { nearestCampus: CAMPUS }, 0);
    const assigned = await waitFor(
      () => docData(ref.path),
      (d) => d?.status === 'Processing',
      60_000,
    );
    assert.equal(assigned!.assignedTo.id, stand.uid);
    assert.equal(assigned!.updatedBy, undefined, 'the system assigned it, nobody in particular');
    const [mail] = await waitForMail(INBOX, { to: stand.email, timeoutMs: 60_000 });
    assert.match(mail!.subject, /^Assigned to you: Fire at Riverside Campus/);
    const notices = await waitFor(
      () => notificationsOf(stand.uid),
      (list) => list.some((n) => n.type === 'assignment' && n.type_id === ref.id),
    );
    assert.equal(notices.filter((n) => n.type_id === ref.id).length, 1);
    const entries = await waitFor(
      () => timelineOf(ref.path),
      (list) => list.some((e) => e.kind === 'paged'),
    );
    const processing = entries.find((e) => e.status === 'Processing');
    assert.equal(processing?.actor ?? null, null);
  });

  it('with automatic assignment off, or nobody reachable on call, a new report waits unassigned', async () => {
    const unverified = await account({ role: 'IMT', campus: CAMPUS, emailVerified: false });
    const member = await listed(await account({ role: 'IMT', campus: CAMPUS }));
    await admin.call('saveOnCallSchedule', {
      campus: CAMPUS,
      rotation: dailyRotation([member.uid]),
      overrides: [],
      autoAssign: false,
    });
    const off = await reportFiledBy(await reporter(), { nearestCampus: CAMPUS }, 0);
    const nobody = await reportFiledBy(await reporter(), { nearestCampus: 'north' }, 0);
    const outcomes = await Promise.all(
      [off, nobody].map(async (ref) => {
        const [log] = await waitForLogs(
          (l) => l.message === 'Automatic assignment' && l.fields.incidentId === ref.id,
          1,
          60_000,
        );
        return log!.fields.outcome;
      }),
    );
    assert.deepEqual(outcomes, ['off', 'off'], 'no schedule assigns nothing either');
    assert.equal((await docData(off.path))!.status, 'Reported');
    assert.equal((await docData(nobody.path))!.status, 'Reported');

    const refused = await callError(
      admin.call('saveOnCallSchedule', {
        campus: CAMPUS,
        rotation: dailyRotation([unverified.uid]),
        overrides: [],
        autoAssign: true,
      }),
    );
    assert.equal(refused.code, 'functions/failed-precondition');
    assert.match(refused.message, /verified email/);
  });

  it('Admins edit any campus, an IMT member only their own, a reporter none', async () => {
    const own = await listed(await account({ role: 'IMT', campus: CAMPUS, firstName: 'Rae' }));
    const other = await account({ role: 'IMT', campus: 'north' });
    const input = {
      campus: CAMPUS,
      rotation: dailyRotation([own.uid]),
      overrides: [],
      autoAssign: false,
    };
    const denied = await callError(other.call('saveOnCallSchedule', input));
    assert.equal(denied.code, 'functions/permission-denied');
    assert.match(denied.message, /campus's IMT/);
    await own.call('saveOnCallSchedule', input);
    const history = await schedules().doc(CAMPUS).collection('history').get();
    assert.equal(history.docs[0]!.get('by.uid'), own.uid);
    const app = await account({ role: 'User' });
    assert.equal(
      (await callError(app.call('saveOnCallSchedule', input))).code,
      'functions/permission-denied',
    );
    const tooMany = await callError(
      admin.call('saveOnCallSchedule', {
        ...input,
        overrides: Array.from({ length: 21 }, () => ({
          uid: own.uid,
          from: '2026-01-01T00:00:00Z',
          to: '2026-01-01T01:00:00Z',
        })),
      }),
    );
    assert.equal(tooMany.code, 'functions/invalid-argument');
  });

  it('hand over a shift: each report in progress goes to the next person on call with the note; both are told, and the reporter', async () => {
    const me = await listed(await account({ role: 'IMT', campus: CAMPUS, firstName: 'Hana' }));
    const next = await listed(await account({ role: 'IMT', campus: CAMPUS, firstName: 'Nico' }));
    const other = await listed(await account({ role: 'IMT', campus: 'north' }));
    await admin.call('saveOnCallSchedule', {
      campus: CAMPUS,
      rotation: dailyRotation([me.uid, next.uid]),
      overrides: [],
      autoAssign: false,
    });
    const filer = await reporter();
    const mine = (n: number) =>
      reportFiledBy(
        filer,
        {
          nearestCampus: CAMPUS,
          status: 'Processing',
          assignedTo: { id: me.uid, displayName: 'Hana IMT', email: me.email },
          assignedAt: Timestamp.now(),
          acknowledgedAt: Timestamp.now(),
        },
        n,
      );
    const [first, second] = [await mine(20), await mine(10)];
    const notMine = await reportFiledBy(
      filer,
      {
        nearestCampus: CAMPUS,
        status: 'Processing',
        assignedTo: { id: next.uid, displayName: 'Nico IMT', email: next.email },
      },
      5,
    );

    // A reporter cannot; a chosen person of another campus is refused report by report.
    assert.equal(
      (
        await callError(
          (await account({ role: 'User' })).call('handOverReports', { toUid: null, note: 'x' }),
        )
      ).code,
      'functions/permission-denied',
    );
    const refused = await me.call<HandOverReportsResponse>('handOverReports', {
      toUid: other.uid,
      note: 'Shift over',
    });
    assert.deepEqual(refused.handedOver, []);
    assert.equal(refused.kept.length, 2);
    assert.match(refused.kept[0]!.reason, /access to Riverside Campus/);

    const done = await me.call<HandOverReportsResponse>('handOverReports', {
      toUid: null,
      note: 'Shift over, both calm',
    });
    assert.deepEqual(done.handedOver.map((h) => h.incidentId).sort(), [first.id, second.id].sort());
    assert.ok(done.handedOver.every((h) => h.assigneeId === next.uid));
    for (const ref of [first, second]) {
      const report = await docData(ref.path);
      assert.equal(report!.assignedTo.id, next.uid);
      assert.equal(report!.reassignment.reason, 'Handover: Shift over, both calm');
      assert.equal(report!.acknowledgedAt, null, 'the new assignee acknowledges anew');
      const entries = await timelineOf(ref.path);
      assert.ok(
        entries.some(
          (e) => e.kind === 'reassigned' && /to Nico IMT: Handover: Shift over/.test(e.detail),
        ),
      );
    }
    assert.equal((await docData(notMine.path))!.assignedTo.id, next.uid, 'untouched');
    // Both people told (pageAssignee), the reporter told who handles it now.
    await waitFor(
      () => notificationsOf(next.uid),
      (list) =>
        [first.id, second.id].every((id) =>
          list.some(
            (n) =>
              n.type === 'assignment' && n.type_id === id && /^Assigned to you/.test(n.message),
          ),
        ),
      60_000,
    );
    await waitFor(
      () => notificationsOf(me.uid),
      (list) =>
        list.filter((n) => n.type === 'assignment' && /^Reassigned/.test(n.title)).length === 2,
      60_000,
    );
    const toReporter = (await notificationsOf(filer.uid)).filter((n) =>
      n.id.startsWith('reassigned-'),
    );
    assert.equal(toReporter.length, 2);
    assert.match(toReporter[0]!.message, /Nico IMT is now handling/);
    const nothing = await callError(me.call('handOverReports', { toUid: null, note: 'again' }));
    assert.match(nothing.message, /no reports in progress/);
  });
});
