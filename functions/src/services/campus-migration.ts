/**
 * The upgrade in place of a deployment of the previous version (docs/institution.md#upgrade):
 * its campuses saved as `settings/campuses` and its incident types in today's shape, then every
 * stored campus name rekeyed to the campus's id (domain/campus-rekey.ts says where they are). Run by `npm run migrate` with the
 * Admin SDK. Each document is written only if it still is as it was read, so a write racing the
 * run is not overwritten; a second run finds nothing to do and writes nothing.
 */
import {
  FieldPath,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import {
  COLLECTIONS,
  SETTINGS_HISTORY,
  SETTING_IDS,
  campusesOf,
  incidentTypesOf,
  toStoredCampuses,
  toStoredIncidentTypes,
  type Campuses,
  type SettingEditor,
} from '@campus-safety/model';
import {
  MOVED_BY_CAMPUS,
  REKEYED_COLLECTIONS,
  campusKeysOf,
  previousCampuses,
  rekeyDocument,
  rekeyedValue,
  type CampusKeys,
  type RekeyedCollection,
} from '../domain/campus-rekey';
import { saveWithHistory } from './settings-history';

/** Who the settings history names as the author of the campuses the migration saved. */
export const CAMPUS_MIGRATION_EDITOR: SettingEditor = {
  uid: 'campus-migration',
  name: 'the campus migration (names to ids)',
};

/** Documents read per page: bounded memory on a campus of any size. */
const PAGE = 500;
/** gRPC's code for a precondition (the document's update time) that no longer holds. */
const FAILED_PRECONDITION = 9;
/** Values that name no campus, listed in the report (the count is whole). */
const UNKNOWN_LISTED = 20;

export interface CampusMigrationReport {
  /** The campuses saved from the previous version's, or null when campuses were saved already. */
  campusesSaved: string[] | null;
  /** Whether the incident types were rewritten from the previous version's list to the map. */
  incidentTypesRekeyed: boolean;
  /** Why the previous version's saved boundaries were not kept (the defaults were), or null. */
  areasNotKept: string | null;
  /** Documents rekeyed (or, in a dry run, that would be), by collection. */
  updated: Record<string, number>;
  /** Documents keyed by a campus name moved to the campus's id, by collection. */
  moved: Record<string, number>;
  /** Accounts whose campus claim was rekeyed (their sessions end: they sign in again). */
  claims: number;
  /** Documents changed by someone else while read: not written; run again. */
  changedMeanwhile: number;
  /** Stored values that name no campus, left as they are: where and what (the first few). */
  unknown: { count: number; first: { path: string; value: string }[] };
}

export interface CampusMigrationOptions {
  /** The previous version's campuses (its constants), by id. */
  previous: Campuses;
  /** Report what would change; write nothing. */
  dryRun?: boolean;
  now?: () => Date;
}

async function forEachPage(
  query: Query,
  visit: (docs: QueryDocumentSnapshot[]) => Promise<void>,
): Promise<void> {
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const ordered = query.orderBy(FieldPath.documentId()).limit(PAGE);
    const page = await (last ? ordered.startAfter(last) : ordered).get();
    if (page.empty) return;
    await visit(page.docs);
    last = page.docs.at(-1);
    if (page.size < PAGE) return;
  }
}

/** The saved campuses, or the previous version's saved now (with history) when none are. */
async function ensureCampuses(
  db: Firestore,
  { previous, dryRun, now }: Required<CampusMigrationOptions>,
): Promise<{ campuses: Campuses; saved: string[] | null; areasNotKept: string | null }> {
  const settings = db.collection(COLLECTIONS.settings);
  const saved = campusesOf((await settings.doc(SETTING_IDS.campuses).get()).data());
  if (saved.length > 0) return { campuses: saved, saved: null, areasNotKept: null };
  const areas = (await settings.doc('campus_areas').get()).data();
  const { campuses, areasNotKept } = previousCampuses(previous, areas);
  if (!dryRun) {
    const at = now();
    await saveWithHistory(
      db,
      settings.doc(SETTING_IDS.campuses),
      {
        campuses: toStoredCampuses(campuses),
        updatedAt: at,
        updatedBy: CAMPUS_MIGRATION_EDITOR,
      },
      CAMPUS_MIGRATION_EDITOR,
      at,
      // An Admin saving campuses while this runs wins: the run stops and is run again.
      (before) =>
        campusesOf(before).length > 0
          ? 'Campuses were saved meanwhile: run the migration again.'
          : null,
    );
  }
  return { campuses, saved: campuses.map((c) => c.id), areasNotKept };
}

/**
 * The previous version stored the incident types as a list; the rules look a report's type up in
 * a map by key (docs/settings.md#incident-types), so until it is rewritten no report is filed.
 */
async function upgradeIncidentTypes(
  db: Firestore,
  { dryRun, now }: Required<CampusMigrationOptions>,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.settings).doc(SETTING_IDS.incidentTypes);
  const stored = (await ref.get()).data();
  if (!Array.isArray(stored?.types)) return false;
  if (dryRun) return true;
  const at = now();
  await saveWithHistory(
    db,
    ref,
    {
      types: toStoredIncidentTypes(incidentTypesOf(stored)),
      updatedAt: at,
      updatedBy: CAMPUS_MIGRATION_EDITOR,
    },
    CAMPUS_MIGRATION_EDITOR,
    at,
    (before) => (Array.isArray(before?.types) ? null : 'Incident types were saved meanwhile.'),
  );
  return true;
}

export async function migrateCampusIds(
  db: Firestore,
  auth: Auth,
  options: CampusMigrationOptions,
): Promise<CampusMigrationReport> {
  const opts = { dryRun: false, now: () => new Date(), ...options };
  const { campuses, saved, areasNotKept } = await ensureCampuses(db, opts);
  const keys = campusKeysOf(campuses, opts.previous);
  const report: CampusMigrationReport = {
    campusesSaved: saved,
    incidentTypesRekeyed: await upgradeIncidentTypes(db, opts),
    areasNotKept,
    updated: {},
    moved: {},
    claims: 0,
    changedMeanwhile: 0,
    unknown: { count: 0, first: [] },
  };
  const noteUnknown = (path: string, values: unknown[]) => {
    for (const value of values) {
      report.unknown.count += 1;
      if (report.unknown.first.length < UNKNOWN_LISTED)
        report.unknown.first.push({ path, value: String(value) });
    }
  };

  for (const target of REKEYED_COLLECTIONS)
    report.updated[target.collection] = await rekeyCollection(
      db,
      target,
      keys,
      opts,
      report,
      noteUnknown,
    );
  for (const collection of MOVED_BY_CAMPUS)
    report.moved[collection] = await moveCampusKeyed(db, collection, keys, opts, noteUnknown);
  report.claims = await rekeyClaims(auth, keys, opts, noteUnknown);
  return report;
}

async function rekeyCollection(
  db: Firestore,
  target: RekeyedCollection,
  keys: CampusKeys,
  { dryRun }: { dryRun: boolean },
  report: CampusMigrationReport,
  noteUnknown: (path: string, values: unknown[]) => void,
): Promise<number> {
  const query = target.group
    ? db.collectionGroup(target.collection)
    : db.collection(target.collection);
  let updated = 0;
  await forEachPage(query, async (docs) => {
    const writer = dryRun ? null : db.bulkWriter();
    const failures: unknown[] = [];
    let written = 0;
    for (const doc of docs) {
      const { update, unknown } = rekeyDocument(doc.data(), target, keys);
      noteUnknown(doc.ref.path, unknown);
      if (!update) continue;
      written += 1;
      void writer
        ?.update(doc.ref, update, { lastUpdateTime: doc.updateTime })
        .catch((error: { code?: number }) => {
          written -= 1;
          // FAILED_PRECONDITION: the document changed since it was read; a re-run takes it.
          if (error.code === FAILED_PRECONDITION) report.changedMeanwhile += 1;
          else failures.push(error);
        });
    }
    await writer?.close();
    if (failures.length > 0) throw failures[0];
    updated += written;
  });
  return updated;
}

/**
 * Moves each document of `collection` whose id is a campus name to the campus's id, its
 * `history` entries with it. A document already at the id (saved since the upgrade) wins over
 * the old one; the old one's history is kept beside it.
 */
async function moveCampusKeyed(
  db: Firestore,
  collection: string,
  keys: CampusKeys,
  { dryRun }: { dryRun: boolean },
  noteUnknown: (path: string, values: unknown[]) => void,
): Promise<number> {
  const docs = (await db.collection(collection).get()).docs;
  let moved = 0;
  for (const doc of docs) {
    const rekeyed = rekeyedValue(doc.id, keys);
    if (rekeyed.kind === 'id') continue;
    if (rekeyed.kind === 'unknown') {
      noteUnknown(doc.ref.path, [doc.id]);
      continue;
    }
    moved += 1;
    if (dryRun) continue;
    const to = db.collection(collection).doc(rekeyed.id);
    const history = await doc.ref.collection(SETTINGS_HISTORY).get();
    const writer = db.bulkWriter();
    for (const entry of history.docs)
      void writer.set(to.collection(SETTINGS_HISTORY).doc(entry.id), entry.data());
    await writer.close();
    await db.runTransaction(async (tx) => {
      const [from, existing] = await tx.getAll(doc.ref, to);
      if (!from?.exists) return;
      const data: DocumentData = from.data()!;
      if (!existing?.exists)
        tx.create(to, typeof data.campus === 'string' ? { ...data, campus: rekeyed.id } : data);
      tx.delete(doc.ref);
    });
    const deletes = db.bulkWriter();
    for (const entry of history.docs) void deletes.delete(entry.ref);
    await deletes.close();
  }
  return moved;
}

/**
 * Staff accounts carry their campus in their custom claims, which the rules compare with their
 * users doc. A rekeyed claim ends the account's sessions, as any change of access does
 * (services/staff-access.ts): an old token's name would match nothing any more.
 */
async function rekeyClaims(
  auth: Auth,
  keys: CampusKeys,
  { dryRun }: { dryRun: boolean },
  noteUnknown: (path: string, values: unknown[]) => void,
): Promise<number> {
  let changed = 0;
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      const claims = user.customClaims ?? {};
      if (typeof claims.campus !== 'string') continue;
      const rekeyed = rekeyedValue(claims.campus, keys);
      if (rekeyed.kind === 'unknown') noteUnknown(`auth/${user.uid}.campus`, [claims.campus]);
      if (rekeyed.kind !== 'name') continue;
      changed += 1;
      if (dryRun) continue;
      await auth.setCustomUserClaims(user.uid, { ...claims, campus: rekeyed.id });
      await auth.revokeRefreshTokens(user.uid);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return changed;
}
