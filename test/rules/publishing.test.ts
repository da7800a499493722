/**
 * Collections written by callables and triggers (tags, articles, announcements, push_messages)
 * and releases, which Admin writes and the public download page reads.
 */
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  EVERYONE,
  LIVE_ACCOUNTS,
  NOBODY,
  STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import {
  FILE_CHECKS,
  PUBLICATIONS,
  PUSH_MESSAGE,
  RELEASES,
  TAG,
  validRelease,
} from './support/seed';

describe('published and server-written collections', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const tags = COLLECTIONS.tags;
  const tagRows: Row<Firestore>[] = [
    read('get a tag', STAFF, (db) => getDoc(doc(db, tags, TAG))),
    read('list tags', STAFF, (db) => getDocs(collection(db, tags))),
    read('tag usage lookup (array-contains-any on reports is separate)', STAFF, (db) =>
      getDocs(query(collection(db, tags), where('name', 'in', [TAG, 'night']))),
    ),
    write('create a tag', NOBODY, (db) => setDoc(doc(db, tags, 'night'), { name: 'night' })),
    write('rename a tag', NOBODY, (db) => updateDoc(doc(db, tags, TAG), { name: 'blaze' })),
    write('delete a tag', NOBODY, (db) => deleteDoc(doc(db, tags, TAG))),
  ];
  describeMatrix('tags', tagRows, options);

  for (const name of [COLLECTIONS.articles, COLLECTIONS.announcements]) {
    const item = (db: Firestore, id: string) => doc(db, name, id);
    const rows: Row<Firestore>[] = [
      read('get a published item', LIVE_ACCOUNTS, (db) => getDoc(item(db, PUBLICATIONS.published))),
      read('get a scheduled item before its time', ADMIN, (db) =>
        getDoc(item(db, PUBLICATIONS.scheduled)),
      ),
      read('get an archived item', ADMIN, (db) => getDoc(item(db, PUBLICATIONS.archived))),
      read('list every item', ADMIN, (db) => getDocs(collection(db, name))),
      read('app query: live published items, newest first', LIVE_ACCOUNTS, (db) =>
        getDocs(
          query(
            collection(db, name),
            where('isArchived', '==', false),
            where('isScheduled', '==', false),
            orderBy('timestamp', 'desc'),
          ),
        ),
      ),
      read('query items by time alone (would reveal scheduled and archived ones)', ADMIN, (db) =>
        getDocs(query(collection(db, name), where('timestamp', '<=', Timestamp.now()))),
      ),
      read('query live items without the publication time filter', ADMIN, (db) =>
        getDocs(query(collection(db, name), where('isArchived', '==', false))),
      ),
      write('create an item directly (bypassing the callable)', NOBODY, (db) =>
        setDoc(item(db, 'direct'), {
          title: 'Direct',
          description: 'x',
          body: 'x',
          tags: [],
          timestamp: serverTimestamp(),
          isArchived: false,
          isScheduled: false,
        }),
      ),
      write('archive an item', ADMIN, (db) =>
        updateDoc(item(db, PUBLICATIONS.published), { isArchived: true }),
      ),
      write('restore an item', ADMIN, (db) =>
        updateDoc(item(db, PUBLICATIONS.archived), { isArchived: false }),
      ),
      write('archive with a non-bool flag', NOBODY, (db) =>
        updateDoc(item(db, PUBLICATIONS.published), { isArchived: 'yes' }),
      ),
      write('edit an item’s title', NOBODY, (db) =>
        updateDoc(item(db, PUBLICATIONS.published), { title: 'Edited' }),
      ),
      write('publish a scheduled item early', NOBODY, (db) =>
        updateDoc(item(db, PUBLICATIONS.scheduled), {
          timestamp: serverTimestamp(),
          isScheduled: false,
        }),
      ),
      write('archive and edit at once', NOBODY, (db) =>
        updateDoc(item(db, PUBLICATIONS.published), { isArchived: true, title: 'Edited' }),
      ),
      write('delete an item', NOBODY, (db) => deleteDoc(item(db, PUBLICATIONS.published))),
    ];
    describeMatrix(name, rows, options);
  }

  const releases = COLLECTIONS.releases;
  const release = (db: Firestore, id: string) => doc(db, releases, id);
  const publish =
    (changes: DocumentData = {}) =>
    (db: Firestore) =>
      setDoc(release(db, 'release-new'), {
        ...validRelease('2.0.0'),
        timestamp: serverTimestamp(),
        ...changes,
      });
  const releaseRows: Row<Firestore>[] = [
    read('get the live release (public download page)', EVERYONE, (db) =>
      getDoc(release(db, RELEASES.live)),
    ),
    read('get an archived release', ADMIN, (db) => getDoc(release(db, RELEASES.archived))),
    read('download page query: live releases', EVERYONE, (db) =>
      getDocs(query(collection(db, releases), where('isArchived', '==', false))),
    ),
    read('list every release', ADMIN, (db) => getDocs(collection(db, releases))),
    write('publish a release', ADMIN, publish()),
    write(
      `publish a release of ${LIMITS.releaseBytes} bytes or more`,
      NOBODY,
      publish({
        size: LIMITS.releaseBytes,
      }),
    ),
    write('publish a release with a fractional versionCode', NOBODY, publish({ versionCode: 1.5 })),
    write(
      'publish a release outside releases/',
      NOBODY,
      publish({ storagePath: 'profiles/x/app.apk' }),
    ),
    write('publish a release without md5Hash', NOBODY, (db) => {
      const { md5Hash: _omitted, ...rest } = validRelease('2.0.0');
      return setDoc(release(db, 'release-new'), { ...rest, timestamp: serverTimestamp() });
    }),
    write('publish a release already archived', NOBODY, publish({ isArchived: true })),
    write(
      'publish a release with a client clock timestamp',
      NOBODY,
      publish({
        timestamp: Timestamp.fromMillis(0),
      }),
    ),
    write(
      `publish release notes over ${LIMITS.releaseNotes}`,
      NOBODY,
      publish({
        notes: 'x'.repeat(LIMITS.releaseNotes + 1),
      }),
    ),
    write('publish a release with an unknown field', NOBODY, publish({ channel: 'beta' })),
    write('edit the release notes', ADMIN, (db) =>
      updateDoc(release(db, RELEASES.live), { notes: 'Fixed' }),
    ),
    write('archive a release', ADMIN, (db) =>
      updateDoc(release(db, RELEASES.live), { isArchived: true }),
    ),
    write('backdate a release', NOBODY, (db) =>
      updateDoc(release(db, RELEASES.live), { timestamp: Timestamp.fromMillis(0) }),
    ),
    write('delete a release', NOBODY, (db) => deleteDoc(release(db, RELEASES.live))),
  ];
  describeMatrix('releases', releaseRows, options);

  const pushMessages = COLLECTIONS.pushMessages;
  const pushRows: Row<Firestore>[] = [
    read('get a push record', ADMIN, (db) => getDoc(doc(db, pushMessages, PUSH_MESSAGE))),
    read('list push records', ADMIN, (db) => getDocs(collection(db, pushMessages))),
    write('record a push', NOBODY, (db) =>
      setDoc(doc(db, pushMessages, 'forged'), {
        topic: 'all',
        state: 'sent',
        timestamp: serverTimestamp(),
      }),
    ),
    write('change a push record', NOBODY, (db) =>
      updateDoc(doc(db, pushMessages, PUSH_MESSAGE), { state: 'failed' }),
    ),
    write('delete a push record', NOBODY, (db) => deleteDoc(doc(db, pushMessages, PUSH_MESSAGE))),
  ];
  describeMatrix('push_messages', pushRows, options);

  const checks = COLLECTIONS.fileChecks;
  const checkRows: Row<Firestore>[] = [
    read('get a release build’s check (the /download page)', EVERYONE, (db) =>
      getDoc(doc(db, checks, FILE_CHECKS.release)),
    ),
    read('get a check not written yet', EVERYONE, (db) =>
      getDoc(doc(db, checks, 'releases%2Fnew%2Fapp.apk')),
    ),
    read('get an image’s check', STAFF, (db) => getDoc(doc(db, checks, FILE_CHECKS.image))),
    // Missing or there, a private path's check answers the same (issue 17 item 10).
    read('get a private path’s check not written yet', STAFF, (db) =>
      getDoc(doc(db, checks, 'profiles%2Fu%2Fnone.png')),
    ),
    read('list file checks', ADMIN, (db) => getDocs(collection(db, checks))),
    write('forge a file check', NOBODY, (db) =>
      setDoc(doc(db, checks, FILE_CHECKS.release), { kind: 'release', state: 'ok' }),
    ),
    write('clear a quarantine', NOBODY, (db) =>
      updateDoc(doc(db, checks, FILE_CHECKS.image), { state: 'ok', reason: null }),
    ),
  ];
  describeMatrix('file_checks', checkRows, options);

  const failures = COLLECTIONS.triggerFailures;
  const failureRows: Row<Firestore>[] = [
    read('get a trigger failure', ADMIN, (db) =>
      getDoc(doc(db, failures, 'announceNewIncident-e1')),
    ),
    read('list trigger failures', ADMIN, (db) => getDocs(collection(db, failures))),
    write('forge a trigger failure', NOBODY, (db) =>
      setDoc(doc(db, failures, 'forged'), { trigger: 'x', attempts: 1, state: 'retrying' }),
    ),
    write('clear a trigger failure', NOBODY, (db) =>
      deleteDoc(doc(db, failures, 'announceNewIncident-e1')),
    ),
  ];
  describeMatrix('trigger_failures', failureRows, options);

  const unnamedRows: Row<Firestore>[] = [
    read('get a document', NOBODY, (db) => getDoc(doc(db, COLLECTIONS.processedEvents, 'e1'))),
    read('list a collection', NOBODY, (db) =>
      getDocs(collection(db, COLLECTIONS.accountCredentials)),
    ),
    write('write a document', NOBODY, (db) => setDoc(doc(db, 'anything', 'x'), { a: 1 })),
  ];
  describeMatrix('collections the rules do not name', unnamedRows, options);
});
