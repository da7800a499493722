import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  SETTING_IDS,
  campusesOf,
  incidentTypesOf,
  institutionOf,
  offeredIncidentTypes,
  responseTargetsOf,
  type Campuses,
  type IncidentTypeSetting,
  type Institution,
  type ResponseTargets,
  type SaveSettingInput,
  type SaveSettingResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { saveWithHistory } from './settings-history';

/** The deployment's current settings, each read through its default when its document is missing. */
export interface CurrentSettings {
  institution: Institution;
  responseTargets: ResponseTargets;
  incidentTypes: readonly IncidentTypeSetting[];
  /** The institution's campuses, retired ones included (none until set up). */
  campuses: Campuses;
}

/**
 * How long a function instance reuses the settings it read. Triggers fire on every report write,
 * so they read through this; a save reaches every instance within it.
 */
export const SETTINGS_CACHE_MS = 30_000;

const cache = new WeakMap<Firestore, { readAtMs: number; settings: CurrentSettings }>();

/** How each setting is read from its stored document (its default when missing or invalid). */
const READERS: { [K in keyof CurrentSettings]: (stored: unknown) => CurrentSettings[K] } = {
  institution: institutionOf,
  responseTargets: responseTargetsOf,
  incidentTypes: incidentTypesOf,
  campuses: campusesOf,
};

/**
 * The one place the functions read the editable settings (settings.ts in the model). `fresh`
 * skips the cache: housekeeping runs once a minute and escalates by the targets saved just now.
 */
export async function currentSettings(
  db: Firestore,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<CurrentSettings> {
  const nowMs = Date.now();
  const cached = cache.get(db);
  if (!fresh && cached && nowMs - cached.readAtMs < SETTINGS_CACHE_MS) return cached.settings;
  const settings = db.collection(COLLECTIONS.settings);
  const [institution, responseTargets, incidentTypes, campuses] = await db.getAll(
    settings.doc(SETTING_IDS.institution),
    settings.doc(SETTING_IDS.responseTargets),
    settings.doc(SETTING_IDS.incidentTypes),
    settings.doc(SETTING_IDS.campuses),
  );
  const read: CurrentSettings = {
    institution: READERS.institution(institution?.data()),
    responseTargets: READERS.responseTargets(responseTargets?.data()),
    incidentTypes: READERS.incidentTypes(incidentTypes?.data()),
    campuses: READERS.campuses(campuses?.data()),
  };
  cache.set(db, { readAtMs: nowMs, settings: read });
  return read;
}

/**
 * One setting: through the cache, or with `fresh` its one document (callables and housekeeping,
 * so what an Admin does right after a save, in the new time zone or on a campus added a moment
 * ago, sees it).
 */
async function currentSetting<K extends keyof CurrentSettings>(
  db: Firestore,
  name: K,
  { fresh = false }: { fresh?: boolean },
): Promise<CurrentSettings[K]> {
  if (!fresh) return (await currentSettings(db))[name];
  const doc = await db.collection(COLLECTIONS.settings).doc(SETTING_IDS[name]).get();
  return READERS[name](doc.data());
}

/** The saved institution profile (its programme time zone above all); see currentSetting. */
export const currentInstitution = (db: Firestore, options: { fresh?: boolean } = {}) =>
  currentSetting(db, 'institution', options);

/**
 * The institution's campuses, retired ones included; see currentSetting. `knowing` a campus id
 * the cached copy lacks reads them fresh: a campus added seconds ago is called by its name, not
 * its id, in the page, timeline entry or notice written next.
 */
export async function currentCampuses(
  db: Firestore,
  { fresh = false, knowing }: { fresh?: boolean; knowing?: unknown } = {},
) {
  const campuses = await currentSetting(db, 'campuses', { fresh });
  if (fresh || typeof knowing !== 'string' || campuses.some((c) => c.id === knowing))
    return campuses;
  // Read again into the cache: the writes that follow find the campus without reading again.
  return (await currentSettings(db, { fresh: true })).campuses;
}

/**
 * The one check a callable makes of an incident type it is given (the schema checks only its
 * form): a key the saved setting offers for new reports, read fresh.
 */
export async function requireOfferedIncidentType(db: Firestore, type: string): Promise<void> {
  const doc = await db.collection(COLLECTIONS.settings).doc(SETTING_IDS.incidentTypes).get();
  if (offeredIncidentTypes(incidentTypesOf(doc.data())).includes(type)) return;
  const message = 'Choose an incident type from the list.';
  fail('invalid-argument', message, { issues: [{ path: ['incidentType'], message }] });
}

/** The programme time zone every date a function writes or buckets is in (currentInstitution). */
export async function programmeTimeZone(
  db: Firestore,
  options: { fresh?: boolean } = {},
): Promise<string> {
  return (await currentInstitution(db, options)).timeZone;
}

/**
 * An Admin saves one setting whole (the schema checked every bound); the previous value and the
 * editor go to its history in the same transaction.
 */
export async function saveSetting(
  db: Firestore,
  input: SaveSettingInput,
  caller: Caller,
  now: () => Date = () => new Date(),
): Promise<SaveSettingResponse> {
  const at = now();
  const by = { uid: caller.uid, name: caller.displayName };
  await saveWithHistory(
    db,
    db.collection(COLLECTIONS.settings).doc(SETTING_IDS[input.setting]),
    { ...input.value, updatedAt: at, updatedBy: by },
    by,
    at,
    refusals[input.setting],
  );
  cache.delete(db);
  return { setting: input.setting };
}

/** What a save may not do, per setting: drop a key that stored documents refer to. */
const refusals: Partial<Record<SaveSettingInput['setting'], Refusal>> = {
  campuses: keepsEveryCampus,
  incidentTypes: keepsEveryIncidentType,
};

type Refusal = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) => string | null;

/**
 * Reports store a type by its key for good: a saved type is retired, never removed
 * (docs/settings.md#incident-types).
 */
function keepsEveryIncidentType(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): string | null {
  // A missing document reads as the defaults, which were never saved: nothing to keep.
  if (!before) return null;
  const kept = new Set(incidentTypesOf(after).map((t) => t.type));
  const removed = incidentTypesOf(before).filter((t) => !kept.has(t.type));
  return removed.length
    ? `${removed.map((t) => t.label).join(', ')} cannot be removed: retire a type instead.`
    : null;
}

/**
 * Users, reports, stats and records refer to a campus by id for good: a saved campus is retired,
 * never removed (docs/institution.md#campuses).
 */
function keepsEveryCampus(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): string | null {
  const kept = new Set(campusesOf(after).map((c) => c.id));
  const removed = campusesOf(before).filter((c) => !kept.has(c.id));
  return removed.length
    ? `${removed.map((c) => c.name).join(', ')} cannot be removed: retire a campus instead.`
    : null;
}
