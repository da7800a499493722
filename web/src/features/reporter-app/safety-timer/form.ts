import {
  SAFETY_TIMER_PRESETS,
  parseGuardian,
  startSafetyTimerSchema,
  type Guardian,
} from '@campus-safety/model';

/** The start form as typed: a preset or a custom number of minutes, guardians one per line. */
export interface TimerForm {
  preset: string;
  customMinutes: string;
  destination: string;
  guardians: string;
  shareLocation: boolean;
}

export const CUSTOM = 'custom';

export const EMPTY_TIMER: TimerForm = {
  preset: String(SAFETY_TIMER_PRESETS[0]),
  customMinutes: '',
  destination: '',
  guardians: '',
  shareLocation: false,
};

export const timerSchema = startSafetyTimerSchema;

/** What the schema checks: the minutes chosen, the destination, each non-empty guardian line. */
export function timerRequest(form: TimerForm) {
  const minutes = form.preset === CUSTOM ? form.customMinutes.trim() : form.preset;
  return {
    durationMinutes: minutes === '' ? Number.NaN : Number(minutes),
    destination: form.destination,
    guardians: form.guardians
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}

/** The checked request as the timer stores it: guardians in E.164 or lower-case email. */
export function timerFields(request: ReturnType<typeof timerRequest>) {
  return {
    durationMinutes: request.durationMinutes,
    destination: request.destination.trim() || null,
    guardians: request.guardians.map(parseGuardian).filter((g): g is Guardian => !('problem' in g)),
  };
}
