/**
 * People's last locations (docs/locations.md): the owner alone reads theirs (no staff, no list,
 * no query); a person writes only their own, verified and live, only the coarse point with the
 * server's time and its TTL, at most once a minute (location_pace moves with each, and no client
 * deletes it, so delete then create keeps the pace), and may always delete it (opting out).
 */
import { COLLECTIONS, LAST_LOCATION_LIMITS, freshLocationSince } from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  writeBatch,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import type { ActorName } from './support/actors';
import { useFixture } from './support/fixture';
import { NOBODY, describeMatrix, firestoreTables, read, write, type Row } from './support/matrix';

const KEEP_MS = LAST_LOCATION_LIMITS.keepHours * 3_600_000;
const HOUR_AGO = () => Timestamp.fromMillis(Date.now() - 3_600_000);

async function seedLocations(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, COLLECTIONS.lastLocations, 'app-alice'), {
      latitude: 14.655,
      longitude: 121.064,
      at: HOUR_AGO(),
      expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
    });
    await setDoc(doc(db, COLLECTIONS.locationPace, 'app-alice'), {
      at: HOUR_AGO(),
      expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
    });
    // Shared "later than now", then deleted (opting out): its pace stays, so any write comes
    // within a minute of the last one.
    const later = {
      at: Timestamp.fromMillis(Date.now() + 3_600_000),
      expiresAt: Timestamp.fromMillis(Date.now() + 2 * KEEP_MS),
    };
    await setDoc(doc(db, COLLECTIONS.locationPace, 'imt-north'), later);
  });
}

/** A location as the app shares it, with `changes` over it. */
const shared = (changes: Record<string, unknown> = {}) => ({
  latitude: 14.655,
  longitude: 121.064,
  at: serverTimestamp(),
  expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
  ...changes,
});

/** The pace that moves with a location, as the app writes it. */
const pace = (changes: Record<string, unknown> = {}) => ({
  at: serverTimestamp(),
  expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS),
  ...changes,
});

/** Live, verified accounts other than the one whose last write was a moment ago. */
const LIVE_VERIFIED: readonly ActorName[] = ['appUser', 'otherAppUser', 'imtSameCampus', 'admin'];

describe('last locations', () => {
  const fixture = useFixture({ seedExtra: seedLocations });
  const place = (db: Firestore, uid: string) => doc(db, COLLECTIONS.lastLocations, uid);
  const paceOf = (db: Firestore, uid: string) => doc(db, COLLECTIONS.locationPace, uid);
  /** The app's write: the location and its pace in one batch. */
  const share = (
    db: Firestore,
    uid: string,
    location: Record<string, unknown>,
    paceChanges: Record<string, unknown> = {},
  ) =>
    writeBatch(db).set(place(db, uid), location).set(paceOf(db, uid), pace(paceChanges)).commit();
  const own = (
    changes: Record<string, unknown>,
  ): ((db: Firestore, actor: { uid: string }) => Promise<void>) => {
    return (db, actor) => share(db, actor.uid, shared(changes));
  };
  const rows: Row<Firestore>[] = [
    read("get Alice's location (only Alice: no staff)", ['appUser'], (db) =>
      getDoc(place(db, 'app-alice')),
    ),
    read('list the locations', NOBODY, (db) => getDocs(collection(db, COLLECTIONS.lastLocations))),
    read('query the fresh locations', NOBODY, (db) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.lastLocations),
          where('at', '>=', Timestamp.fromDate(freshLocationSince(new Date()))),
        ),
      ),
    ),
    write("share one's own coarse location", LIVE_VERIFIED, own({})),
    write("share another person's location", NOBODY, (db) => share(db, 'app-carol', shared())),
    write("share one's own location without moving its pace", NOBODY, (db, actor) =>
      setDoc(place(db, actor.uid), shared()),
    ),
    write("share one's own location with a pace of another time", NOBODY, (db, actor) =>
      share(db, actor.uid, shared(), { at: HOUR_AGO() }),
    ),
    write('share a location finer than three decimals', NOBODY, own({ latitude: 14.65491 })),
    write('share a latitude out of range', NOBODY, own({ latitude: 90.5 })),
    write('share a longitude out of range', NOBODY, own({ longitude: -181 })),
    write('share a location that is not a number', NOBODY, own({ latitude: '14.655' })),
    write('share a location with an extra field', NOBODY, own({ accuracy: 5 })),
    write('share a location without its TTL', NOBODY, (db, actor) =>
      share(db, actor.uid, { latitude: 14.655, longitude: 121.064, at: serverTimestamp() }),
    ),
    write(
      'share a location kept longer than the keep time',
      NOBODY,
      own({
        expiresAt: Timestamp.fromMillis(Date.now() + KEEP_MS + 3_600_000),
      }),
    ),
    write('share a location with a time of its own', NOBODY, own({ at: HOUR_AGO() })),
    write('share a location again within a minute, after deleting it', NOBODY, (db) =>
      share(db, 'imt-north', shared()),
    ),
    write("delete one's own location (opting out)", ['appUser'], (db) =>
      deleteDoc(place(db, 'app-alice')),
    ),
    read("get Alice's pace (only Alice)", ['appUser'], (db) => getDoc(paceOf(db, 'app-alice'))),
    write("delete one's own pace", NOBODY, (db, actor) => deleteDoc(paceOf(db, actor.uid))),
    write("move one's own pace alone to a time of its own", NOBODY, (db, actor) =>
      setDoc(paceOf(db, actor.uid), pace({ at: HOUR_AGO() })),
    ),
  ];
  describeMatrix('who reads and writes a location', rows, firestoreTables(fixture));

  const unverified: Row<Firestore>[] = [
    write("share one's own location with an unverified email", ['appUser'], own({})),
  ];
  describeMatrix('an unverified account', unverified, {
    ...firestoreTables(fixture),
    actors: ['appUser', 'unverifiedUser', 'newcomer'],
  });
});
