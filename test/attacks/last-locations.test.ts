/**
 * People's last locations from the outside (docs/locations.md): nobody, staff included, reads
 * where another person is, by get, list or query; nobody writes a location for someone else or
 * one out of range, finer than promised or with extra fields; an IMT cannot reach the people
 * located on another campus; deleting a location and sharing it again does not skip the pace of
 * one a minute. Each refusal leaves the data as it was.
 */
import assert from 'node:assert/strict';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { admin, refused } from './support';

const KEEP_MS = 6 * 3_600_000;
const shared = (changes: Record<string, unknown> = {}) => ({
  latitude: 14.655,
  longitude: 121.064,
  at: serverTimestamp(),
  expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
  ...changes,
});

/** The app's write: the location and its pace (location_pace) in one batch. */
const share = (db: Firestore, uid: string, changes: Record<string, unknown> = {}) =>
  writeBatch(db)
    .set(doc(db, `last_locations/${uid}`), shared(changes))
    .set(doc(db, `location_pace/${uid}`), {
      at: serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
    })
    .commit();

describe('attacks: last locations', () => {
  let c: Cast;
  const path = () => `last_locations/${c.reporter.uid}`;

  before(async function () {
    this.timeout(120_000);
    c = await theCast();
    // The reporter shares their own location, as the app does.
    await share(c.reporter.db, c.reporter.uid);
  });
  after(async () => {
    for (const uid of [c.reporter.uid, c.imtNorth.uid]) {
      await admin.db.doc(`last_locations/${uid}`).delete();
      await admin.db.doc(`location_pace/${uid}`).delete();
    }
  });

  it('nobody but its owner reads a location: not staff, not by list or query', async () => {
    assert.equal((await getDoc(doc(c.reporter.db, path()))).get('latitude'), 14.655);
    for (const who of [c.admin, c.imtMain, c.imtNorth, c.newbie, c.archived]) {
      await refused(() => getDoc(doc(who.db, path())), []);
      await refused(() => getDocs(collection(who.db, 'last_locations')), []);
      await refused(
        () =>
          getDocs(
            query(
              collection(who.db, 'last_locations'),
              where('at', '>=', Timestamp.fromMillis(Date.now() - KEEP_MS)),
            ),
          ),
        [],
      );
    }
  });

  it('nobody writes another person’s location, or one out of range, too fine or with more fields', async () => {
    for (const who of [c.admin, c.imtMain, c.newbie]) {
      await refused(() => share(who.db, c.reporter.uid), [path()]);
    }
    const own = `last_locations/${c.imtNorth.uid}`;
    for (const changes of [
      { latitude: 91 },
      { longitude: 180.5 },
      { latitude: 14.6549 },
      { accuracy: 3 },
      { at: Timestamp.fromMillis(Date.now() - 3_600_000) },
      { expiresAt: Timestamp.fromMillis(Date.now() + 30 * 86_400_000) },
    ]) {
      await refused(() => share(c.imtNorth.db, c.imtNorth.uid, changes), [own]);
    }
    // Without its pace the location is refused too.
    await refused(() => setDoc(doc(c.imtNorth.db, own), shared()), [own]);
    // The same write, as promised, goes through: each refusal above was for its one change.
    await share(c.imtNorth.db, c.imtNorth.uid);
    await admin.db.doc(own).delete();
  });

  it('deleting a location and sharing it again within the minute is refused', async () => {
    const pace = `location_pace/${c.reporter.uid}`;
    // Opting out always works; the pace stays, and no client deletes it.
    await deleteDoc(doc(c.reporter.db, path()));
    await refused(() => deleteDoc(doc(c.reporter.db, pace)), [pace]);
    await refused(() => share(c.reporter.db, c.reporter.uid), [path(), pace]);
    assert.equal((await admin.db.doc(path()).get()).exists, false);
  });

  it('an IMT cannot reach the people located on another campus', async () => {
    await refused(
      () =>
        c.imtNorth.call('sendMassNotification', {
          kind: 'emergency',
          title: 'Located elsewhere',
          body: 'Not my campus.',
          audience: {
            allCampuses: false,
            campuses: ['main'],
            staffOnly: false,
            members: false,
            located: true,
          },
          channels: ['inApp'],
        }),
      ['mass_notifications'],
    );
  });
});
