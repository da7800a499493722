/**
 * A phone for alerts (issue 31 item 2, docs/mass-notifications.md#phones-for-alerts): a person
 * proves a number with a code sent to it by SMS, without enrolling a second factor; alerts and
 * pages then reach them by SMS. One person per number: whoever proves a number last holds it.
 */
import { z } from './zod-config';
import type { TimestampLike } from './entities';
import { normalisePhoneNumber } from './second-factor';

export const ALERT_PHONE_LIMITS = {
  /** Codes one person may have sent in an hour (each an SMS the deployment pays for). */
  codesPerPersonPerHour: 3,
  /** Wrong codes before a code is spent (a new one must be asked for). */
  attemptsPerCode: 5,
  /** How long a code works. */
  codeMinutes: 10,
  /** The code's digits. */
  codeDigits: 6,
  /** What a person may type as a number, before normalising. */
  typedPhoneChars: 32,
} as const;

/** `alert_phones/{uid}`: the number its person proved; read by that person, written by the server. */
export interface AlertPhone<T = TimestampLike> {
  phone: string;
  verifiedAt: T;
}

export const PHONE_FORMAT_MESSAGE =
  'Write the number with its country code, for example +63 917 123 4567.';

const typedPhone = z
  .string()
  .max(ALERT_PHONE_LIMITS.typedPhoneChars, 'That is too long for a phone number.')
  .transform((value, ctx) => {
    const phone = normalisePhoneNumber(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
    return phone ?? '';
  });

export const startAlertPhoneVerificationSchema = z.object({ phone: typedPhone }).strict();

export const confirmAlertPhoneSchema = z
  .object({
    code: z
      .string()
      .regex(
        new RegExp(`^[0-9]{${ALERT_PHONE_LIMITS.codeDigits}}$`),
        `The code is the ${ALERT_PHONE_LIMITS.codeDigits} digits the SMS gave.`,
      ),
  })
  .strict();

export const removeAlertPhoneSchema = z.object({}).strict();

export interface StartAlertPhoneVerificationResponse {
  /** The number the code went to, as stored (E.164). */
  phone: string;
  expiresAt: string;
  codesLeftThisHour: number;
}

export interface ConfirmAlertPhoneResponse {
  phone: string;
}

export interface RemoveAlertPhoneResponse {
  removed: boolean;
}

/** The SMS that carries a code (no link: the code is typed where it was asked for). */
export function alertPhoneCodeText(code: string, institutionShortName: string): string {
  return `${institutionShortName}: your code for safety alerts is ${code}. It works for ${ALERT_PHONE_LIMITS.codeMinutes} minutes. If you did not ask for it, ignore this message.`;
}
