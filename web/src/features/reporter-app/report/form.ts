import {
  activeCampuses,
  campusName,
  fileAnonymousReportSchema,
  LIMITS,
  nearestCampus,
  type Campus,
  type Campuses,
  type GeoLoc,
} from '@campus-safety/model';
import type { FieldErrors } from '../../../lib/validation';
import type { ReportFields } from '../../../data/reporter';

/** Where the report's location came from: the browser's position, a pin, or a place chosen from the list. */
export type LocationSource = 'device' | 'pin' | 'place';

export interface ReportForm {
  incidentType: string;
  description: string;
  /** `place`: the name of the place chosen from the list (source `place`). */
  location: (GeoLoc & { source: LocationSource; place?: string }) | null;
  anonymous: boolean;
}

export type ReportField = 'incidentType' | 'description' | 'location' | 'geoLoc' | 'nearestCampus';

export const EMPTY_REPORT: ReportForm = {
  incidentType: '',
  description: '',
  location: null,
  anonymous: false,
};

/** Characters left in the description (the counter under the field). */
export function descriptionLeft(description: string): number {
  return LIMITS.body - description.length;
}

/** The form's own rules; the model's schema (the server's and the rules' bounds) checks the rest. */
export function validateReport(
  form: ReportForm,
  offered: readonly string[],
): FieldErrors<ReportField> {
  return {
    incidentType: offered.includes(form.incidentType) ? undefined : 'Choose what happened.',
    location: form.location
      ? undefined
      : 'Say where it happened: use your location, put a pin on the map, or choose a place.',
  };
}

/**
 * What is filed: the fields fileAnonymousReportSchema describes (the same a named report writes),
 * the campus from the model's one rule (nearestCampus), the description trimmed and left out
 * when empty.
 */
export function reportFields(form: ReportForm, campuses: Campuses): ReportFields {
  const point = form.location
    ? { latitude: form.location.latitude, longitude: form.location.longitude }
    : { latitude: Number.NaN, longitude: Number.NaN };
  const description = form.description.trim();
  return {
    geoLoc: point,
    // No place, or no campus set up: '' (the schema refuses it and says to choose a place).
    nearestCampus: (form.location && nearestCampus(point, campuses)?.campus) || '',
    incidentType: form.incidentType,
    ...(description ? { description } : {}),
  };
}

/** The schema the request is checked against before it leaves (its problems go by field). */
export const reportSchema = fileAnonymousReportSchema;

/** What the reporter reads when the browser gives no position (GeolocationPositionError codes). */
export function geolocationProblem(code: number | 'unsupported'): string {
  switch (code) {
    case 'unsupported':
      return 'This browser cannot share your location. Put a pin on the map instead.';
    case 1:
      return 'Your location was not shared: location is blocked for this site. Allow it in the browser, or put a pin on the map.';
    case 3:
      return 'Your location took too long to find. Try again, or put a pin on the map.';
    default:
      return 'Your location could not be found. Try again, or put a pin on the map.';
  }
}

/** The campus the map opens on: the reporter's own (Your profile), else the first active one. */
export function mapCampusOf(profileCampus: string | null, campuses: Campuses): Campus | null {
  const active = activeCampuses(campuses);
  return active.find((c) => c.id === profileCampus) ?? active[0] ?? null;
}

/** How the chosen place is described under the map: the campus it goes to, and if off its grounds. */
export function placeSummary(point: GeoLoc, campuses: Campuses): string {
  const found = nearestCampus(point, campuses);
  if (!found) return 'No campus is set up yet to send the report to.';
  const name = campusName(campuses, found.campus);
  return found.onGrounds
    ? `On ${name}. The report goes to its safety team.`
    : `Off campus, ${found.distanceKm.toFixed(1)} km from ${name}. The report goes to its safety team.`;
}

/** The line under the map: where the location came from, then placeSummary. */
export function locationLine(
  location: NonNullable<ReportForm['location']>,
  campuses: Campuses,
): string {
  const from =
    location.source === 'device'
      ? 'Your location'
      : location.source === 'place'
        ? (location.place ?? 'Place')
        : 'Pin';
  return `${from}: ${placeSummary(location, campuses)}`;
}
