/**
 * The safety timer (issue 32 item 3, docs/reporter-app.md#safety-timer): a person sets a duration
 * and, optionally, a destination and guardians (by phone or email; guardians need no app). Checking
 * in ends it; if it runs out (housekeeping) or the person presses SOS while it runs, campus safety
 * gets an emergency with the last location and each guardian is told once. The rules restate
 * SAFETY_TIMER_LIMITS (firestore.rules, pinned by test/rules/model-drift.test.ts).
 */
import { z } from './zod-config';
import { emailAddressProblem } from './email';
import type { EmergencyPoint } from './emergencies';
import type { TimestampLike } from './entities';
import { optionalText } from './fields';
import { normalisePhoneNumber } from './second-factor';

export const SAFETY_TIMER_STATUSES = ['running', 'checkedIn', 'expired', 'cancelled'] as const;
export type SafetyTimerStatus = (typeof SAFETY_TIMER_STATUSES)[number];

export const SAFETY_TIMER_LIMITS = {
  safetyTimerMinMinutes: 5,
  safetyTimerMaxMinutes: 240,
  /** Free text, shown to staff and guardians as text only. */
  safetyTimerDestinationChars: 200,
  safetyTimerGuardians: 5,
  /** "Add 15 minutes". */
  safetyTimerExtendMinutes: 15,
  /** An E.164 number has at most 15 digits after the "+"; an email at most 254 characters. */
  safetyTimerGuardianChars: 254,
} as const;

/** The durations the app offers first, in minutes (any whole minute within the bounds also goes). */
export const SAFETY_TIMER_PRESETS = [15, 30, 60] as const;

/** How often the app sends the location while a timer runs (the rules' pace is the SOS's). */
export const SAFETY_TIMER_LOCATION_EVERY_MS = 5_000;

/** Why a timer's emergency was raised, as staff read it on the emergency. */
export const SAFETY_TIMER_REASONS = {
  expired: 'Safety timer ran out',
  sos: 'SOS pressed while a safety timer ran',
} as const;
export type SafetyTimerRaise = keyof typeof SAFETY_TIMER_REASONS;

/** A guardian: one E.164 phone number (SMS) or one email address. */
export interface Guardian {
  kind: 'phone' | 'email';
  address: string;
}

export interface SafetyTimer<T = TimestampLike> {
  uid: string;
  status: SafetyTimerStatus;
  durationMinutes: number;
  startedAt: T;
  dueAt: T;
  destination: string | null;
  guardians: Guardian[];
  /** The latest point the app sent while it ran; null before the first. */
  location: EmergencyPoint<T> | null;
  /** The server's time of the last location write (the pace is counted from it). */
  movedAt: T;
  /** Checked in, cancelled or raised. */
  endedAt?: T;
  /** Server-written once it raised an emergency. */
  emergencyId?: string;
  raisedBy?: SafetyTimerRaise;
}

/**
 * `safety_timer_current/{uid}`: the person's latest timer, moved in the transaction that starts
 * one; the rules refuse a new timer while this one runs (one running timer per person).
 */
export interface SafetyTimerCurrent {
  timerId: string;
}

/** What an emergency raised by a timer carries for staff (they do not read the timer itself). */
export interface EmergencyFromTimer<T = TimestampLike> {
  timerId: string;
  reason: string;
  destination: string | null;
  dueAt: T;
  guardians: number;
}

/**
 * A guardian as a person types it: an email address, or a phone number in international form
 * written as E.164 by the model's one phone check (the rules restate its pattern).
 */
export function parseGuardian(input: string): Guardian | { problem: string } {
  const text = input.trim();
  if (text === '') return { problem: 'Enter a phone number or an email address.' };
  if (text.includes('@')) {
    // Markup characters are refused as the rules do: a guardian's address is shown to nobody as markup.
    const problem =
      emailAddressProblem(text) ??
      (/[<>&]/.test(text) ? 'An email address has no <, > or &.' : null);
    return problem ? { problem } : { kind: 'email', address: text.toLowerCase() };
  }
  const phone = normalisePhoneNumber(text);
  if (!phone)
    return {
      problem: `“${text.slice(0, 40)}” is not a phone number in international form (+63 917 …) nor an email address.`,
    };
  return { kind: 'phone', address: phone };
}

const guardianEntry = z.string().superRefine((value, ctx) => {
  const parsed = parseGuardian(value);
  if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
});

/** The start form: the duration within the bounds, an optional destination, up to 5 guardians. */
export const startSafetyTimerSchema = z
  .object({
    durationMinutes: z
      .number({ error: 'Choose how long the timer runs.' })
      .int('The duration is whole minutes.')
      .min(
        SAFETY_TIMER_LIMITS.safetyTimerMinMinutes,
        `A timer runs at least ${SAFETY_TIMER_LIMITS.safetyTimerMinMinutes} minutes.`,
      )
      .max(
        SAFETY_TIMER_LIMITS.safetyTimerMaxMinutes,
        `A timer runs at most ${SAFETY_TIMER_LIMITS.safetyTimerMaxMinutes / 60} hours.`,
      ),
    destination: optionalText('Destination', SAFETY_TIMER_LIMITS.safetyTimerDestinationChars),
    guardians: z
      .array(guardianEntry)
      .max(
        SAFETY_TIMER_LIMITS.safetyTimerGuardians,
        `At most ${SAFETY_TIMER_LIMITS.safetyTimerGuardians} guardians.`,
      ),
  })
  .strict();
export type StartSafetyTimerInput = z.input<typeof startSafetyTimerSchema>;

/**
 * The guardians a stored timer names that are still valid (a stored address the model's checks
 * refuse is not told).
 */
export function validGuardians(stored: unknown): Guardian[] {
  if (!Array.isArray(stored)) return [];
  return stored.slice(0, SAFETY_TIMER_LIMITS.safetyTimerGuardians).flatMap((g: unknown) => {
    const address = (g as { address?: unknown } | null)?.address;
    if (typeof address !== 'string') return [];
    const parsed = parseGuardian(address);
    return 'problem' in parsed || parsed.kind !== (g as Guardian).kind ? [] : [parsed];
  });
}

/** "1 h 05 min", "15 min": a duration or what is left of one. */
export function timerDurationText(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m >= 10) return `${m} min`;
  return `${m}:${String(s).padStart(2, '0')}`;
}
