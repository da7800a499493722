import {
  COLLECTIONS,
  SAFETY_TIMER_LIMITS,
  type Guardian,
  type SafetyTimer,
  type SafetyTimerCurrent,
} from '@campus-safety/model';
import { pointOf, type Fix } from './emergencies';
import {
  deviceTime,
  entityConverter,
  newDocumentId,
  serverTime,
  setDocuments,
  updateDocument,
} from './firestore';
import type { DocSpec } from './spec';

/**
 * The safety timer (docs/reporter-app.md#safety-timer): the app starts one, moves its location,
 * adds time, checks in or cancels; the server alone expires it (housekeeping, or an SOS).
 */

const MINUTE_MS = 60_000;

/** The person's latest timer (running or not), by the pointer the start moves. */
export function currentTimerSpec(uid: string): DocSpec<SafetyTimerCurrent> {
  return {
    path: [COLLECTIONS.safetyTimerCurrent, uid],
    converter: entityConverter<SafetyTimerCurrent>(),
  };
}

export function safetyTimerSpec(id: string): DocSpec<SafetyTimer> {
  return { path: [COLLECTIONS.safetyTimers, id], converter: entityConverter<SafetyTimer>() };
}

/**
 * Starts a timer of `uid` with the checked form (the model's startSafetyTimerSchema) and, when the
 * person shares it, their fix; the pointer moves in the same write (one running at a time).
 * `dueAt` is the phone's clock plus the duration, within the rules' skew. Returns its id.
 */
export async function startSafetyTimer(
  uid: string,
  timer: { durationMinutes: number; destination: string | null; guardians: Guardian[] },
  fix: Fix | null,
): Promise<string> {
  const id = newDocumentId([COLLECTIONS.safetyTimers]);
  await setDocuments(
    [
      {
        path: [COLLECTIONS.safetyTimers, id],
        data: {
          uid,
          status: 'running',
          durationMinutes: timer.durationMinutes,
          startedAt: serverTime(),
          dueAt: deviceTime(Date.now() + timer.durationMinutes * MINUTE_MS),
          destination: timer.destination,
          guardians: timer.guardians,
          location: fix ? pointOf(fix) : null,
          movedAt: serverTime(),
        },
      },
      { path: [COLLECTIONS.safetyTimerCurrent, uid], data: { timerId: id } },
    ],
    'The safety timer was not started',
  );
  return id;
}

/** The person's new fix while the timer runs. */
export function moveSafetyTimer(id: string, fix: Fix) {
  return updateDocument(
    [COLLECTIONS.safetyTimers, id],
    { location: pointOf(fix), movedAt: serverTime() },
    'Your location was not sent',
  );
}

/** "I've arrived" (checkedIn) or "Cancel" (cancelled). */
export function endSafetyTimer(id: string, status: 'checkedIn' | 'cancelled') {
  return updateDocument(
    [COLLECTIONS.safetyTimers, id],
    { status, endedAt: serverTime() },
    status === 'checkedIn' ? 'The check-in was not saved' : 'The timer was not cancelled',
  );
}

/** Whether "Add 15 minutes" stays within the longest timer. */
export function canExtend(timer: Pick<SafetyTimer, 'durationMinutes'>): boolean {
  return (
    timer.durationMinutes + SAFETY_TIMER_LIMITS.safetyTimerExtendMinutes <=
    SAFETY_TIMER_LIMITS.safetyTimerMaxMinutes
  );
}

/** "Add 15 minutes": the due time and the duration move together, as the rules require. */
export function extendSafetyTimer(id: string, timer: { durationMinutes: number; dueAtMs: number }) {
  const extra = SAFETY_TIMER_LIMITS.safetyTimerExtendMinutes;
  return updateDocument(
    [COLLECTIONS.safetyTimers, id],
    {
      durationMinutes: timer.durationMinutes + extra,
      dueAt: deviceTime(timer.dueAtMs + extra * MINUTE_MS),
    },
    'The time was not added',
  );
}
