/**
 * The fan-out's plan: who an alert reaches, cut into pages (`batches/{n}`), each page's people
 * in its server-only list.
 */
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  AUDIENCE_FIELDS,
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_LIMITS,
  freshLocationSince,
  isLocatedIn,
  locatedCampuses,
  reachesLocated,
  reaches,
  reachesRoster,
  rosterReaches,
  rosterRecipientId,
  ROSTER_AUDIENCE_FIELDS,
  type Audience,
  type RosterStatus,
} from '@campus-safety/model';
import { currentSettings } from '../settings';
import { alerts, recipientsOf } from './refs';
import { repliesOf } from './replies';

/** Users, and shared locations, read per page while planning (only the fields it needs). */
const PLAN_SCAN_PAGE = 1000;

function batchId(index: number): string {
  return `b${String(index).padStart(5, '0')}`;
}

/** Where a plan stands: the pages written so far and the people in them. */
interface PlanProgress {
  index: number;
  people: number;
}

/**
 * The next page and its server-only `recipients/list` (`list`: its people, and the last one,
 * where a retried plan resumes), in `write`: the page's creation runs
 * deliverMassNotificationBatch. Counted into `progress`.
 */
function writePage(
  write: WriteBatch,
  batches: CollectionReference,
  progress: PlanProgress,
  people: number,
  list: DocumentData,
  mark: DocumentData = {},
) {
  const pageRef = batches.doc(batchId(progress.index));
  write.create(recipientsOf(pageRef), list);
  write.create(pageRef, {
    index: progress.index,
    people,
    state: 'pending',
    createdAt: FieldValue.serverTimestamp(),
    ...mark,
  });
  progress.index += 1;
  progress.people += people;
}

/** The pages an earlier run of this plan wrote (a retried plan resumes after the last one). */
async function pagesSoFar(batches: CollectionReference) {
  const existing = await batches
    .orderBy(FieldPath.documentId())
    .select('people', 'contactOnly')
    .get();
  const progress: PlanProgress = {
    index: existing.size,
    people: existing.docs.reduce((sum, d) => sum + Number(d.get('people')), 0),
  };
  const lastPage = existing.docs[existing.size - 1];
  const lastList = lastPage ? (await recipientsOf(lastPage.ref).get()).data() : undefined;
  return { progress, lastPage, lastList };
}

/**
 * The pages of a follow-up to those who had not answered `earlierId`: page by page of the earlier
 * alert, its people whose reply slot is still unanswered (a page of the follow-up per page of the
 * earlier alert, `source` naming it, so a retried plan resumes after the last one it wrote).
 */
async function planNonResponders(
  db: Firestore,
  batches: CollectionReference,
  earlierId: string,
): Promise<PlanProgress> {
  const { progress, lastList } = await pagesSoFar(batches);
  const after = lastList?.source;
  const earlierPages = alerts(db).doc(earlierId).collection(MASS_NOTIFICATION_BATCHES);
  const sources = await (
    typeof after === 'string'
      ? earlierPages.orderBy(FieldPath.documentId()).startAfter(after)
      : earlierPages.orderBy(FieldPath.documentId())
  )
    .select()
    .get();
  const slots = repliesOf(db, earlierId);
  for (const source of sources.docs) {
    const list = (await recipientsOf(source.ref).get()).data() ?? {};
    // A page of contact-only roster people keeps its external ids; their slots are prefixed.
    const contacts = Array.isArray(list.contacts);
    const ids = ((contacts ? list.contacts : list.uids) ?? []) as string[];
    if (ids.length === 0) continue;
    const replies = await db.getAll(
      ...ids.map((id) => slots.doc(contacts ? rosterRecipientId(id) : id)),
    );
    const waiting = ids.filter(
      (_, k) => replies[k]!.exists && replies[k]!.get('answered') !== true,
    );
    if (waiting.length === 0) continue;
    const write = db.batch();
    const last = waiting[waiting.length - 1];
    writePage(
      write,
      batches,
      progress,
      waiting.length,
      contacts
        ? { contacts: waiting, lastContact: last, source: source.id }
        : { uids: waiting, lastUid: last, source: source.id },
      contacts ? { contactOnly: true } : {},
    );
    await write.commit();
  }
  return progress;
}

/**
 * The uids of the people whose fresh shared location (docs/locations.md) lies inside the
 * audience's campus areas: the locations shared since `freshLocationSince(now)`, read by `at`
 * (its single-field index) a page at a time, only the coordinates. Nothing else reads them.
 */
export async function locatedUids(
  db: Firestore,
  audience: Audience,
  now: Date,
): Promise<Set<string>> {
  const found = new Set<string>();
  const { campuses } = await currentSettings(db);
  const fresh = db
    .collection(COLLECTIONS.lastLocations)
    .where('at', '>=', Timestamp.fromDate(freshLocationSince(now)))
    .orderBy('at')
    .select('latitude', 'longitude');
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const page = await (after ? fresh.startAfter(after) : fresh).limit(PLAN_SCAN_PAGE).get();
    for (const doc of page.docs) {
      const point = { latitude: doc.get('latitude'), longitude: doc.get('longitude') };
      if (
        typeof point.latitude === 'number' &&
        typeof point.longitude === 'number' &&
        isLocatedIn(point, locatedCampuses(audience), campuses)
      )
        found.add(doc.id);
    }
    if (page.size < PLAN_SCAN_PAGE) return found;
    after = page.docs[page.size - 1]!;
  }
}

/**
 * `query` a page at a time in id order, from after `after`: each page, and whether it is the
 * last. A run that stops after a page resumes after its last id (the people not yet used carry
 * over: the next page continues the same order).
 */
export async function* inIdOrder(
  query: Query,
  after: string | null,
): AsyncGenerator<{ docs: QueryDocumentSnapshot[]; last: boolean }> {
  const ordered = query.orderBy(FieldPath.documentId());
  for (;;) {
    const page = await (after === null ? ordered : ordered.startAfter(after))
      .limit(PLAN_SCAN_PAGE)
      .get();
    const last = page.size < PLAN_SCAN_PAGE;
    yield { docs: page.docs, last };
    if (last) return;
    after = page.docs[page.size - 1]!.id;
  }
}

/** Firestore's bound on the values of one `in` filter. */
export const IN_VALUES = 30;

/**
 * The accounts `audience` is found among, with the fields `reaches` reads (and `more`): only its
 * campuses' when it reaches members alone (a third of the reads for one of three campuses);
 * everyone when it takes all campuses or people located there (they may be of any campus).
 */
export function audienceAccounts(db: Firestore, audience: Audience, ...more: string[]): Query {
  const users = db.collection(COLLECTIONS.users);
  const narrowed =
    !audience.allCampuses && !reachesLocated(audience) && audience.campuses.length <= IN_VALUES
      ? users.where('campus', 'in', audience.campuses)
      : users;
  return narrowed.select(...AUDIENCE_FIELDS, ...more);
}

/** The roster's active people of `audience`'s campuses, with the fields `rosterReaches` reads (and `more`). */
export function activeRoster(db: Firestore, audience: Audience, ...more: string[]): Query {
  const active = db
    .collection(COLLECTIONS.roster)
    .where('status', '==', 'active' satisfies RosterStatus);
  const narrowed =
    !audience.allCampuses && audience.campuses.length <= IN_VALUES
      ? active.where('campus', 'in', audience.campuses)
      : active;
  return narrowed.select(...ROSTER_AUDIENCE_FIELDS, ...more);
}

/**
 * Scans `query` in id order from after `cursor`, keeps the docs `keep` admits and writes them
 * in pages of MASS_NOTIFICATION_LIMITS.batchSize, one `batches/{n}` doc each (its creation runs
 * deliverMassNotificationBatch) with its people in the server-only `recipients/list` (`list`
 * names them and the last one, where a retried plan resumes).
 */
async function writePages(
  batches: CollectionReference,
  progress: PlanProgress,
  query: Query,
  cursor: string | null,
  keep: (doc: QueryDocumentSnapshot) => boolean,
  list: (ids: string[]) => DocumentData,
  mark: DocumentData = {},
): Promise<void> {
  let pending: string[] = [];
  for await (const page of inIdOrder(query, cursor)) {
    for (const doc of page.docs) if (keep(doc)) pending.push(doc.id);
    const write = batches.firestore.batch();
    let created = 0;
    while (
      pending.length >= MASS_NOTIFICATION_LIMITS.batchSize ||
      (page.last && pending.length > 0)
    ) {
      const ids = pending.slice(0, MASS_NOTIFICATION_LIMITS.batchSize);
      pending = pending.slice(ids.length);
      writePage(write, batches, progress, ids.length, list(ids), mark);
      created += 1;
    }
    if (created > 0) await write.commit();
  }
}

/**
 * The fan-out's plan: the audience, found by uid from the users docs in uid order (the campus
 * members, the people located inside the areas, or both: each person once), then the roster's
 * active people of the audience with no account (`contactOnly` pages, by their contacts:
 * docs/mass-notifications.md#roster-reach; a linked roster person is reached by uid only), cut
 * into pages with their people in a server-only `recipients/list`: what staff read of an alert
 * is counts, never who. A retried plan resumes after the last page it created, so nobody lands
 * in two pages; the alert becomes `sent` (issued) with the counts once every page exists.
 */
export async function planMassNotification(
  db: Firestore,
  alertId: string,
  now: Date = new Date(),
): Promise<'planned' | 'none'> {
  const alertRef = alerts(db).doc(alertId);
  const alert = (await alertRef.get()).data();
  if (!alert || alert.state !== 'sending' || alert.plan) return 'none';
  const audience = alert.audience as Audience;
  const batches = alertRef.collection(MASS_NOTIFICATION_BATCHES);
  if (audience.nonRespondersOf) {
    const plan = await planNonResponders(db, batches, audience.nonRespondersOf);
    await finishPlan(db, alertRef, plan.index, plan.people);
    return 'planned';
  }
  const located = reachesLocated(audience)
    ? await locatedUids(db, audience, now)
    : new Set<string>();
  const { progress, lastList, lastPage } = await pagesSoFar(batches);
  const contactsStarted = lastPage?.get('contactOnly') === true;
  if (!contactsStarted)
    await writePages(
      batches,
      progress,
      audienceAccounts(db, audience),
      lastList ? String(lastList.lastUid) : null,
      (doc) => reaches(audience, doc.data(), located.has(doc.id)),
      (uids) => ({ uids, lastUid: uids[uids.length - 1] }),
    );
  if (reachesRoster(audience))
    await writePages(
      batches,
      progress,
      activeRoster(db, audience),
      contactsStarted && lastList ? String(lastList.lastContact) : null,
      (doc) => rosterReaches(audience, doc.data()),
      (contacts) => ({ contacts, lastContact: contacts[contacts.length - 1] }),
      { contactOnly: true },
    );
  await finishPlan(db, alertRef, progress.index, progress.people);
  return 'planned';
}

/** Every page exists: the alert is issued with its counts (once, whichever run gets here). */
async function finishPlan(
  db: Firestore,
  alertRef: DocumentReference,
  batches: number,
  people: number,
) {
  await db.runTransaction(async (tx) => {
    const fresh = await tx.get(alertRef);
    if (fresh.get('plan')) return;
    tx.update(alertRef, { plan: { batches, people }, state: 'sent' });
  });
}
