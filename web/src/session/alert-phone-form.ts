import {
  ALERT_PHONE_LIMITS,
  confirmAlertPhoneSchema,
  fieldProblems,
  formatInZone,
  startAlertPhoneVerificationSchema,
  type StartAlertPhoneVerificationResponse,
} from '@campus-safety/model';
import type { FieldErrors } from '../lib/validation';

/**
 * The phone-for-alerts form's logic (docs/mass-notifications.md#phones-for-alerts): one form in
 * two steps, the number and then the code sent to it, so nothing typed is lost between them.
 * Each step is judged by the schema the callable checks.
 */
export interface AlertPhoneForm {
  phone: string;
  code: string;
}

/** A code on its way: what `startAlertPhoneVerification` answered. */
export type PendingCode = StartAlertPhoneVerificationResponse;

/** The code as sent: people paste it with spaces ("123 456"). */
export const typedCode = (code: string) => code.replace(/\s/g, '');

export function alertPhoneProblems(
  values: AlertPhoneForm,
  pending: PendingCode | null,
): FieldErrors<keyof AlertPhoneForm> {
  return pending
    ? fieldProblems(confirmAlertPhoneSchema, { code: typedCode(values.code) })
    : fieldProblems(startAlertPhoneVerificationSchema, { phone: values.phone });
}

/** "We sent a 6-digit code to …, valid until 10:42 AM" (in the programme time zone). */
export function codeSentText(pending: PendingCode, timeZone: string): string {
  const until = formatInZone(new Date(pending.expiresAt), timeZone, 'hh:mm A');
  return `We sent a ${ALERT_PHONE_LIMITS.codeDigits}-digit code to ${pending.phone}, valid until ${until}.`;
}

export function newCodeLabel(pending: PendingCode): string {
  const left = pending.codesLeftThisHour;
  return left > 0 ? `Send a new code (${left} left this hour)` : 'No more codes this hour';
}

/** What the number is for, said before anyone types one. */
export function alertPhonePurpose(staff: boolean): string {
  return staff
    ? 'Safety alerts and pages about reports reach this number by SMS.'
    : 'Safety alerts reach this number by SMS.';
}

export const ALERT_PHONE_RULES =
  'A number you prove here replaces any number you proved before. A number belongs to one person: once you prove it, it no longer reaches anyone who proved it before you.';
