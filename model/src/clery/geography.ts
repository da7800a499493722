/**
 * Clery geography (34 CFR 668.46(a); Handbook 2016, chapter 2), defined per campus here: the
 * campus grounds of campus-areas.ts are "on campus"; student housing areas lie inside them;
 * public property is the streets and sidewalks next to the grounds; noncampus properties are
 * named buildings the institution owns or controls elsewhere. Staff choose an incident's
 * geography; `geographyAt` proposes one from the report's position.
 */
import {
  CAMPUS_AREAS,
  boundsOf,
  isInsideBoundary,
  type CampusArea,
  type LatLng,
} from '../campus-areas';
import type { Campus } from '../catalog';
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

export interface NamedArea {
  name: string;
  boundary: readonly LatLng[];
}

export interface CampusCleryGeography {
  /** Residence halls, inside the campus boundary. */
  housing: readonly NamedArea[];
  /** Streets and sidewalks adjacent to the grounds, outside the campus boundary. */
  publicProperty: readonly NamedArea[];
  /** Buildings owned or controlled elsewhere, by name (staff pick one). */
  noncampus: readonly string[];
}

function box(south: number, west: number, north: number, east: number): LatLng[] {
  return [
    [south, west],
    [south, east],
    [north, east],
    [north, west],
  ];
}

export const CLERY_GEOGRAPHY: Readonly<Record<Campus, CampusCleryGeography>> = {
  'Main Campus': {
    housing: [{ name: 'Acacia Residence Hall', boundary: box(14.656, 121.061, 14.658, 121.063) }],
    publicProperty: [
      { name: 'University Avenue (south side)', boundary: box(14.649, 121.062, 14.6494, 121.068) },
    ],
    noncampus: ['Downtown Extension Office'],
  },
  'North Campus': {
    housing: [{ name: 'Narra Residence Hall', boundary: box(14.757, 121.0425, 14.7585, 121.044) }],
    publicProperty: [
      { name: 'North Road (south side)', boundary: box(14.7526, 121.0425, 14.753, 121.047) },
    ],
    noncampus: ['Field Research Station'],
  },
  'Riverside Campus': {
    housing: [
      { name: 'Molave Residence Hall', boundary: box(14.5875, 121.1005, 14.5888, 121.102) },
    ],
    publicProperty: [
      { name: 'Riverside Drive (south side)', boundary: box(14.5833, 121.1005, 14.5836, 121.1045) },
    ],
    noncampus: [],
  },
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
export function reportPlacesOf(
  campus: Campus,
  areas: Readonly<Record<Campus, CampusArea>> = CAMPUS_AREAS,
): ReportPlace[] {
  const places: ReportPlace[] = [{ name: `${campus} grounds`, point: areas[campus].centre }];
  for (const hall of CLERY_GEOGRAPHY[campus].housing) {
    const point = pointInside(hall.boundary);
    if (point) places.push({ name: hall.name, point });
  }
  return places;
}

/** The geographies a campus has (noncampus only where it has noncampus properties). */
export function geographiesOf(campus: Campus): CleryGeography[] {
  const areas = CLERY_GEOGRAPHY[campus];
  return CLERY_GEOGRAPHIES.filter(
    (g) =>
      (g !== 'onCampusHousing' || areas.housing.length > 0) &&
      (g !== 'publicProperty' || areas.publicProperty.length > 0) &&
      (g !== 'noncampus' || areas.noncampus.length > 0),
  );
}

/**
 * The geography a report's position suggests: housing, then the grounds, then public property;
 * null elsewhere (noncampus or outside: only staff know).
 */
export function geographyAt(campus: Campus, point: GeoLoc): CleryGeography | null {
  const areas = CLERY_GEOGRAPHY[campus];
  if (areas.housing.some((a) => isInsideBoundary(point, a.boundary))) return 'onCampusHousing';
  if (isInsideBoundary(point, CAMPUS_AREAS[campus].boundary)) return 'onCampus';
  if (areas.publicProperty.some((a) => isInsideBoundary(point, a.boundary)))
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
    return `${campus} has no ${GEOGRAPHY_LABELS[geography].toLowerCase()} geography.`;
  if (geography === 'noncampus') {
    if (!noncampusProperty || !CLERY_GEOGRAPHY[campus].noncampus.includes(noncampusProperty))
      return `Choose one of the noncampus properties of ${campus}.`;
  } else if (noncampusProperty !== null) return 'Only a noncampus location names a property.';
  return null;
}

/** Table columns an incident at `geography` counts in: housing counts on campus too. */
export function tableColumnsOf(geography: CleryGeography): CleryTableColumn[] {
  if (geography === 'onCampusHousing') return ['onCampus', 'onCampusHousing'];
  if (geography === 'outside') return [];
  return [geography];
}
