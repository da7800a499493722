/**
 * Clery geography (34 CFR 668.46(a); Handbook 2016, chapter 2), from each campus's saved areas
 * (campuses.ts): the grounds are "on campus"; student housing areas lie inside them; public
 * property is the streets and sidewalks next to the grounds; noncampus properties are named
 * buildings the institution owns or controls elsewhere. Staff choose an incident's geography;
 * `geographyAt` proposes one from the report's position.
 */
import { boundsOf, isInsideBoundary, type Campus, type LatLng } from '../campuses';
import type { GeoLoc } from '../entities';

export const CLERY_GEOGRAPHIES = [
  'onCampus',
  'onCampusHousing',
  'noncampus',
  'publicProperty',
  'outside',
] as const;
export type CleryGeography = (typeof CLERY_GEOGRAPHIES)[number];

/** The four columns of the annual tables; "on campus" includes the housing within it. */
export const CLERY_TABLE_COLUMNS = [
  'onCampus',
  'onCampusHousing',
  'noncampus',
  'publicProperty',
] as const;
export type CleryTableColumn = (typeof CLERY_TABLE_COLUMNS)[number];

export const GEOGRAPHY_LABELS: Readonly<Record<CleryGeography, string>> = {
  onCampus: 'On campus',
  onCampusHousing: 'On-campus student housing',
  noncampus: 'Noncampus',
  publicProperty: 'Public property',
  outside: 'Outside Clery geography',
};

/** A named place a reporter can choose instead of sharing a position or placing a pin. */
export interface ReportPlace {
  name: string;
  point: GeoLoc;
}

/** Six decimals (about 0.1 m), as the app writes points. */
const sixDecimals = (value: number) => Number(value.toFixed(6));

/**
 * A point inside an area: its bounding box's centre, else the mean of its vertices (a concave
 * outline can leave both outside: then null, and the area is not offered).
 */
function pointInside(boundary: readonly LatLng[]): GeoLoc | null {
  const [[south, west], [north, east]] = boundsOf(boundary);
  const mean = (k: 0 | 1) => boundary.reduce((sum, p) => sum + p[k], 0) / boundary.length;
  for (const [lat, lng] of [
    [(south + north) / 2, (west + east) / 2],
    [mean(0), mean(1)],
  ] as const) {
    const point = { latitude: sixDecimals(lat), longitude: sixDecimals(lng) };
    if (isInsideBoundary(point, boundary)) return point;
  }
  return null;
}

/**
 * The places of a campus a reporter can choose from a list (issue 32 item 5: no GPS, no mouse):
 * its grounds, at the campus centre, then each student housing building, at a point inside it
 * (so the Clery geography staff are proposed is that building's).
 */
export function reportPlacesOf(campus: Campus): ReportPlace[] {
  const places: ReportPlace[] = [{ name: `${campus.name} grounds`, point: campus.centre }];
  for (const hall of campus.housing) {
    const point = pointInside(hall.boundary);
    if (point) places.push({ name: hall.name, point });
  }
  return places;
}

/** The geographies a campus has (noncampus only where it has noncampus properties). */
export function geographiesOf(campus: Campus): CleryGeography[] {
  return CLERY_GEOGRAPHIES.filter(
    (g) =>
      (g !== 'onCampusHousing' || campus.housing.length > 0) &&
      (g !== 'publicProperty' || campus.publicProperty.length > 0) &&
      (g !== 'noncampus' || campus.noncampus.length > 0),
  );
}

/**
 * The geography a report's position suggests: housing, then the grounds, then public property;
 * null elsewhere (noncampus or outside: only staff know).
 */
export function geographyAt(campus: Campus, point: GeoLoc): CleryGeography | null {
  if (campus.housing.some((a) => isInsideBoundary(point, a.boundary))) return 'onCampusHousing';
  if (isInsideBoundary(point, campus.boundary)) return 'onCampus';
  if (campus.publicProperty.some((a) => isInsideBoundary(point, a.boundary)))
    return 'publicProperty';
  return null;
}

/** Why `geography` (and the noncampus property it names) is not one of the campus's, or null. */
export function geographyProblem(
  campus: Campus,
  geography: CleryGeography,
  noncampusProperty: string | null,
): string | null {
  if (!geographiesOf(campus).includes(geography))
    return `${campus.name} has no ${GEOGRAPHY_LABELS[geography].toLowerCase()} geography.`;
  if (geography === 'noncampus') {
    if (!noncampusProperty || !campus.noncampus.includes(noncampusProperty))
      return `Choose one of the noncampus properties of ${campus.name}.`;
  } else if (noncampusProperty !== null) return 'Only a noncampus location names a property.';
  return null;
}

/** Table columns an incident at `geography` counts in: housing counts on campus too. */
export function tableColumnsOf(geography: CleryGeography): CleryTableColumn[] {
  if (geography === 'onCampusHousing') return ['onCampus', 'onCampusHousing'];
  if (geography === 'outside') return [];
  return [geography];
}
