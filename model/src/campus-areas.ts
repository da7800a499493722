/**
 * Where each campus is: its centre and the boundary of its grounds (a closed ring of
 * latitude/longitude points, first point not repeated). The map draws these areas, the seed and
 * the simulator place reports inside them, and the Clery geography builds on them; nothing else
 * restates a campus's location. The demo's campuses are in Metro Manila (docs/decisions.md).
 * These are the defaults: Admins edit the areas in the console (settings.ts, `campusAreas`), the
 * seed writes these, and readers fall back to them while the setting is missing.
 */
import type { Campus } from './catalog';
import type { GeoLoc } from './entities';

export type LatLng = readonly [latitude: number, longitude: number];

export interface CampusArea {
  centre: GeoLoc;
  boundary: readonly LatLng[];
}

export const CAMPUS_AREAS: Readonly<Record<Campus, CampusArea>> = {
  'Main Campus': {
    centre: { latitude: 14.6549, longitude: 121.0645 },
    boundary: [
      [14.66119, 121.0645],
      [14.65922, 121.06775],
      [14.65704, 121.0713],
      [14.65305, 121.07037],
      [14.64956, 121.06851],
      [14.64987, 121.0645],
      [14.64981, 121.06068],
      [14.65315, 121.05894],
      [14.65704, 121.0577],
      [14.65973, 121.06087],
    ],
  },
  'North Campus': {
    centre: { latitude: 14.7566, longitude: 121.0447 },
    boundary: [
      [14.76064, 121.0447],
      [14.75938, 121.04679],
      [14.75797, 121.04907],
      [14.75541, 121.04848],
      [14.75317, 121.04728],
      [14.75337, 121.0447],
      [14.75333, 121.04224],
      [14.75548, 121.04112],
      [14.75797, 121.04033],
      [14.75971, 121.04237],
    ],
  },
  'Riverside Campus': {
    centre: { latitude: 14.5869, longitude: 121.1025 },
    boundary: [
      [14.59049, 121.1025],
      [14.58937, 121.10436],
      [14.58812, 121.10638],
      [14.58585, 121.10585],
      [14.58385, 121.10479],
      [14.58403, 121.1025],
      [14.58399, 121.10032],
      [14.5859, 121.09932],
      [14.58812, 121.09862],
      [14.58966, 121.10043],
    ],
  },
};

/** Whether `point` lies inside `boundary` (ray casting; campus areas are small enough to treat as flat). */
export function isInsideBoundary(point: GeoLoc, boundary: readonly LatLng[]): boolean {
  let inside = false;
  let previous = boundary[boundary.length - 1];
  for (const current of boundary) {
    if (!previous) break;
    const [latI, lngI] = current;
    const [latJ, lngJ] = previous;
    previous = current;
    const crosses =
      lngI > point.longitude !== lngJ > point.longitude &&
      point.latitude < ((latJ - latI) * (point.longitude - lngI)) / (lngJ - lngI) + latI;
    if (crosses) inside = !inside;
  }
  return inside;
}

/**
 * The campus whose grounds contain `point`, or null when it is on none of them. `areas` are the
 * ones in force (the `campusAreas` setting, settings.ts); the defaults otherwise.
 */
export function campusAt(
  point: GeoLoc,
  areas: Readonly<Record<Campus, CampusArea>> = CAMPUS_AREAS,
): Campus | null {
  for (const [campus, area] of Object.entries(areas) as [Campus, CampusArea][]) {
    if (isInsideBoundary(point, area.boundary)) return campus;
  }
  return null;
}

/** Kilometres between two points (equirectangular: exact enough at campus distances). */
export function distanceKm(a: GeoLoc, b: GeoLoc): number {
  const toRad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * toRad * Math.cos(((a.latitude + b.latitude) / 2) * toRad);
  const y = (b.latitude - a.latitude) * toRad;
  return Math.hypot(x, y) * 6371;
}

/**
 * The campus a report made at `point` goes to (`nearestCampus`): the one whose grounds contain
 * it, else the one whose centre is closest, with that distance (0 on the grounds), so the app
 * can say the place is off campus. The reporter web app files with it (docs/reporter-app.md).
 */
export function nearestCampus(
  point: GeoLoc,
  areas: Readonly<Record<Campus, CampusArea>> = CAMPUS_AREAS,
): { campus: Campus; onGrounds: boolean; distanceKm: number } {
  const inside = campusAt(point, areas);
  if (inside) return { campus: inside, onGrounds: true, distanceKm: 0 };
  let best: { campus: Campus; onGrounds: boolean; distanceKm: number } | null = null;
  for (const [campus, area] of Object.entries(areas) as [Campus, CampusArea][]) {
    const km = distanceKm(point, area.centre);
    if (!best || km < best.distanceKm) best = { campus, onGrounds: false, distanceKm: km };
  }
  if (!best) throw new RangeError('No campus areas to choose from.');
  return best;
}

/** South-west and north-east corners of a boundary. */
export function boundsOf(boundary: readonly LatLng[]): [LatLng, LatLng] {
  const lats = boundary.map(([lat]) => lat);
  const lngs = boundary.map(([, lng]) => lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

/**
 * A point uniformly inside the campus's grounds, from `random()` in [0, 1) (rejection sampling
 * over the bounding box; a deterministic `random` gives a deterministic point). Six decimals: ~0.1 m.
 */
export function randomPointInCampus(campus: Campus, random: () => number): GeoLoc {
  const area = CAMPUS_AREAS[campus];
  if (!area) throw new RangeError(`Unknown campus "${String(campus)}"`);
  const [[south, west], [north, east]] = boundsOf(area.boundary);
  for (;;) {
    const point = {
      latitude: Number((south + (north - south) * random()).toFixed(6)),
      longitude: Number((west + (east - west) * random()).toFixed(6)),
    };
    if (isInsideBoundary(point, area.boundary)) return point;
  }
}
