/**
 * On-call schedules per campus (issue 20 item 4): one rotation (staff of the campus taking turns,
 * handing off at a wall-clock time of the programme zone every N days) and overrides (a person
 * for a time range). Who is on call at an instant is derived here, once, for the functions (the
 * automatic assignment, handover) and the console ("On call now").
 */
import dayjs from 'dayjs';
import { z } from './zod-config';
import { campusIdSchema } from './campuses';
import { addDays, dayInZone, daysBetween, isIsoDay, isTimeZone } from './dates';
import { LIMITS } from './constants';
import { documentId, requiredText } from './fields';
import type { TimestampLike } from './entities';

/** Bounds of a schedule document: a rotation of at most 12 people, 20 live overrides. */
export const ON_CALL_LIMITS = {
  members: 12,
  overrides: 20,
  /** Days one shift lasts: daily (1) up to a fortnight. */
  shiftDays: 14,
  /** The longest override, in days. */
  overrideDays: 31,
} as const;

export interface OnCallPerson {
  uid: string;
  /** As the staff directory names them when the schedule was saved. */
  displayName: string;
}

export interface OnCallRotation {
  /** In turn order; the first takes the shift that starts on `startDay`. */
  members: OnCallPerson[];
  /** `YYYY-MM-DD` (programme zone): the first shift starts on this day at `handoffTime`. */
  startDay: string;
  /** `HH:mm` wall time (programme zone) of every handoff. */
  handoffTime: string;
  /** Each shift lasts this many calendar days (1 daily, 7 weekly). */
  shiftDays: number;
}

export interface OnCallOverride<T = TimestampLike> extends OnCallPerson {
  from: T;
  to: T;
}

/** `oncall_schedules/{campus}`: written by the `saveOnCallSchedule` callable only. */
export interface OnCallSchedule<T = TimestampLike> {
  campus: string;
  rotation: OnCallRotation | null;
  overrides: OnCallOverride<T>[];
  /** New reports of the campus are assigned to whoever is on call when they arrive. */
  autoAssign: boolean;
  updatedAt: T;
  updatedBy: { uid: string; name: string };
}

/** A schedule with its override times in epoch milliseconds, what the derivation reads. */
export interface OnCallPlan {
  rotation: OnCallRotation | null;
  overrides: OnCallOverride<number>[];
}

export interface OnCallNow extends OnCallPerson {
  source: 'rotation' | 'override';
  /** When this person stops being on call (end of the override, the shift, or the next override). */
  untilMs: number;
}

/** A stored schedule as the derivation reads it (override times in ms); null when there is none. */
export function onCallPlanOf(
  schedule: Pick<OnCallSchedule, 'rotation' | 'overrides'> | null | undefined,
): OnCallPlan | null {
  if (!schedule) return null;
  return {
    rotation: schedule.rotation ?? null,
    overrides: (schedule.overrides ?? []).map((o) => ({
      uid: o.uid,
      displayName: o.displayName,
      from: o.from.toMillis(),
      to: o.to.toMillis(),
    })),
  };
}

const HANDOFF_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The instant of wall time `HH:mm` on `day` in `timeZone`. A wall time a daylight-saving jump
 * skips is taken as the same clock reading after the jump (dayjs' rule), so a shift never
 * vanishes.
 */
export function handoffInstant(day: string, handoffTime: string, timeZone: string): number {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone "${String(timeZone)}".`);
  return dayjs.tz(`${day}T${handoffTime}:00`, timeZone).valueOf();
}

/** The rotation's member on call at `nowMs` and when their shift ends; null before it starts. */
function rotationAt(
  rotation: OnCallRotation,
  nowMs: number,
  timeZone: string,
): (OnCallPerson & { untilMs: number }) | null {
  const { members, startDay, handoffTime, shiftDays } = rotation;
  if (members.length === 0) return null;
  const shiftStart = (k: number) =>
    handoffInstant(addDays(startDay, k * shiftDays), handoffTime, timeZone);
  if (nowMs < shiftStart(0)) return null;
  // The shift whose first day is the latest on or before today, then one back when today's
  // handoff has not come yet.
  let k = Math.floor(daysBetween(startDay, dayInZone(nowMs, timeZone)) / shiftDays);
  if (nowMs < shiftStart(k)) k -= 1;
  const member = members[k % members.length]!;
  return { uid: member.uid, displayName: member.displayName, untilMs: shiftStart(k + 1) };
}

/**
 * Who is on call at `nowMs`: the override covering it (the one that started last, when several
 * do), else the rotation's member; null when nobody is. `untilMs` is when that changes: the end
 * of the override, or the end of the shift or the start of the next override, whichever is first.
 */
export function onCallAt(plan: OnCallPlan, nowMs: number, timeZone: string): OnCallNow | null {
  const covering = plan.overrides
    .filter((o) => o.from <= nowMs && nowMs < o.to)
    .sort((a, b) => b.from - a.from)[0];
  if (covering)
    return {
      uid: covering.uid,
      displayName: covering.displayName,
      source: 'override',
      untilMs: covering.to,
    };
  const turn = plan.rotation ? rotationAt(plan.rotation, nowMs, timeZone) : null;
  if (!turn) return null;
  const nextOverride = Math.min(...plan.overrides.filter((o) => o.from > nowMs).map((o) => o.from));
  return { ...turn, source: 'rotation', untilMs: Math.min(turn.untilMs, nextOverride) };
}

/**
 * The next person on call after the one on call at `nowMs` (the next change that names someone
 * else), looking at most `ON_CALL_LIMITS.members + ON_CALL_LIMITS.overrides` changes ahead;
 * null when nobody else is scheduled. Handover hands to them.
 */
export function nextOnCallAfter(
  plan: OnCallPlan,
  nowMs: number,
  timeZone: string,
  excludeUid: string,
): OnCallNow | null {
  let at = nowMs;
  for (let step = 0; step <= ON_CALL_LIMITS.members + ON_CALL_LIMITS.overrides; step += 1) {
    const current = onCallAt(plan, at, timeZone);
    if (current && current.uid !== excludeUid) return current;
    const next = current
      ? current.untilMs
      : Math.min(...plan.overrides.filter((o) => o.from > at).map((o) => o.from));
    if (!Number.isFinite(next) || next <= at) {
      // Nobody now and no override ahead: the rotation's start is the only change left.
      const start = plan.rotation
        ? handoffInstant(plan.rotation.startDay, plan.rotation.handoffTime, timeZone)
        : Number.NaN;
      if (!(start > at)) return null;
      at = start;
    } else at = next;
  }
  return null;
}

const handoffTimeField = z
  .string({ error: 'Handoff time must be HH:mm.' })
  .regex(HANDOFF_TIME, 'Handoff time must be HH:mm (00:00 to 23:59).');

const isoInstant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time.` })
    .max(40, `${label} must be a date and time.`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date and time.`);

export const saveOnCallScheduleSchema = z
  .object({
    campus: campusIdSchema,
    rotation: z
      .object({
        memberIds: z
          .array(documentId('Rotation member'))
          .min(1, 'A rotation needs at least one person.')
          .max(ON_CALL_LIMITS.members, `A rotation has at most ${ON_CALL_LIMITS.members} people.`)
          .refine((ids) => new Set(ids).size === ids.length, 'A person is in the rotation twice.'),
        startDay: z
          .string({ error: 'Start day must be a date.' })
          .refine(isIsoDay, 'Start day must be a date (YYYY-MM-DD).'),
        handoffTime: handoffTimeField,
        shiftDays: z
          .number({ error: 'Shift length must be whole days.' })
          .int('Shift length must be whole days.')
          .min(1, 'Shift length must be at least 1 day.')
          .max(
            ON_CALL_LIMITS.shiftDays,
            `Shift length is at most ${ON_CALL_LIMITS.shiftDays} days.`,
          ),
      })
      .strict()
      .nullable(),
    overrides: z
      .array(
        z
          .object({
            uid: documentId('Override person'),
            from: isoInstant('From'),
            to: isoInstant('To'),
          })
          .strict()
          .refine(
            (o) => Date.parse(o.from) < Date.parse(o.to),
            'An override must end after it starts.',
          )
          .refine(
            (o) =>
              Date.parse(o.to) - Date.parse(o.from) <= ON_CALL_LIMITS.overrideDays * 86_400_000,
            `An override lasts at most ${ON_CALL_LIMITS.overrideDays} days.`,
          ),
      )
      .max(ON_CALL_LIMITS.overrides, `At most ${ON_CALL_LIMITS.overrides} overrides.`),
    autoAssign: z.boolean({ error: 'Automatic assignment must be on or off.' }),
  })
  .strict();

export type SaveOnCallScheduleInput = z.infer<typeof saveOnCallScheduleSchema>;

export interface SaveOnCallScheduleResponse {
  campus: string;
  /** Overrides kept (the ones already over are dropped on save). */
  overrides: number;
}

/** Who may edit a campus's schedule: Admins any campus, an IMT member their own campus. */
export function mayEditOnCallSchedule(
  caller: { role: unknown; campus?: unknown },
  campus: string,
): boolean {
  return caller.role === 'Admin' || (caller.role === 'IMT' && caller.campus === campus);
}

/** The most reports one handover moves (a shift holds far fewer; the rest stay with the caller). */
export const HANDOVER_LIMIT = 50;

/** What each handed-over report's reassignment reason starts with (the note follows). */
export const HANDOVER_REASON_PREFIX = 'Handover: ';

export const handOverReportsSchema = z
  .object({
    /** A chosen staff member; null: the next person on call of each report's campus. */
    toUid: documentId('New assignee').nullable(),
    note: requiredText('Handover note', LIMITS.reassignReason - HANDOVER_REASON_PREFIX.length),
  })
  .strict();

export interface HandOverReportsResponse {
  handedOver: { incidentId: string; assigneeId: string }[];
  /** Reports left with the caller, each with the reason a person can act on. */
  kept: { incidentId: string; reason: string }[];
}
