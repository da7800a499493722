import {
  type Campus,
  type CampusId,
  type Campuses,
  type GeoLoc,
  type LatLng,
  type NamedArea,
} from '@campus-safety/model';

/**
 * One campus as the Campuses form holds it: text the Admin types or imports. The boundary is a
 * "latitude, longitude" line per point; each area (housing building, public property) a line
 * "Name: lat, lng; lat, lng; …"; the noncampus properties one name per line.
 */
export interface CampusDraft {
  name: string;
  shortName: string;
  retired: boolean;
  boundary: string;
  latitude: string;
  longitude: string;
  housing: string;
  publicProperty: string;
  noncampus: string;
}
export type CampusDraftField = keyof CampusDraft;

export const EMPTY_CAMPUS_DRAFT: CampusDraft = {
  name: '',
  shortName: '',
  retired: false,
  boundary: '',
  latitude: '',
  longitude: '',
  housing: '',
  publicProperty: '',
  noncampus: '',
};

const pointText = ([lat, lng]: LatLng) => `${lat}, ${lng}`;
/** A boundary as the form's text: one "latitude, longitude" line per corner. */
export const boundaryText = (ring: readonly LatLng[]) => ring.map(pointText).join('\n');
const areasText = (areas: readonly NamedArea[]) =>
  areas.map((a) => `${a.name}: ${a.boundary.map(pointText).join('; ')}`).join('\n');

export function campusDraftOf(campus: Campus): CampusDraft {
  return {
    name: campus.name,
    shortName: campus.shortName,
    retired: campus.retired,
    boundary: boundaryText(campus.boundary),
    latitude: String(campus.centre.latitude),
    longitude: String(campus.centre.longitude),
    housing: areasText(campus.housing),
    publicProperty: areasText(campus.publicProperty),
    noncampus: campus.noncampus.join('\n'),
  };
}

function parsePoint(text: string): LatLng | null {
  const parts = text.split(',').map((p) => p.trim());
  const [lat, lng] = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => p === '')) return null;
  return Number.isFinite(lat) && Number.isFinite(lng) ? [lat!, lng!] : null;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter((l) => l.line !== '');

function parseRing(text: string): LatLng[] | string {
  const ring: LatLng[] = [];
  for (const { line, number } of lines(text)) {
    const point = parsePoint(line);
    if (!point) return `Line ${number}: write "latitude, longitude".`;
    ring.push(point);
  }
  return ring;
}

function parseAreas(text: string): NamedArea[] | string {
  const areas: NamedArea[] = [];
  for (const { line, number } of lines(text)) {
    const colon = line.lastIndexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon < 0 || name === '') return `Line ${number}: write "Name: lat, lng; lat, lng; …".`;
    const boundary: LatLng[] = [];
    for (const part of line.slice(colon + 1).split(';')) {
      const point = parsePoint(part);
      if (!point)
        return `Line ${number}: each point is "latitude, longitude", points split by ";".`;
      boundary.push(point);
    }
    areas.push({ name, boundary });
  }
  return areas;
}

/** The campus of a draft's text fields and its parsed geometry. */
function draftedCampus(
  draft: CampusDraft,
  id: CampusId,
  geometry: Pick<Campus, 'centre' | 'boundary' | 'housing' | 'publicProperty'>,
): Campus {
  return {
    id,
    name: draft.name.trim(),
    shortName: draft.shortName.trim(),
    retired: draft.retired,
    ...geometry,
    noncampus: lines(draft.noncampus).map((l) => l.line),
  };
}

/** The draft's centre, or why it does not read. */
function parseCentre(draft: CampusDraft): GeoLoc | string {
  const [latitude, longitude] = [Number(draft.latitude), Number(draft.longitude)];
  if (draft.latitude.trim() === '' || draft.longitude.trim() === '')
    return 'The centre needs a latitude and a longitude.';
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    return 'The centre must be two numbers.';
  return { latitude, longitude };
}

/**
 * The draft as the map previews it: its grounds and centre once they read, whatever the other
 * fields say yet (grounds are often drawn or imported before the name is typed); else null.
 */
export function previewOfDraft(draft: CampusDraft, id: CampusId): Campus | null {
  const boundary = parseRing(draft.boundary);
  const centre = parseCentre(draft);
  if (typeof boundary === 'string' || boundary.length < 3 || typeof centre === 'string')
    return null;
  const areas = (text: string) => {
    const parsed = parseAreas(text);
    return typeof parsed === 'string' ? [] : parsed;
  };
  return draftedCampus(draft, id, {
    centre,
    boundary,
    housing: areas(draft.housing),
    publicProperty: areas(draft.publicProperty),
  });
}

/**
 * The campus a draft names (id given), or each field's first problem. Bounds and geometry (points,
 * crossing edges, overlaps, buildings inside) are the model's, checked with the other campuses.
 */
export function parseCampusDraft(
  draft: CampusDraft,
  id: CampusId,
): { campus: Campus } | { problems: Partial<Record<CampusDraftField, string>> } {
  const problems: Partial<Record<CampusDraftField, string>> = {};
  const boundary = parseRing(draft.boundary);
  if (typeof boundary === 'string') problems.boundary = boundary;
  const housing = parseAreas(draft.housing);
  if (typeof housing === 'string') problems.housing = housing;
  const publicProperty = parseAreas(draft.publicProperty);
  if (typeof publicProperty === 'string') problems.publicProperty = publicProperty;
  const centre = parseCentre(draft);
  if (typeof centre === 'string') problems.latitude = centre;
  if (draft.name.trim() === '') problems.name = 'Give the campus a name.';
  if (draft.shortName.trim() === '') problems.shortName = 'Give a short name (for tight spaces).';
  if (
    Object.keys(problems).length > 0 ||
    typeof centre === 'string' ||
    typeof boundary === 'string' ||
    typeof housing === 'string' ||
    typeof publicProperty === 'string'
  )
    return { problems };
  return { campus: draftedCampus(draft, id, { centre, boundary, housing, publicProperty }) };
}

/** The institution's campuses with `campus` in place of the one of its id (or added). */
export function withCampus(campuses: Campuses, campus: Campus): Campus[] {
  const others = campuses.filter((c) => c.id !== campus.id);
  return [...others, campus];
}

// ---------- GeoJSON ----------

/** Larger than any campus the limits allow; a bigger file is not a campus. */
export const GEOJSON_MAX_BYTES = 1_000_000;

type Kind = 'campus' | 'housing' | 'publicProperty';

const closed = (ring: readonly LatLng[]) => [...ring, ring[0]!].map(([lat, lng]) => [lng, lat]);

/** The campus as GeoJSON (RFC 7946: longitude first, rings closed): its grounds and its areas. */
export function campusGeoJson(campus: Campus): string {
  const feature = (kind: Kind, name: string, ring: readonly LatLng[]) => ({
    type: 'Feature',
    properties: { kind, name },
    geometry: { type: 'Polygon', coordinates: [closed(ring)] },
  });
  return JSON.stringify(
    {
      type: 'FeatureCollection',
      features: [
        feature('campus', campus.name, campus.boundary),
        ...campus.housing.map((a) => feature('housing', a.name, a.boundary)),
        ...campus.publicProperty.map((a) => feature('publicProperty', a.name, a.boundary)),
      ],
    },
    null,
    2,
  );
}

function ringOf(geometry: unknown): LatLng[] | null {
  if (!geometry || typeof geometry !== 'object') return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type !== 'Polygon' || !Array.isArray(coordinates) || !Array.isArray(coordinates[0]))
    return null;
  const ring: LatLng[] = [];
  for (const position of coordinates[0] as unknown[]) {
    if (!Array.isArray(position) || position.length < 2) return null;
    const [lng, lat] = position as unknown[];
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    ring.push([lat, lng]);
  }
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (ring.length > 1 && first![0] === last![0] && first![1] === last![1]) ring.pop();
  return ring;
}

/**
 * The draft fields a GeoJSON file gives: a Polygon Feature, or a FeatureCollection whose features
 * say their `kind` (campus, housing, publicProperty; a lone polygon is the grounds) and `name`.
 * Anything else is refused whole, with what was wrong.
 */
export function draftFromGeoJson(
  text: string,
  draft: CampusDraft,
): { draft: CampusDraft } | { problem: string } {
  if (text.length > GEOJSON_MAX_BYTES)
    return { problem: 'The file is larger than 1 MB: it is not one campus.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'The file is not GeoJSON: it is not even JSON.' };
  }
  const root = json as { type?: unknown; features?: unknown };
  const features =
    root?.type === 'FeatureCollection' && Array.isArray(root.features)
      ? (root.features as unknown[])
      : root?.type === 'Feature'
        ? [json]
        : null;
  if (!features)
    return { problem: 'The file is not GeoJSON: expected a Feature or a FeatureCollection.' };
  let grounds: LatLng[] | null = null;
  const areas: Record<'housing' | 'publicProperty', NamedArea[]> = {
    housing: [],
    publicProperty: [],
  };
  for (const [i, value] of features.entries()) {
    const f = value as { geometry?: unknown; properties?: { kind?: unknown; name?: unknown } };
    const ring = ringOf(f?.geometry);
    if (!ring)
      return { problem: `Feature ${i + 1} is not a Polygon of longitude, latitude pairs.` };
    const kind = f.properties?.kind ?? (features.length === 1 ? 'campus' : null);
    const name = typeof f.properties?.name === 'string' ? f.properties.name.trim() : '';
    if (kind === 'campus') grounds = ring;
    else if (kind === 'housing' || kind === 'publicProperty') {
      if (!name) return { problem: `Feature ${i + 1} needs a name.` };
      areas[kind].push({ name, boundary: ring });
    } else
      return { problem: `Feature ${i + 1}: its kind must be campus, housing or publicProperty.` };
  }
  if (!grounds) return { problem: 'The file has no campus boundary (a feature of kind "campus").' };
  return {
    draft: {
      ...draft,
      boundary: boundaryText(grounds),
      housing: areasText(areas.housing),
      publicProperty: areasText(areas.publicProperty),
    },
  };
}
