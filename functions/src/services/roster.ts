/**
 * The roster (docs/mass-notifications.md#roster): an import previewed or applied, the same for
 * the console's callable and the nightly job's endpoint, and a roster person becoming one with
 * the account that verified their email.
 */
import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  ROSTER_LIMITS,
  type ImportRosterInput,
  type ImportRosterResponse,
  type RosterImportEntry,
  type RosterImportSource,
  type RosterStatus,
} from '@campus-safety/model';
import {
  parseRosterCsv,
  planRosterImport,
  type CurrentRosterPerson,
  type RosterPlan,
} from '../domain/roster-import';
import type { Caller } from '../platform/caller';
import { currentCampuses } from './settings';
import { runTransaction } from '../platform/transactions';

/** Firestore's bound of writes in one batch. */
const BATCH_WRITES = 500;
/** Batches in flight at once while applying (a 50,000-row file is 100 batches). */
const BATCHES_AT_ONCE = 4;
/** Roster and users docs read per page. */
const SCAN_PAGE = 5000;

function roster(db: Firestore) {
  return db.collection(COLLECTIONS.roster);
}

/** Every doc of `query`, a page at a time in id order. */
async function scan(
  query: Query,
  visit: (id: string, data: FirebaseFirestore.DocumentData) => void,
) {
  const ordered = query.orderBy(FieldPath.documentId());
  let after: string | null = null;
  for (;;) {
    const page = await (after === null ? ordered : ordered.startAfter(after))
      .limit(SCAN_PAGE)
      .get();
    for (const doc of page.docs) visit(doc.id, doc.data());
    if (page.size < SCAN_PAGE) return;
    after = page.docs[page.size - 1]!.id;
  }
}

async function currentRoster(db: Firestore): Promise<Map<string, CurrentRosterPerson>> {
  const people = new Map<string, CurrentRosterPerson>();
  await scan(roster(db).select('contentHash', 'status', 'email', 'phone'), (id, d) =>
    people.set(id, {
      contentHash: String(d.contentHash),
      status: d.status as RosterStatus,
      email: String(d.email),
      phone: typeof d.phone === 'string' ? d.phone : null,
    }),
  );
  return people;
}

/**
 * Previews a roster CSV (counts, and the first problems of every row), or applies it when asked
 * and it has no problem at all: a file with any problem is never applied, in part or whole.
 * Applying writes in batches of 500 (adds are creates, so a concurrent import's person is never
 * overwritten), links the people whose email a verified account already has, and records who
 * imported what (`roster_imports`). The same file again finds everything unchanged and writes
 * nothing but its audit entry. A run cut short leaves part applied; running it again completes it.
 */
export async function importRoster(
  db: Firestore,
  input: ImportRosterInput,
  caller: Caller,
  source: RosterImportSource,
): Promise<ImportRosterResponse> {
  const parsed = parseRosterCsv(input.csv, await currentCampuses(db, { fresh: true }));
  const plan = planRosterImport(parsed, await currentRoster(db), input.mode);
  const answer = (applied: boolean): ImportRosterResponse => ({
    mode: input.mode,
    applied,
    counts: plan.counts,
    problemCount: plan.problems.length,
    problems: plan.problems.slice(0, ROSTER_LIMITS.problemsShown),
  });
  if (!input.apply || plan.problems.length > 0 || parsed.rows === 0) return answer(false);
  await applyPlan(db, plan);
  const linked = await linkImported(db, plan);
  await db.collection(COLLECTIONS.rosterImports).add({
    by: caller.uid,
    byName: caller.displayName,
    at: FieldValue.serverTimestamp(),
    mode: input.mode,
    source,
    counts: plan.counts,
    linked,
  } satisfies RosterImportEntry<FieldValue>);
  return answer(true);
}

/** The console's search by name reads this (a prefix of it, lower-cased as typed). */
const nameLowerCase = (entry: { name: string }) => entry.name.toLowerCase();

async function applyPlan(db: Firestore, plan: RosterPlan): Promise<void> {
  const now = FieldValue.serverTimestamp();
  const writes: ((batch: FirebaseFirestore.WriteBatch) => void)[] = [
    ...plan.add.map(
      ({ entry, contentHash }) =>
        (b: FirebaseFirestore.WriteBatch) =>
          b.create(roster(db).doc(entry.externalId), {
            ...entry,
            nameLowerCase: nameLowerCase(entry),
            status: 'active' satisfies RosterStatus,
            uid: null,
            contentHash,
            importedAt: now,
            updatedAt: now,
          }),
    ),
    // A change keeps the link and the first import's time.
    ...plan.change.map(
      ({ entry, contentHash }) =>
        (b: FirebaseFirestore.WriteBatch) =>
          b.update(roster(db).doc(entry.externalId), {
            ...entry,
            nameLowerCase: nameLowerCase(entry),
            status: 'active' satisfies RosterStatus,
            contentHash,
            updatedAt: now,
          }),
    ),
    ...plan.retire.map(
      (id) => (b: FirebaseFirestore.WriteBatch) =>
        b.update(roster(db).doc(id), { status: 'retired' satisfies RosterStatus, updatedAt: now }),
    ),
  ];
  const batches: (typeof writes)[] = [];
  for (let i = 0; i < writes.length; i += BATCH_WRITES)
    batches.push(writes.slice(i, i + BATCH_WRITES));
  for (let i = 0; i < batches.length; i += BATCHES_AT_ONCE) {
    await Promise.all(
      batches.slice(i, i + BATCHES_AT_ONCE).map((group) => {
        const batch = db.batch();
        for (const write of group) write(batch);
        return batch.commit();
      }),
    );
  }
}

/**
 * The people just added or changed whose email a verified account already has (it verified
 * before the import, so its own verification will not link them): linked now, one by one, by
 * the same rule as on verification. Returns how many were linked.
 */
async function linkImported(db: Firestore, plan: RosterPlan): Promise<number> {
  const imported = new Map(
    [...plan.add, ...plan.change].map(({ entry }) => [entry.email, entry.externalId]),
  );
  if (imported.size === 0) return 0;
  const accounts: { uid: string; email: string }[] = [];
  await scan(
    db.collection(COLLECTIONS.users).where('emailVerified', '==', true).select('email'),
    (uid, d) => {
      const email = typeof d.email === 'string' ? d.email.toLowerCase() : '';
      if (imported.has(email)) accounts.push({ uid, email });
    },
  );
  let linked = 0;
  for (const { uid, email } of accounts)
    if (await linkPerson(db, roster(db).doc(imported.get(email)!), uid)) linked += 1;
  return linked;
}

/**
 * A verified account and the roster person of the same email become one person: the roster
 * keeps the account's uid (from then on the fan-out reaches them by uid, once) and an app user's
 * account without a campus or affiliation takes the roster's. A staff account is linked but never
 * changed: its campus and role come from setStaffAccess only, never from a roster row. In one
 * transaction, so two events link once; a person already linked to anyone is left alone.
 */
async function linkPerson(db: Firestore, personRef: DocumentReference, uid: string) {
  const userRef = db.collection(COLLECTIONS.users).doc(uid);
  return runTransaction(db, async (tx) => {
    const [person, user] = await Promise.all([tx.get(personRef), tx.get(userRef)]);
    const p = person.data();
    const u = user.data();
    if (!p || !u || p.status !== 'active' || p.uid) return false;
    if (u.emailVerified !== true || String(u.email ?? '').toLowerCase() !== p.email) return false;
    tx.update(personRef, { uid, updatedAt: FieldValue.serverTimestamp() });
    if (u.role === 'User') {
      const fill = {
        ...(typeof u.campus === 'string' && u.campus ? {} : { campus: p.campus }),
        ...(typeof u.affiliation === 'string' && u.affiliation
          ? {}
          : { affiliation: p.affiliation }),
      };
      if (Object.keys(fill).length > 0) tx.update(userRef, fill);
    }
    return true;
  });
}

/**
 * On a users doc write (the user trigger): when the account's email is verified and an active
 * roster person has that email and no account yet, they become one (linkPerson). Returns whether
 * it linked; a repeated event finds the person linked and writes nothing.
 */
export async function linkRosterOnVerify(
  db: Firestore,
  uid: string,
  profile: FirebaseFirestore.DocumentData | undefined,
): Promise<boolean> {
  if (profile?.emailVerified !== true || typeof profile.email !== 'string') return false;
  const matches = await roster(db)
    .where('email', '==', profile.email.toLowerCase())
    .where('status', '==', 'active' satisfies RosterStatus)
    .select('uid')
    .limit(1)
    .get();
  const person = matches.docs.find((d) => !d.get('uid'));
  return person ? linkPerson(db, person.ref, uid) : false;
}
