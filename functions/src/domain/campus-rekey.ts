/**
 * The upgrade from campus names to campus ids (docs/institution.md#upgrade): which stored fields
 * name a campus, what each stored value becomes, and the campuses of a deployment that had none
 * saved. Pure; services/campus-migration.ts reads and writes.
 */
import {
  COLLECTIONS,
  MASS_NOTIFICATION_REPLIES,
  campusesSchema,
  incidentKeywords,
  toRing,
  toStoredCampuses,
  type Campus,
  type CampusId,
  type Campuses,
  type KeywordSource,
} from '@campus-safety/model';

/** How stored values are read: an id of a saved campus stays, a campus name becomes its id. */
export interface CampusKeys {
  ids: ReadonlySet<CampusId>;
  byName: ReadonlyMap<string, CampusId>;
}

/**
 * The keys of the saved campuses: their ids, their names, and the names the previous version
 * gave them (its three campuses were constants: a deployment may have renamed one since it
 * saved them, and a re-run must still know the old name).
 */
export function campusKeysOf(saved: Campuses, previous: Campuses): CampusKeys {
  const ids = new Set(saved.map((c) => c.id));
  const byName = new Map<string, CampusId>();
  for (const c of previous) if (ids.has(c.id)) byName.set(c.name, c.id);
  for (const c of saved) byName.set(c.name, c.id);
  return { ids, byName };
}

/** What a stored campus value is: an id already, a name with its id, or neither. */
export type RekeyedValue =
  | { kind: 'id'; id: CampusId }
  | { kind: 'name'; id: CampusId }
  | { kind: 'unknown'; value: unknown };

export function rekeyedValue(value: unknown, keys: CampusKeys): RekeyedValue {
  if (typeof value === 'string' && keys.ids.has(value)) return { kind: 'id', id: value };
  const id = typeof value === 'string' ? keys.byName.get(value) : undefined;
  return id ? { kind: 'name', id } : { kind: 'unknown', value };
}

/** A collection (or collection group) whose documents hold campus values in fields. */
export interface RekeyedCollection {
  /** The collection's id; with `group`, every collection of that id (a sub-collection). */
  collection: string;
  group?: boolean;
  /** Dotted paths of fields holding one campus, or null (no campus). */
  one?: readonly string[];
  /** Dotted paths of fields holding a list of campuses. */
  many?: readonly string[];
  /** Fields derived from a campus value, rewritten with it (the document after the change). */
  derived?: (after: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Every stored campus value of the previous version, by where it lives. The accounts' custom
 * claims are rekeyed apart (Auth, not Firestore), the documents keyed by a campus (leads, on-call
 * schedules, escalation policies) are moved (MOVED_BY_CAMPUS), and the stats follow the reports
 * through their trigger. History stays as it was written: audit entries, timelines and the
 * saved settings' history keep the names of their day, which the console shows as they are.
 */
export const REKEYED_COLLECTIONS: readonly RekeyedCollection[] = [
  { collection: COLLECTIONS.users, one: ['campus'] },
  { collection: COLLECTIONS.staffDirectory, one: ['campus'] },
  {
    collection: COLLECTIONS.incidentReports,
    one: ['nearestCampus'],
    // Keywords index the campus value; rewritten here so the keywords trigger has nothing to do.
    derived: (after) => ({ keywords: incidentKeywords(after as KeywordSource) }),
  },
  // The top-level copy only: it carries the incident's snapshot (the sub-collection copy has none).
  { collection: COLLECTIONS.accomplishmentReports, one: ['report.campus'] },
  { collection: COLLECTIONS.massNotifications, many: ['audience.campuses', 'reach'] },
  { collection: MASS_NOTIFICATION_REPLIES, group: true, one: ['campus'] },
  { collection: COLLECTIONS.emergencies, one: ['campus'] },
  { collection: COLLECTIONS.cleryRecords, one: ['campus'] },
  { collection: COLLECTIONS.fireLog, one: ['campus'] },
  { collection: COLLECTIONS.warningDecisions, one: ['campus'] },
  { collection: COLLECTIONS.emergencyTests, many: ['campuses'] },
  { collection: COLLECTIONS.roster, one: ['campus'] },
];

/** Documents whose id is a campus: moved to the campus's id, with their `history` (if any). */
export const MOVED_BY_CAMPUS: readonly string[] = [
  COLLECTIONS.campusLeads,
  COLLECTIONS.onCallSchedules,
  COLLECTIONS.escalationPolicies,
];

function valueAt(data: Record<string, unknown>, path: string): unknown {
  let at: unknown = data;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function withValueAt(
  data: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...data, [key]: value };
  const inner = data[key];
  return {
    ...data,
    [key]: withValueAt(
      inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
      rest.join('.'),
      value,
    ),
  };
}

/** A document's change: the fields to update (dotted paths), and values that name no campus. */
export interface Rekey {
  update: Record<string, unknown> | null;
  unknown: unknown[];
}

/**
 * What one document of `target` becomes. A missing field and null (no campus) stay; a value that
 * names no campus stays and is reported, so nothing is guessed; a list is rekeyed whole or not at
 * all. A document holding ids only has nothing to update, so a second run writes nothing.
 */
export function rekeyDocument(
  data: Record<string, unknown>,
  target: RekeyedCollection,
  keys: CampusKeys,
): Rekey {
  const update: Record<string, unknown> = {};
  const unknown: unknown[] = [];
  let after = data;
  for (const path of target.one ?? []) {
    const value = valueAt(data, path);
    if (value === undefined || value === null) continue;
    const rekeyed = rekeyedValue(value, keys);
    if (rekeyed.kind === 'unknown') unknown.push(value);
    else if (rekeyed.kind === 'name') {
      update[path] = rekeyed.id;
      after = withValueAt(after, path, rekeyed.id);
    }
  }
  for (const path of target.many ?? []) {
    const values = valueAt(data, path);
    if (!Array.isArray(values)) continue;
    const rekeyed = values.map((v) => rekeyedValue(v, keys));
    const unknownHere = rekeyed.filter((r) => r.kind === 'unknown');
    if (unknownHere.length > 0) {
      unknown.push(...unknownHere.map((r) => r.value));
      continue;
    }
    if (!rekeyed.some((r) => r.kind === 'name')) continue;
    const ids = [...new Set(rekeyed.map((r) => (r.kind === 'unknown' ? '' : r.id)))];
    update[path] = ids;
    after = withValueAt(after, path, ids);
  }
  if (Object.keys(update).length === 0) return { update: null, unknown };
  return { update: { ...update, ...(target.derived?.(after) ?? {}) }, unknown };
}

/** The campuses a deployment of the previous version had, and whether its saved areas were kept. */
export interface PreviousCampuses {
  campuses: Campus[];
  /** Null: the saved boundaries (settings/campus_areas) were kept, or there were none. */
  areasNotKept: string | null;
}

/**
 * The previous version's campuses (its constants: `previous`) with the boundaries and centres
 * its Admins had saved in `settings/campus_areas` (keyed by campus name). Saved areas that the
 * checks of today refuse (overlapping, crossing) are not kept, and the reason is said: the
 * constants' areas are used and an Admin redraws them in Settings → Campuses.
 */
export function previousCampuses(previous: Campuses, storedAreas: unknown): PreviousCampuses {
  const areas =
    storedAreas && typeof storedAreas === 'object' ? (storedAreas as Record<string, unknown>) : {};
  const merged = previous.map((campus) => {
    const saved = areas[campus.name] as
      { centre?: { latitude?: unknown; longitude?: unknown }; boundary?: unknown } | undefined;
    const centre = saved?.centre;
    const boundary = saved?.boundary;
    if (
      !centre ||
      typeof centre.latitude !== 'number' ||
      typeof centre.longitude !== 'number' ||
      !Array.isArray(boundary)
    )
      return campus;
    return {
      ...campus,
      centre: { latitude: centre.latitude, longitude: centre.longitude },
      boundary: toRing(boundary as { latitude: number; longitude: number }[]),
    };
  });
  if (merged.every((c, i) => c === previous[i]))
    return { campuses: [...previous], areasNotKept: null };
  const checked = campusesSchema.safeParse(toStoredCampuses(merged));
  return checked.success
    ? { campuses: merged, areasNotKept: null }
    : {
        campuses: [...previous],
        areasNotKept: checked.error.issues.map((i) => i.message).join(' '),
      };
}
