/**
 * storage.rules: images only (type and size) for articles, announcements, accomplishments and
 * one's own profile photo; release builds for Admin; nothing else. The accomplishment and identity
 * checks read Firestore (firestore.get), so this needs the Storage and Firestore emulators of one
 * `firebase emulators:exec` (see docs/security-rules.md); without them it is reported as pending.
 */
import { IMAGE_CONTENT_TYPES, LIMITS, STORAGE_PATHS } from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  deleteObject,
  getMetadata,
  listAll,
  ref,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { storageEmulatorAvailable, useFixture } from './support/fixture';
import {
  ADMIN,
  EVERYONE,
  LIVE_ACCOUNTS,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  read,
  storageTables,
  write,
  type Row,
} from './support/matrix';
import { ACTORS } from './support/actors';
import { REPORTS } from './support/seed';

const KIB = 1024;
const APK = 'application/vnd.android.package-archive';

const SEEDED = {
  article: STORAGE_PATHS.articleImage('published', 'seeded.png'),
  announcement: STORAGE_PATHS.announcementImage('published', 'seeded.png'),
  accomplishment: STORAGE_PATHS.accomplishmentImage(REPORTS.responded, 'seeded.png'),
  otherCampusAccomplishment: STORAGE_PATHS.accomplishmentImage(REPORTS.otherCampus, 'seeded.png'),
  profile: STORAGE_PATHS.profilePhoto(ACTORS.otherAppUser.uid, 'seeded.png'),
  release: STORAGE_PATHS.releaseBuild('release-live', 'campus-safety.apk'),
  stray: 'misc/seeded.png',
};

async function seedObjects(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const storage = context.storage() as unknown as FirebaseStorage;
    await Promise.all(
      Object.values(SEEDED).map((path) =>
        uploadBytes(ref(storage, path), new Uint8Array(KIB), {
          contentType: path.endsWith('.apk') ? APK : 'image/png',
        }),
      ),
    );
  });
}

const upload = (path: string, bytes: number, contentType: string) => (storage: FirebaseStorage) =>
  uploadBytes(ref(storage, path), new Uint8Array(bytes), { contentType });
const image = (path: string, bytes = KIB, contentType = 'image/png') =>
  upload(path, bytes, contentType);
const metadata = (path: string) => (storage: FirebaseStorage) => getMetadata(ref(storage, path));
const remove = (path: string) => (storage: FirebaseStorage) => deleteObject(ref(storage, path));

const describeStorage = storageEmulatorAvailable() ? describe : describe.skip;

describeStorage('storage.rules', () => {
  const fixture = useFixture({ storage: true, seedExtra: seedObjects });
  const options = storageTables(fixture);

  const articleImage = STORAGE_PATHS.articleImage('a1', 'photo.png');
  const rows: Row<FirebaseStorage>[] = [
    ...IMAGE_CONTENT_TYPES.map((type) =>
      write(`upload an article image (${type})`, ADMIN, image(articleImage, KIB, type)),
    ),
    write(
      'upload an announcement image',
      ADMIN,
      image(STORAGE_PATHS.announcementImage('n1', 'photo.jpg'), KIB, 'image/jpeg'),
    ),
    write('upload an SVG as an article image', NOBODY, image(articleImage, KIB, 'image/svg+xml')),
    write('upload a text file as an article image', NOBODY, image(articleImage, KIB, 'text/plain')),
    write(
      'upload an HTML file as an announcement image',
      NOBODY,
      image(STORAGE_PATHS.announcementImage('n1', 'x.html'), KIB, 'text/html'),
    ),
    write(
      `upload an image of ${LIMITS.imageBytes - 1} bytes`,
      ADMIN,
      image(articleImage, LIMITS.imageBytes - 1),
    ),
    write(
      `upload an image of ${LIMITS.imageBytes} bytes`,
      NOBODY,
      image(articleImage, LIMITS.imageBytes),
    ),
    write('upload an empty image', NOBODY, image(articleImage, 0)),
    write(
      'upload an accomplishment photo for a same-campus report',
      SAME_CAMPUS_STAFF,
      image(STORAGE_PATHS.accomplishmentImage(REPORTS.responded, 'photo.png')),
    ),
    write(
      'upload an accomplishment photo for an other-campus report',
      OTHER_CAMPUS_STAFF,
      image(STORAGE_PATHS.accomplishmentImage(REPORTS.otherCampus, 'photo.png')),
    ),
    write(
      'upload an accomplishment photo for a Declined report',
      NOBODY,
      image(STORAGE_PATHS.accomplishmentImage(REPORTS.declined, 'photo.png')),
    ),
    write(
      'upload an accomplishment photo for an archived report',
      NOBODY,
      image(STORAGE_PATHS.accomplishmentImage(REPORTS.archived, 'photo.png')),
    ),
    write(
      'upload an accomplishment photo for a report that does not exist',
      NOBODY,
      image(STORAGE_PATHS.accomplishmentImage('no-such-report', 'photo.png')),
    ),
    write(
      'upload an accomplishment file that is not an image',
      NOBODY,
      image(
        STORAGE_PATHS.accomplishmentImage(REPORTS.responded, 'notes.pdf'),
        KIB,
        'application/pdf',
      ),
    ),
    write('upload one’s own profile photo', LIVE_ACCOUNTS, (storage, actor) =>
      image(STORAGE_PATHS.profilePhoto(actor.uid, 'me.png'))(storage),
    ),
    write(
      'upload the app user’s profile photo',
      ['appUser'],
      image(STORAGE_PATHS.profilePhoto(ACTORS.appUser.uid, 'me.png')),
    ),
    write('upload a profile “photo” that is a script', NOBODY, (storage, actor) =>
      upload(STORAGE_PATHS.profilePhoto(actor.uid, 'me.js'), KIB, 'text/javascript')(storage),
    ),
    write(
      'upload a release build',
      ADMIN,
      upload(STORAGE_PATHS.releaseBuild('r2', 'app.apk'), 64 * KIB, APK),
    ),
    write(
      'upload an empty release build',
      NOBODY,
      upload(STORAGE_PATHS.releaseBuild('r2', 'app.apk'), 0, APK),
    ),
    write(
      `upload an article image named with ${LIMITS.fileName} characters`,
      ADMIN,
      image(STORAGE_PATHS.articleImage('a1', `${'p'.repeat(LIMITS.fileName - 4)}.png`)),
    ),
    write(
      `upload an article image named with more than ${LIMITS.fileName} characters`,
      NOBODY,
      image(STORAGE_PATHS.articleImage('a1', `${'p'.repeat(LIMITS.fileName - 3)}.png`)),
    ),
    write(
      'upload a profile photo whose name hides its extension (right-to-left override)',
      NOBODY,
      (storage, actor) =>
        image(STORAGE_PATHS.profilePhoto(actor.uid, 'photo\u202Egnp.exe'))(storage),
    ),
    write(
      `upload an image with more than ${LIMITS.customMetadata} custom metadata entries`,
      NOBODY,
      (storage) =>
        uploadBytes(ref(storage, articleImage), new Uint8Array(KIB), {
          contentType: 'image/png',
          customMetadata: Object.fromEntries(
            Array.from({ length: LIMITS.customMetadata + 1 }, (_, i) => [`k${i}`, 'v']),
          ),
        }),
    ),
    write(
      `upload a release build with a content type over ${LIMITS.contentType} characters`,
      NOBODY,
      upload(
        STORAGE_PATHS.releaseBuild('r2', 'app.apk'),
        64 * KIB,
        `application/${'x'.repeat(LIMITS.contentType)}`,
      ),
    ),
    write('upload outside the known folders', NOBODY, image('misc/photo.png')),
    write('upload at the bucket root', NOBODY, image('photo.png')),
    write('upload directly under articles/ (no item folder)', NOBODY, image('articles/photo.png')),
    read('get an article image’s metadata', LIVE_ACCOUNTS, metadata(SEEDED.article)),
    read('get an announcement image’s metadata', LIVE_ACCOUNTS, metadata(SEEDED.announcement)),
    read(
      'get a same-campus accomplishment photo',
      SAME_CAMPUS_STAFF,
      metadata(SEEDED.accomplishment),
    ),
    read(
      'get an other-campus accomplishment photo',
      OTHER_CAMPUS_STAFF,
      metadata(SEEDED.otherCampusAccomplishment),
    ),
    read('get someone’s profile photo', LIVE_ACCOUNTS, metadata(SEEDED.profile)),
    read('get a release build (public download page)', EVERYONE, metadata(SEEDED.release)),
    read('get a file outside the known folders', NOBODY, metadata(SEEDED.stray)),
    read('list article images', NOBODY, (storage) => listAll(ref(storage, 'articles/published'))),
    read('list release builds', NOBODY, (storage) =>
      listAll(ref(storage, 'releases/release-live')),
    ),
    write('delete an article image', ADMIN, remove(SEEDED.article)),
    write(
      'delete a same-campus accomplishment photo',
      SAME_CAMPUS_STAFF,
      remove(SEEDED.accomplishment),
    ),
    write('delete the other app user’s profile photo', ['otherAppUser'], remove(SEEDED.profile)),
    write('delete a release build', ADMIN, remove(SEEDED.release)),
    write('delete a file outside the known folders', NOBODY, remove(SEEDED.stray)),
  ];
  describeMatrix('uploads, reads and deletes', rows, options);

  // Issue 17: an unverified token uploads nothing, whatever its users doc and claims say.
  const unverified: Row<FirebaseStorage>[] = [
    write('upload one’s own profile photo', ['appUser', 'imtSameCampus'], (storage, actor) =>
      image(STORAGE_PATHS.profilePhoto(actor.uid, 'me.png'))(storage),
    ),
  ];
  describeMatrix('uploads by unverified tokens', unverified, {
    ...options,
    actors: ['appUser', 'imtSameCampus', 'unverifiedUser', 'unverifiedImt'],
  });

  // One upload at the release limit is 200 MiB: only the one actor who could upload builds at all.
  const releaseLimit: Row<FirebaseStorage>[] = [
    write(
      `upload a release build of ${LIMITS.releaseBytes} bytes`,
      NOBODY,
      // Resumable, as the console uploads builds: the emulator refuses a 200 MiB single request.
      async (storage) =>
        await uploadBytesResumable(
          ref(storage, STORAGE_PATHS.releaseBuild('r3', 'huge.apk')),
          new Uint8Array(LIMITS.releaseBytes),
          { contentType: APK },
        ),
    ),
  ];
  describeMatrix('release size limit', releaseLimit, {
    ...options,
    actors: ['admin'],
    timeout: 180_000,
  });
});
