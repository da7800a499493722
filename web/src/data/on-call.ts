import {
  activeCampuses,
  COLLECTIONS,
  onCallAt,
  onCallPlanOf,
  type Campuses,
  type EscalationPolicyDoc,
  type OnCallNow,
  type OnCallSchedule,
  type SaveEscalationPolicyInput,
  type SaveOnCallScheduleInput,
} from '@campus-safety/model';
import { callFunction } from '../lib/functions';
import { entityConverter } from './firestore';
import type { QuerySpec, WithId } from './spec';

const converter = entityConverter<OnCallSchedule>();

/**
 * Every campus's on-call schedule (one doc per campus, at most three): rotation, overrides and
 * automatic assignment. Staff read them all ("On call now"); only the callable writes them.
 */
export function onCallSchedulesSpec(): QuerySpec<OnCallSchedule> {
  return { path: [COLLECTIONS.onCallSchedules], converter, wheres: [] };
}

/** Admins any campus, the campus's IMT its own (the function checks each person named). */
export function saveOnCallSchedule(input: SaveOnCallScheduleInput) {
  return callFunction('saveOnCallSchedule', input);
}

export interface CampusOnCall {
  campus: string;
  onCall: OnCallNow | null;
  autoAssign: boolean;
}

/** The campuses a person watches: every active campus for an Admin, their own for an IMT member. */
export function watchedCampuses(
  role: string | null,
  campus: string | null,
  campuses: Campuses,
): string[] {
  if (role === 'Admin') return activeCampuses(campuses).map((c) => c.id);
  return role === 'IMT' && campus ? [campus] : [];
}

/** Who is on call on each campus at `nowMs` (the model's derivation; nobody without a schedule). */
export function onCallByCampus(
  schedules: readonly WithId<OnCallSchedule>[],
  campuses: readonly string[],
  nowMs: number,
  timeZone: string,
): CampusOnCall[] {
  return campuses.map((campus) => {
    const schedule = schedules.find((s) => s.id === campus);
    const plan = onCallPlanOf(schedule);
    return {
      campus,
      onCall: plan ? onCallAt(plan, nowMs, timeZone) : null,
      autoAssign: schedule?.autoAssign === true,
    };
  });
}

const policyConverter = entityConverter<EscalationPolicyDoc>();

/** Every campus's escalation policy (a campus without one escalates by the default). */
export function escalationPoliciesSpec(): QuerySpec<EscalationPolicyDoc> {
  return { path: [COLLECTIONS.escalationPolicies], converter: policyConverter, wheres: [] };
}

/** Admins only (the function's contract row). */
export function saveEscalationPolicy(input: SaveEscalationPolicyInput) {
  return callFunction('saveEscalationPolicy', input);
}

/** The caller hands their reports in progress to the next person on call or a chosen colleague. */
export function handOverReports(input: { toUid: string | null; note: string }) {
  return callFunction('handOverReports', input);
}
