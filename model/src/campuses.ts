/**
 * The institution's campuses (issue 30 item 2): data, not code. Each campus has a stable id (the
 * key every user, claim, report, schedule, policy, alert and Clery record stores) and a current
 * name (what every screen shows), its grounds (a centre and a boundary) and its Clery geography
 * as areas: student housing buildings, public property, noncampus properties. They live in one
 * settings document, `settings/campuses` (settings.ts; docs/institution.md#campuses), which
 * Admins edit in the console and the rules read by id. A campus that has been saved is never
 * removed, only retired: retired campuses keep their history and names but take no new reports,
 * people or alerts.
 */
import { z } from './zod-config';
import type { GeoLoc } from './entities';

/** A campus's stable key: lower-case letters, digits and dashes, chosen when it is added. */
export type CampusId = string;
export const CAMPUS_ID_PATTERN = /^[a-z][a-z0-9-]{0,29}$/;

export type LatLng = readonly [latitude: number, longitude: number];

/** A named area: a housing building or a stretch of public property, with its outline. */
export interface NamedArea {
  name: string;
  boundary: readonly LatLng[];
}

export interface Campus {
  id: CampusId;
  name: string;
  shortName: string;
  /** Retired: kept for history, offered nowhere new. */
  retired: boolean;
  centre: GeoLoc;
  /** The grounds: a closed ring, first point not repeated. On these is "on campus". */
  boundary: readonly LatLng[];
  /** Residence halls, inside the grounds ("on-campus student housing"; the fire log's facilities). */
  housing: readonly NamedArea[];
  /** Streets and sidewalks next to the grounds, outside them. */
  publicProperty: readonly NamedArea[];
  /** Buildings owned or controlled elsewhere, by name (staff pick one). */
  noncampus: readonly string[];
}

/** The institution's campuses, retired ones included, ordered by name. */
export type Campuses = readonly Campus[];

export const CAMPUS_LIMITS = {
  campuses: 12,
  nameLength: 60,
  shortNameLength: 20,
  boundaryPoints: 100,
  areaPoints: 20,
  housing: 40,
  publicProperty: 20,
  noncampus: 20,
} as const;

// ---------- geometry ----------

/**
 * A centre for grounds drawn without one: the mean of the corners, six decimals, when it lies
 * inside (a concave outline can put it outside: then null, and the centre is the Admin's to give).
 */
export function centreOf(boundary: readonly LatLng[]): GeoLoc | null {
  if (boundary.length < 3) return null;
  const mean = (i: 0 | 1) =>
    Number((boundary.reduce((sum, point) => sum + point[i], 0) / boundary.length).toFixed(6));
  const centre = { latitude: mean(0), longitude: mean(1) };
  return isInsideBoundary(centre, boundary) ? centre : null;
}

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

const asPoint = ([latitude, longitude]: LatLng): GeoLoc => ({ latitude, longitude });

function orientation(a: LatLng, b: LatLng, c: LatLng): number {
  return Math.sign((b[1] - a[1]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[1] - a[1]));
}

/** Whether segments ab and cd cross or touch (collinear overlaps included). */
function segmentsMeet(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const [o1, o2, o3, o4] = [
    orientation(a, b, c),
    orientation(a, b, d),
    orientation(c, d, a),
    orientation(c, d, b),
  ];
  if (o1 !== o2 && o3 !== o4) return true;
  const onSegment = (p: LatLng, q: LatLng, r: LatLng) =>
    Math.min(p[0], r[0]) <= q[0] &&
    q[0] <= Math.max(p[0], r[0]) &&
    Math.min(p[1], r[1]) <= q[1] &&
    q[1] <= Math.max(p[1], r[1]);
  return (
    (o1 === 0 && onSegment(a, c, b)) ||
    (o2 === 0 && onSegment(a, d, b)) ||
    (o3 === 0 && onSegment(c, a, d)) ||
    (o4 === 0 && onSegment(c, b, d))
  );
}

const edgesOf = (ring: readonly LatLng[]): [LatLng, LatLng][] =>
  ring.map((p, i) => [p, ring[(i + 1) % ring.length]!]);

/** Whether a ring's edges cross one another (neighbouring edges share only their vertex). */
export function selfIntersects(ring: readonly LatLng[]): boolean {
  const edges = edgesOf(ring);
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++) {
      const neighbours = j === i + 1 || (i === 0 && j === edges.length - 1);
      if (neighbours) continue;
      const [a, b] = edges[i]!;
      const [c, d] = edges[j]!;
      if (segmentsMeet(a, b, c, d)) return true;
    }
  return false;
}

/** Whether two simple rings share any ground: an edge crossing, or one inside the other. */
export function ringsOverlap(a: readonly LatLng[], b: readonly LatLng[]): boolean {
  for (const [p, q] of edgesOf(a))
    for (const [r, s] of edgesOf(b)) if (segmentsMeet(p, q, r, s)) return true;
  return isInsideBoundary(asPoint(a[0]!), b) || isInsideBoundary(asPoint(b[0]!), a);
}

/** Whether ring `inner` lies wholly inside ring `outer`. */
export function ringWithin(inner: readonly LatLng[], outer: readonly LatLng[]): boolean {
  if (!inner.every((p) => isInsideBoundary(asPoint(p), outer))) return false;
  for (const [p, q] of edgesOf(inner))
    for (const [r, s] of edgesOf(outer)) if (segmentsMeet(p, q, r, s)) return false;
  return true;
}

/** Kilometres between two points (equirectangular: exact enough at campus distances). */
export function distanceKm(a: GeoLoc, b: GeoLoc): number {
  const toRad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * toRad * Math.cos(((a.latitude + b.latitude) / 2) * toRad);
  const y = (b.latitude - a.latitude) * toRad;
  return Math.hypot(x, y) * 6371;
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

// ---------- looking campuses up ----------

/** The campuses that take new reports, people and alerts. */
export function activeCampuses(campuses: Campuses): Campus[] {
  return campuses.filter((c) => !c.retired);
}

export function campusOf(campuses: Campuses, id: unknown): Campus | null {
  return campuses.find((c) => c.id === id) ?? null;
}

/** Whether `id` names a campus that is not retired. */
export function isActiveCampus(campuses: Campuses, id: unknown): id is CampusId {
  return activeCampuses(campuses).some((c) => c.id === id);
}

/** What a stored campus id is shown as: its current name; an id no campus has, as itself. */
export function campusName(campuses: Campuses, id: CampusId | null | undefined): string {
  if (!id) return '';
  return campusOf(campuses, id)?.name ?? id;
}

/** The campus whose grounds contain `point` (active campuses only), or null. */
export function campusAt(point: GeoLoc, campuses: Campuses): CampusId | null {
  return activeCampuses(campuses).find((c) => isInsideBoundary(point, c.boundary))?.id ?? null;
}

/**
 * The campus a report made at `point` goes to (`nearestCampus`): the active one whose grounds
 * contain it, else the one whose centre is closest, with that distance (0 on the grounds), so
 * the app can say the place is off campus. Null when the institution has no active campus.
 */
export function nearestCampus(
  point: GeoLoc,
  campuses: Campuses,
): { campus: CampusId; onGrounds: boolean; distanceKm: number } | null {
  const inside = campusAt(point, campuses);
  if (inside) return { campus: inside, onGrounds: true, distanceKm: 0 };
  let best: { campus: CampusId; onGrounds: boolean; distanceKm: number } | null = null;
  for (const campus of activeCampuses(campuses)) {
    const km = distanceKm(point, campus.centre);
    if (!best || km < best.distanceKm)
      best = { campus: campus.id, onGrounds: false, distanceKm: km };
  }
  return best;
}

/**
 * A point uniformly inside the campus's grounds, from `random()` in [0, 1) (rejection sampling
 * over the bounding box; a deterministic `random` gives a deterministic point). Six decimals: ~0.1 m.
 */
export function randomPointInCampus(campus: Campus, random: () => number): GeoLoc {
  const [[south, west], [north, east]] = boundsOf(campus.boundary);
  for (;;) {
    const point = {
      latitude: Number((south + (north - south) * random()).toFixed(6)),
      longitude: Number((west + (east - west) * random()).toFixed(6)),
    };
    if (isInsideBoundary(point, campus.boundary)) return point;
  }
}

// ---------- the stored form ----------

/** A point as stored (Firestore cannot hold arrays of arrays). */
export const storedPointSchema = z
  .object({
    latitude: z
      .number({ error: 'Latitude must be a number.' })
      .min(-90, 'Latitude is between -90 and 90.')
      .max(90, 'Latitude is between -90 and 90.'),
    longitude: z
      .number({ error: 'Longitude must be a number.' })
      .min(-180, 'Longitude is between -180 and 180.')
      .max(180, 'Longitude is between -180 and 180.'),
  })
  .strict();
export type StoredPoint = z.infer<typeof storedPointSchema>;

export const toRing = (points: readonly StoredPoint[]): LatLng[] =>
  points.map((p) => [p.latitude, p.longitude] as const);
export const toStoredPoints = (ring: readonly LatLng[]): StoredPoint[] =>
  ring.map(([latitude, longitude]) => ({ latitude, longitude }));

const placeName = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is at most ${max} characters.`);

const ringSchema = (what: string, max: number) =>
  z
    .array(storedPointSchema, { error: `${what} must be a list of points.` })
    .min(3, `${what} needs at least 3 points.`)
    .max(max, `${what} has at most ${max} points.`);

const storedAreaSchema = z
  .object({
    name: placeName('An area name', CAMPUS_LIMITS.nameLength),
    boundary: ringSchema('An area outline', CAMPUS_LIMITS.areaPoints),
  })
  .strict();

const storedCampusSchema = z
  .object({
    name: placeName('A campus name', CAMPUS_LIMITS.nameLength),
    shortName: placeName('A short name', CAMPUS_LIMITS.shortNameLength),
    retired: z.boolean({ error: 'Retired must be true or false.' }),
    centre: storedPointSchema,
    boundary: ringSchema('A campus boundary', CAMPUS_LIMITS.boundaryPoints),
    housing: z.array(storedAreaSchema).max(CAMPUS_LIMITS.housing),
    publicProperty: z.array(storedAreaSchema).max(CAMPUS_LIMITS.publicProperty),
    noncampus: z
      .array(placeName('A noncampus property', CAMPUS_LIMITS.nameLength))
      .max(CAMPUS_LIMITS.noncampus),
  })
  .strict();
export type StoredCampus = z.infer<typeof storedCampusSchema>;

const fromStored = (id: CampusId, c: StoredCampus): Campus => ({
  id,
  name: c.name,
  shortName: c.shortName,
  retired: c.retired,
  centre: c.centre,
  boundary: toRing(c.boundary),
  housing: c.housing.map((a) => ({ name: a.name, boundary: toRing(a.boundary) })),
  publicProperty: c.publicProperty.map((a) => ({ name: a.name, boundary: toRing(a.boundary) })),
  noncampus: [...c.noncampus],
});

export function toStoredCampus(c: Campus): StoredCampus {
  return {
    name: c.name,
    shortName: c.shortName,
    retired: c.retired,
    centre: { latitude: c.centre.latitude, longitude: c.centre.longitude },
    boundary: toStoredPoints(c.boundary),
    housing: c.housing.map((a) => ({ name: a.name, boundary: toStoredPoints(a.boundary) })),
    publicProperty: c.publicProperty.map((a) => ({
      name: a.name,
      boundary: toStoredPoints(a.boundary),
    })),
    noncampus: [...c.noncampus],
  };
}

/** The stored map of campuses, keyed by id. */
export function toStoredCampuses(campuses: Campuses): Record<CampusId, StoredCampus> {
  return Object.fromEntries(campuses.map((c) => [c.id, toStoredCampus(c)]));
}

const byName = (a: Campus, b: Campus) => a.name.localeCompare(b.name);

/** Why a set of campuses cannot be saved, each problem once, in plain words. */
export function campusesProblems(campuses: Campuses): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const c of campuses) {
    for (const key of [c.name, c.shortName].map((n) => n.toLowerCase())) {
      const other = seen.get(key);
      if (other && other !== c.id) problems.push(`Two campuses are called "${c.name}".`);
      seen.set(key, c.id);
    }
    if (selfIntersects(c.boundary)) problems.push(`${c.name}: the boundary crosses itself.`);
    if (!isInsideBoundary(c.centre, c.boundary))
      problems.push(`${c.name}: the centre must lie inside the boundary.`);
    const names = new Set<string>();
    for (const area of [...c.housing, ...c.publicProperty]) {
      if (names.has(area.name.toLowerCase()))
        problems.push(`${c.name}: two areas are called "${area.name}".`);
      names.add(area.name.toLowerCase());
      if (selfIntersects(area.boundary))
        problems.push(`${c.name}: the outline of ${area.name} crosses itself.`);
    }
    for (const hall of c.housing)
      if (!ringWithin(hall.boundary, c.boundary))
        problems.push(`${c.name}: ${hall.name} must lie inside the campus boundary.`);
    for (const street of c.publicProperty)
      if (c.housing.some((h) => ringsOverlap(h.boundary, street.boundary)))
        problems.push(`${c.name}: ${street.name} overlaps a housing building.`);
  }
  const active = activeCampuses(campuses);
  for (let i = 0; i < active.length; i++)
    for (let j = i + 1; j < active.length; j++)
      if (ringsOverlap(active[i]!.boundary, active[j]!.boundary))
        problems.push(
          `${active[i]!.name} and ${active[j]!.name} overlap: a place is on one campus.`,
        );
  return [...new Set(problems)];
}

/** The `campuses` setting's value: every campus by id, checked whole (names, geometry, overlaps). */
export const campusesSchema = z
  .record(z.string(), storedCampusSchema, { error: 'Campuses must be a map of campus ids.' })
  .superRefine((map, ctx) => {
    const ids = Object.keys(map);
    for (const id of ids.filter((id) => !CAMPUS_ID_PATTERN.test(id)))
      ctx.addIssue({
        code: 'custom',
        path: [id],
        message: `"${id}" is not a campus id: lower-case letters, digits and dashes, starting with a letter.`,
      });
    if (ids.length > CAMPUS_LIMITS.campuses)
      ctx.addIssue({
        code: 'custom',
        message: `An institution has at most ${CAMPUS_LIMITS.campuses} campuses.`,
      });
    const problems = campusesProblems(Object.entries(map).map(([id, c]) => fromStored(id, c)));
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
  });

/** The campuses a stored `settings/campuses` document holds, ordered by name; none when missing. */
export function campusesOf(stored: unknown): Campus[] {
  const map =
    stored && typeof stored === 'object' ? (stored as { campuses?: unknown }).campuses : null;
  if (!map || typeof map !== 'object') return [];
  const campuses: Campus[] = [];
  for (const [id, value] of Object.entries(map)) {
    if (!CAMPUS_ID_PATTERN.test(id)) continue;
    const parsed = storedCampusSchema.safeParse(value);
    if (parsed.success) campuses.push(fromStored(id, parsed.data));
  }
  return campuses.sort(byName);
}

/** A new campus's id from its name ("West Campus" → "west-campus"), unique among `campuses`. */
export function campusIdFor(name: string, campuses: Campuses): CampusId {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^[^a-z]+/, '')
      .slice(0, 26)
      .replace(/-+$/, '') || 'campus';
  const taken = new Set(campuses.map((c) => c.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A campus id in a callable's or a document's input: its form here; that it names an active
 * campus is checked against the saved campuses where they are read (the service, the rules).
 */
export const campusIdSchema = z
  .string({ error: 'Choose a campus from the list.' })
  .regex(CAMPUS_ID_PATTERN, { message: 'Choose a campus from the list.' });
