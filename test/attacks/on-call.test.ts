/**
 * Issue 20 (on call, escalation policies, handover): nobody writes a schedule or a policy but
 * through their callables; an IMT member edits only their own campus's schedule and no policy;
 * a reporter edits nothing and hands nothing over; a handover never moves another person's
 * reports or hands one to staff of another campus.
 */
import assert from 'node:assert/strict';
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import {
  COLLECTIONS,
  DEFAULT_ESCALATION_POLICY,
  PROGRAMME_TIME_ZONE,
  dayInZone,
} from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { admin, assignee, incident, refused } from './support';

describe('attacks: on-call schedules, escalation policies and handover (issue 20)', () => {
  let c: Cast;
  const schedule = (campus: string, uid: string) => ({
    campus,
    rotation: {
      memberIds: [uid],
      startDay: dayInZone(Date.now(), PROGRAMME_TIME_ZONE),
      handoffTime: '00:00',
      shiftDays: 1,
    },
    overrides: [],
    autoAssign: true,
  });
  before(async () => {
    c = await theCast();
  });

  it('nobody writes a schedule or a policy directly, not even an Admin', async () => {
    for (const [collection, campus] of [
      [COLLECTIONS.onCallSchedules, 'north'],
      [COLLECTIONS.escalationPolicies, 'north'],
    ] as const) {
      const path = `${collection}/${campus}`;
      for (const who of [c.admin, c.imtNorth]) {
        await refused(
          () => setDoc(doc(who.db, collection, campus), { campus, autoAssign: true }),
          [path],
        );
        await refused(() => deleteDoc(doc(who.db, collection, campus)), [path]);
      }
    }
  });

  it('an IMT of another campus, a reporter or an archived account cannot save a campus schedule', async () => {
    const path = `${COLLECTIONS.onCallSchedules}/Main Campus`;
    for (const who of [c.imtNorth, c.reporter, c.archived]) {
      await refused(
        () => who.call('saveOnCallSchedule', schedule('main', who.uid)),
        [path, `${path}/history/x`],
      );
    }
  });

  it('only Admins save an escalation policy: not the campus IMT, not a reporter', async () => {
    const path = `${COLLECTIONS.escalationPolicies}/Main Campus`;
    const zero = structuredClone(DEFAULT_ESCALATION_POLICY);
    zero.steps.forEach((s) => (s.afterMinutes.Critical = 10_080));
    for (const who of [c.imtMain, c.reporter]) {
      await refused(() => who.call('saveEscalationPolicy', { campus: 'main', ...zero }), [path]);
    }
  });

  it('a reporter cannot hand over; a handover never moves another campus report to the wrong staff', async () => {
    await refused(() => c.reporter.call('handOverReports', { toUid: null, note: 'mine' }), []);
    const id = await incident('main', c.reporter);
    await admin.db.doc(`incident_reports/${id}`).update({
      status: 'Processing',
      assignedTo: await assignee(c.imtMain),
      updatedBy: c.admin.uid,
    });
    const before = (await admin.db.doc(`incident_reports/${id}`).get()).get('assignedTo.id');
    // Mia hands her reports to an IMT of North: each reassignment refuses; the report stays hers.
    const answer = await c.imtMain.call<{ handedOver: unknown[]; kept: { reason: string }[] }>(
      'handOverReports',
      { toUid: c.imtNorth.uid, note: 'Going home' },
    );
    assert.deepEqual(answer.handedOver, [], 'handed a report to another campus');
    assert.ok(
      answer.kept.some((k) => /access to Main Campus/.test(k.reason)),
      JSON.stringify(answer.kept),
    );
    const after = (await admin.db.doc(`incident_reports/${id}`).get()).get('assignedTo.id');
    assert.equal(after, before, 'the report moved');
    // Noah (North) cannot pull Mia's report by handing "his" reports: he has none in progress.
    await refused(
      () => c.imtNorth.call('handOverReports', { toUid: c.imtNorth.uid, note: 'x' }),
      [`incident_reports/${id}`],
      ['failed-precondition'],
    );
  });
});
