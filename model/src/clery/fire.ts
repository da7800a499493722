/**
 * The fire log and the annual fire statistics of on-campus student housing (34 CFR 668.49): each
 * fire in a housing facility is logged with the date reported, its nature, the date and time it
 * occurred and its general location; the annual statistics give per facility and calendar year
 * the number of fires, the cause of each, the injuries treated at a medical facility, the deaths
 * and the value of the property damage. `fire_log/{incidentId}`: written only by the
 * `recordFire` callable (Admins), kept like the Clery records (docs/clery.md#fire-log).
 */
import { z } from '../zod-config';
import type { Campus, CampusId } from '../campuses';
import type { TimestampLike } from '../entities';
import { documentId, requiredText, typeError } from '../fields';
import { calendarYearOf } from './counting';
import { CLERY_LIMITS, occurredAtSchema } from './record';

/** The causes the fire statistics are reported by (the Handbook's categories). */
export const FIRE_CAUSES = [
  'Unintentional: cooking',
  'Unintentional: smoking materials',
  'Unintentional: open flames',
  'Unintentional: electrical',
  'Unintentional: heating equipment',
  'Unintentional: hazardous products',
  'Unintentional: machinery or industrial',
  'Unintentional: natural',
  'Unintentional: other',
  'Intentional',
  'Undetermined',
] as const;
export type FireCause = (typeof FIRE_CAUSES)[number];

/** Property damage is reported in these ranges, not as an exact figure. */
export const FIRE_DAMAGE_RANGES = [
  '$0–99',
  '$100–999',
  '$1,000–9,999',
  '$10,000–24,999',
  '$25,000–49,999',
  '$50,000–99,999',
  '$100,000–249,999',
  '$250,000–499,999',
  '$500,000–999,999',
  '$1,000,000 or more',
] as const;
export type FireDamageRange = (typeof FIRE_DAMAGE_RANGES)[number];

/** More people than a residence hall holds is a typo. */
export const MAX_FIRE_PERSONS = 10_000;

export interface FireLogEntry<T = TimestampLike> {
  incidentId: string;
  campus: CampusId;
  /** The housing facility (one of its campus's housing buildings, by name). */
  facility: string;
  /** Copied from the report: the fire log's "date reported" and the year it counts in. */
  reportedAt: T;
  occurredAt: T | null;
  nature: string;
  generalLocation: string;
  cause: FireCause;
  /** Persons whose fire-related injuries were treated at a medical facility. */
  injuries: number;
  deaths: number;
  damage: FireDamageRange;
  recordedAt: T;
  recordedBy: string;
  retainUntil: T;
}

/** The housing facilities of a campus, by name: where a fire is logged. */
export function housingFacilities(campus: Campus): string[] {
  return campus.housing.map((area) => area.name);
}

const persons = (label: string) =>
  z
    .number({ error: typeError(label, 'a number') })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_FIRE_PERSONS, `${label}: at most ${MAX_FIRE_PERSONS}.`);

export const recordFireSchema = z.strictObject({
  incidentId: documentId('Incident id'),
  facility: requiredText('Facility', CLERY_LIMITS.text),
  occurredAt: occurredAtSchema,
  nature: requiredText('Nature', CLERY_LIMITS.text),
  generalLocation: requiredText('General location', CLERY_LIMITS.text),
  cause: z.enum(FIRE_CAUSES, { error: 'Choose a cause.' }),
  injuries: persons('Injuries'),
  deaths: persons('Deaths'),
  damage: z.enum(FIRE_DAMAGE_RANGES, { error: 'Choose a range of property damage.' }),
});

/** Why `facility` is not where a fire on `campus` (the incident's, null: none) can be logged, or null. */
export function facilityProblem(campus: Campus | null, facility: string): string | null {
  if (!campus) return 'The incident has no campus with student housing.';
  const facilities = housingFacilities(campus);
  if (facilities.length === 0) return `${campus.name} has no on-campus student housing.`;
  return facilities.includes(facility)
    ? null
    : `Choose a housing facility of ${campus.name}: ${facilities.join(', ')}.`;
}

/** What counting needs of an entry (times as epoch milliseconds). */
export interface CountableFire {
  campus: CampusId;
  facility: string;
  reportedAt: number;
  cause: FireCause;
  injuries: number;
  deaths: number;
  damage: FireDamageRange;
}

export interface FireStatisticsRow {
  campus: CampusId;
  facility: string;
  year: number;
  fires: number;
  /** The cause of each fire, in the order reported. */
  causes: FireCause[];
  injuries: number;
  deaths: number;
  /** The damage range of each fire, in the order reported. */
  damage: FireDamageRange[];
}

/**
 * The annual fire statistics: one row per housing facility and year (of the campuses given),
 * zeros included, as 668.49(c) asks for each facility. A fire counts in the calendar year it was
 * reported, in `timeZone`.
 */
export function fireStatistics(
  fires: readonly CountableFire[],
  campuses: readonly Campus[],
  years: readonly number[],
  timeZone: string,
): FireStatisticsRow[] {
  const rows = campuses.flatMap((campus) =>
    housingFacilities(campus).flatMap((facility) =>
      years.map((year): FireStatisticsRow => ({
        campus: campus.id,
        facility,
        year,
        fires: 0,
        causes: [],
        injuries: 0,
        deaths: 0,
        damage: [],
      })),
    ),
  );
  for (const fire of [...fires].sort((a, b) => a.reportedAt - b.reportedAt)) {
    const year = calendarYearOf(fire.reportedAt, timeZone);
    const row = rows.find(
      (r) => r.campus === fire.campus && r.facility === fire.facility && r.year === year,
    );
    if (!row) continue;
    row.fires += 1;
    row.causes.push(fire.cause);
    row.injuries += fire.injuries;
    row.deaths += fire.deaths;
    row.damage.push(fire.damage);
  }
  return rows;
}
