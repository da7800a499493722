import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  CAMPUS_ID_PATTERN,
  mayEditOnCallSchedule,
  onCallAt,
  onCallPlanOf,
  pagingRefusal,
  type OnCallNow,
  type OnCallPerson,
  type OnCallSchedule,
  type SaveOnCallScheduleInput,
  type SaveOnCallScheduleResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { runOnce } from '../platform/run-once';
import { saveWithHistory } from './settings-history';
import { requireActiveCampuses } from './campuses';

export interface OnCallDeps {
  db: Firestore;
  /** Whether the Auth account of `uid` has verified its email (the truth, not a mirror). */
  emailVerified: (uid: string) => Promise<boolean>;
  timeZone: string;
  now: () => Date;
}

/** Who is on call for `campus` at `at`, and whether its new reports go to them automatically. */
export async function onCallFor(
  db: Firestore,
  campus: string,
  at: Date,
  timeZone: string,
): Promise<{ onCall: OnCallNow | null; autoAssign: boolean }> {
  // Schedules exist for campus ids only; anything else (a typo, an old record's name) has none,
  // and may not even be a valid document id.
  if (!CAMPUS_ID_PATTERN.test(campus)) return { onCall: null, autoAssign: false };
  const data = (await db.collection(COLLECTIONS.onCallSchedules).doc(campus).get()).data();
  const plan = onCallPlanOf(data as OnCallSchedule | undefined);
  return {
    onCall: plan ? onCallAt(plan, at.getTime(), timeZone) : null,
    autoAssign: data?.autoAssign === true,
  };
}

/**
 * An on-call person must be reachable for the campus: live staff (Admin, or IMT of the campus)
 * with a verified email, named as their staff directory entry names them.
 */
async function schedulablePerson(
  deps: OnCallDeps,
  uid: string,
  campus: string,
): Promise<OnCallPerson> {
  const [profile, entry] = await Promise.all([
    deps.db.collection(COLLECTIONS.users).doc(uid).get(),
    deps.db.collection(COLLECTIONS.staffDirectory).doc(uid).get(),
  ]);
  const refusal = pagingRefusal(
    profile.data(),
    profile.exists ? await deps.emailVerified(uid) : false,
    campus,
  );
  if (refusal || !entry.exists)
    fail(
      'failed-precondition',
      `Everyone on call must be live staff of ${campus} with a verified email (${uid} is not).`,
    );
  return { uid, displayName: String(entry.get('displayName')) };
}

/**
 * Saves a campus's on-call schedule: Admins for any campus, an IMT member for their own (the
 * people who swap shifts keep the schedule true; every save is in the history). Each person is
 * checked live, verified staff of the campus; overrides already over are dropped. The schedule and
 * its history entry (before → after, who, when) are written in one transaction.
 */
export async function saveOnCallSchedule(
  deps: OnCallDeps,
  input: SaveOnCallScheduleInput,
  caller: Caller,
): Promise<SaveOnCallScheduleResponse> {
  const { db } = deps;
  if (!mayEditOnCallSchedule(caller, input.campus))
    fail('permission-denied', "Only Admins and the campus's IMT can edit its on-call schedule.");
  await requireActiveCampuses(db, [input.campus], 'campus');
  const now = deps.now();
  const ids = new Set([...(input.rotation?.memberIds ?? []), ...input.overrides.map((o) => o.uid)]);
  const people = new Map<string, OnCallPerson>();
  for (const uid of ids) people.set(uid, await schedulablePerson(deps, uid, input.campus));

  const rotation = input.rotation
    ? {
        members: input.rotation.memberIds.map((uid) => people.get(uid)!),
        startDay: input.rotation.startDay,
        handoffTime: input.rotation.handoffTime,
        shiftDays: input.rotation.shiftDays,
      }
    : null;
  const overrides = input.overrides
    .map((o) => ({ ...people.get(o.uid)!, from: Date.parse(o.from), to: Date.parse(o.to) }))
    .filter((o) => o.to > now.getTime())
    .sort((a, b) => a.from - b.from)
    .map((o) => ({ ...o, from: Timestamp.fromMillis(o.from), to: Timestamp.fromMillis(o.to) }));
  const schedule = {
    campus: input.campus,
    rotation,
    overrides,
    autoAssign: input.autoAssign,
    updatedAt: Timestamp.fromDate(now),
    updatedBy: { uid: caller.uid, name: caller.displayName },
  };
  const ref = db.collection(COLLECTIONS.onCallSchedules).doc(input.campus);
  await saveWithHistory(db, ref, schedule, schedule.updatedBy, now);
  return { campus: input.campus, overrides: overrides.length };
}

export type AutoAssignOutcome =
  'off' | 'nobody-on-call' | 'not-reachable' | 'taken' | 'duplicate' | 'assigned';

/**
 * A new report of a campus that assigns automatically goes to whoever is on call when it
 * arrives, written exactly as a staff assignment is (status Processing, `assignedTo` from the
 * directory), so the status trigger tells the reporter and `pageAssignee` pages the assignee.
 * `updatedBy` is cleared: the system acted, so the timeline names no actor and the page is not
 * taken for "Assign to me". Nothing happens when nobody reachable is on call (escalation takes
 * over) or someone already took the report.
 */
export async function assignToOnCall(
  deps: OnCallDeps,
  event: { eventId: string; incidentId: string; incident: DocumentData },
): Promise<AutoAssignOutcome> {
  const { db } = deps;
  const campus = event.incident.nearestCampus;
  if (event.incident.status !== 'Reported' || typeof campus !== 'string') return 'off';
  const { onCall, autoAssign } = await onCallFor(db, campus, deps.now(), deps.timeZone);
  if (!autoAssign) return 'off';
  if (!onCall) return 'nobody-on-call';
  const profile = (await db.collection(COLLECTIONS.users).doc(onCall.uid).get()).data();
  const entry = (await db.collection(COLLECTIONS.staffDirectory).doc(onCall.uid).get()).data();
  const verified = profile ? await deps.emailVerified(onCall.uid) : false;
  if (!entry || pagingRefusal(profile, verified, campus)) return 'not-reachable';

  const ref = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const run = await runOnce(
    db,
    { trigger: 'assign-to-on-call', eventId: event.eventId },
    async (tx) => {
      const current = (await tx.get(ref)).data();
      if (
        !current ||
        current.status !== 'Reported' ||
        current.isArchived === true ||
        current.assignedTo
      )
        return 'taken' as const;
      tx.update(ref, {
        status: 'Processing',
        assignedTo: {
          id: onCall.uid,
          displayName: String(entry.displayName),
          email: String(entry.email),
        },
        updatedBy: FieldValue.delete(),
      });
      return 'assigned' as const;
    },
  );
  return run.duplicate ? 'duplicate' : run.result;
}
