/**
 * The institution profile (issue 30 item 1): who runs the programme and how people reach help.
 * Stored as `settings/institution` like the other settings (settings.ts): written by `saveSetting`
 * (Admins), read by everyone (the reporter app shows the emergency numbers before sign-in), and
 * read through `institutionOf`, which falls back to the demo's profile below.
 */
import { z } from './zod-config';
import { PROGRAMME_TIME_ZONE, isTimeZone } from './dates';
import { hiddenCharacterProblem } from './text';
import { storedPointSchema } from './campuses';
import { DEFAULT_LANGUAGE, languageSchema, type Language } from './languages';

export interface EmergencyNumber {
  label: string;
  phone: string;
}

export interface MapView {
  centre: { latitude: number; longitude: number };
  zoom: number;
}

export interface Institution {
  /** "Metro University": the document title, the app and console headers, the mail sender. */
  name: string;
  /** "Metro U": where the full name does not fit (the phone header). */
  shortName: string;
  /** The IANA zone every time is written, bucketed and counted in (docs/settings.md). */
  timeZone: string;
  /** Campus police or security: the number the app tells people to call first. */
  campusSecurity: EmergencyNumber;
  /** The public emergency number (911, 112, ...); optional. */
  localEmergency: EmergencyNumber | null;
  /** Postal address of the safety office; '' when not given. */
  address: string;
  /** Where maps open before any report or campus is in view. */
  mapView: MapView;
  /**
   * The language of an alert's main text, and what a person without a version in their own
   * language reads (docs/mass-notifications.md#languages).
   */
  defaultLanguage: Language;
}

export const INSTITUTION_LIMITS = {
  name: 80,
  shortName: 24,
  label: 40,
  phoneMin: 3,
  phoneMax: 20,
  address: 300,
  zoomMin: 1,
  zoomMax: 19,
} as const;

/** The demo's profile (Metro Manila, deployment.json's zone): what the seed writes. */
export const DEFAULT_INSTITUTION: Institution = {
  name: 'Metro University',
  shortName: 'Metro U',
  timeZone: PROGRAMME_TIME_ZONE,
  campusSecurity: { label: 'Campus security', phone: '+63 2 8981 8500' },
  localEmergency: { label: 'Emergency (police, fire, ambulance)', phone: '911' },
  address: '',
  mapView: { centre: { latitude: 14.7, longitude: 121.05 }, zoom: 11 },
  defaultLanguage: DEFAULT_LANGUAGE,
};

/** What a phone number may hold: digits, spaces, + - ( ), and at least three digits. */
const PHONE = /^[0-9+\-() ]+$/;

function oneLine(label: string, max: number, { required }: { required: boolean }) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is at most ${max} characters.`)
    .refine((v) => !required || v.length > 0, `${label} is required.`)
    .superRefine((v, ctx) => {
      const problem = hiddenCharacterProblem(v, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const phoneSchema = (label: string) =>
  z
    .string({ error: `${label}: the number must be text.` })
    .trim()
    .min(INSTITUTION_LIMITS.phoneMin, `${label}: a number has 3 to 20 characters.`)
    .max(INSTITUTION_LIMITS.phoneMax, `${label}: a number has 3 to 20 characters.`)
    .regex(PHONE, `${label}: a number holds only digits, spaces, +, -, ( and ).`)
    .refine((v) => (v.match(/\d/g)?.length ?? 0) >= 3, `${label}: a number needs 3 digits.`);

const emergencyNumberSchema = (what: string) =>
  z
    .object({
      label: oneLine(`${what}: the label`, INSTITUTION_LIMITS.label, { required: true }),
      phone: phoneSchema(what),
    })
    .strict();

export const institutionSchema = z
  .object({
    name: oneLine('The name', INSTITUTION_LIMITS.name, { required: true }),
    shortName: oneLine('The short name', INSTITUTION_LIMITS.shortName, { required: true }),
    timeZone: z
      .string({ error: 'The time zone must be text.' })
      .trim()
      .refine(isTimeZone, 'The time zone must be an IANA zone such as America/Chicago.'),
    campusSecurity: emergencyNumberSchema('Campus security'),
    localEmergency: emergencyNumberSchema('Local emergency').nullable(),
    address: z
      .string({ error: 'The address must be text.' })
      .trim()
      .max(
        INSTITUTION_LIMITS.address,
        `The address is at most ${INSTITUTION_LIMITS.address} characters.`,
      )
      .superRefine((v, ctx) => {
        const problem = hiddenCharacterProblem(v, 'The address', { multiline: true });
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    mapView: z
      .object({
        centre: storedPointSchema,
        zoom: z
          .number({ error: 'The zoom must be a number.' })
          .int('The zoom is a whole number.')
          .min(INSTITUTION_LIMITS.zoomMin, 'The zoom is between 1 and 19.')
          .max(INSTITUTION_LIMITS.zoomMax, 'The zoom is between 1 and 19.'),
      })
      .strict(),
    // A profile saved before languages has none: it reads as the default, not as damaged.
    defaultLanguage: languageSchema.default(DEFAULT_LANGUAGE),
  })
  .strict();

/** The profile a stored setting holds, or the demo's while it is missing or damaged. */
export function institutionOf(stored: unknown): Institution {
  const parsed = institutionSchema.safeParse(
    stored && typeof stored === 'object' ? (stored as { institution?: unknown }).institution : null,
  );
  return parsed.success ? parsed.data : DEFAULT_INSTITUTION;
}

/** The `tel:` address of a number as people type it ("+1 (312) 555-0100" → "tel:+13125550100"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
