/**
 * Incident media (issue 19 item 3, docs/media.md): who uploads originals where (the reporter
 * under reporter/, staff under their own staff/{uid}/), of which types and sizes, who reads
 * originals (staff of the incident) and the server's copies (also the reporter), the media docs
 * (read by the same people, written by nobody) and message mediaIds.
 */
import {
  COLLECTIONS,
  LIMITS,
  MEDIA_CONTENT_TYPES,
  STORAGE_PATHS,
  mediaFileName,
  type MediaKind,
} from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, type Firestore } from 'firebase/firestore';
import {
  deleteObject,
  getMetadata,
  listAll,
  ref,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { ACTORS, type Actor, type ActorName } from './support/actors';
import { storageEmulatorAvailable, useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  storageTables,
  write,
  type Row,
} from './support/matrix';
import { sendMessage } from './support/messages';
import { REPORTS, SEEDED_MESSAGE_COUNT } from './support/seed';

const KIB = 1024;
const MEDIA_ID = 'seededmedia00000000001';
const NEW_ID = 'newmedia0000000000000001';
/** A media id no earlier request used (an original is written once, so each upload needs one). */
let uploads = 0;
const freshId = () => `upload${String(++uploads).padStart(16, '0')}`;
const JPEG = mediaFileName('image/jpeg');

const SEEDED = {
  reporterOriginal: STORAGE_PATHS.reporterMedia(REPORTS.reported, MEDIA_ID, JPEG),
  staffOriginal: STORAGE_PATHS.staffMedia(
    REPORTS.reported,
    ACTORS.imtSameCampus.uid,
    `${MEDIA_ID}2`,
    JPEG,
  ),
  copy: STORAGE_PATHS.mediaCopy(REPORTS.reported, MEDIA_ID, 'thumb.jpg'),
  otherCampusCopy: STORAGE_PATHS.mediaCopy(REPORTS.otherCampus, MEDIA_ID, 'thumb.jpg'),
  anonymousCopy: STORAGE_PATHS.mediaCopy(REPORTS.anonymous, MEDIA_ID, 'thumb.jpg'),
  anonymousOriginal: STORAGE_PATHS.reporterMedia(REPORTS.anonymous, MEDIA_ID, JPEG),
  archivedCopy: STORAGE_PATHS.mediaCopy(REPORTS.archived, MEDIA_ID, 'thumb.jpg'),
  archivedOriginal: STORAGE_PATHS.reporterMedia(REPORTS.archived, MEDIA_ID, JPEG),
};

const mediaDoc = {
  side: 'reporter',
  by: null,
  kind: 'image',
  contentType: 'image/jpeg',
  size: KIB,
  sha256: 'ab'.repeat(32),
  state: 'ready',
  originalPath: SEEDED.reporterOriginal,
  createdAt: new Date('2026-11-20T10:00:00Z'),
};

async function seedMedia(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const report of [REPORTS.reported, REPORTS.otherCampus, REPORTS.anonymous])
      await setDoc(doc(db, COLLECTIONS.incidentReports, report, COLLECTIONS.media, MEDIA_ID), {
        ...mediaDoc,
      });
    if (!storageEmulatorAvailable()) return;
    const storage = context.storage() as unknown as FirebaseStorage;
    await Promise.all(
      Object.values(SEEDED).map((path) =>
        uploadBytes(ref(storage, path), new Uint8Array(KIB), { contentType: 'image/jpeg' }),
      ),
    );
  });
}

const REPORTER_OR_SAME_CAMPUS_STAFF: readonly ActorName[] = ['appUser', ...SAME_CAMPUS_STAFF];

const upload =
  (
    path: string,
    bytes = KIB,
    contentType = 'image/jpeg',
    customMetadata?: Record<string, string>,
  ) =>
  (storage: FirebaseStorage) =>
    uploadBytes(ref(storage, path), new Uint8Array(bytes), {
      contentType,
      ...(customMetadata ? { customMetadata } : {}),
    });
const reporterUpload =
  (report: string, bytes = KIB, type = 'image/jpeg') =>
  (storage: FirebaseStorage) =>
    upload(
      STORAGE_PATHS.reporterMedia(report, freshId(), mediaFileName(type)),
      bytes,
      type,
    )(storage);
/** An upload under the actor's own staff folder. */
const ownStaffUpload =
  (report: string, bytes = KIB, type = 'image/jpeg') =>
  (storage: FirebaseStorage, actor: Actor) =>
    upload(
      STORAGE_PATHS.staffMedia(report, actor.uid, freshId(), mediaFileName(type)),
      bytes,
      type,
    )(storage);
const metadata = (path: string) => (storage: FirebaseStorage) => getMetadata(ref(storage, path));

const FIRST_TYPE: Record<MediaKind, string> = {
  image: MEDIA_CONTENT_TYPES.image[0]!,
  video: MEDIA_CONTENT_TYPES.video[0]!,
  audio: MEDIA_CONTENT_TYPES.audio[0]!,
};
const BYTE_LIMIT: Record<MediaKind, number> = {
  image: LIMITS.mediaImageBytes,
  video: LIMITS.mediaVideoBytes,
  audio: LIMITS.mediaAudioBytes,
};

const describeStorage = storageEmulatorAvailable() ? describe : describe.skip;

describeStorage('incident media in Storage', () => {
  const fixture = useFixture({ storage: true, seedExtra: seedMedia });
  const options = storageTables(fixture);

  const rows: Row<FirebaseStorage>[] = [
    ...(['image', 'video', 'audio'] as const).flatMap((kind) =>
      MEDIA_CONTENT_TYPES[kind].map((type) =>
        write(
          `the reporter uploads a ${type} file`,
          ['appUser'],
          reporterUpload(REPORTS.reported, KIB, type),
        ),
      ),
    ),
    write(
      'upload a reporter-side file to another reporter’s report',
      ['otherAppUser'],
      reporterUpload(REPORTS.otherCampus),
    ),
    write(
      'the anonymous reporter uploads to their report',
      ['appUser'],
      reporterUpload(REPORTS.anonymous),
    ),
    write(
      'upload a reporter-side file to an archived report',
      NOBODY,
      reporterUpload(REPORTS.archived),
    ),
    write(
      'upload a reporter-side file to a Declined report',
      NOBODY,
      reporterUpload(REPORTS.declined),
    ),
    write(
      'upload an HTML file as media',
      NOBODY,
      reporterUpload(REPORTS.reported, KIB, 'text/html'),
    ),
    write('upload an SVG as media', NOBODY, reporterUpload(REPORTS.reported, KIB, 'image/svg+xml')),
    // The server cannot make copies of a WebP, so it is refused before the upload.
    write(
      'upload a WebP photo as media',
      NOBODY,
      reporterUpload(REPORTS.reported, KIB, 'image/webp'),
    ),
    write('upload an empty media file', NOBODY, reporterUpload(REPORTS.reported, 0)),
    write(
      'upload media named by the client (not original.<ext>)',
      NOBODY,
      upload(STORAGE_PATHS.reporterMedia(REPORTS.reported, NEW_ID, 'Alice Smith.jpg')),
    ),
    write(
      'upload media under a malformed media id',
      NOBODY,
      upload(STORAGE_PATHS.reporterMedia(REPORTS.reported, 'short', JPEG)),
    ),
    write(
      'upload reporter-side media carrying custom metadata (a uid)',
      NOBODY,
      upload(STORAGE_PATHS.reporterMedia(REPORTS.reported, NEW_ID, JPEG), KIB, 'image/jpeg', {
        uid: ACTORS.appUser.uid,
      }),
    ),
    write(
      'staff upload to a same-campus report',
      SAME_CAMPUS_STAFF,
      ownStaffUpload(REPORTS.reported),
    ),
    write(
      'staff upload to an other-campus report',
      OTHER_CAMPUS_STAFF,
      ownStaffUpload(REPORTS.otherCampus),
    ),
    write('staff upload to a Declined report', NOBODY, ownStaffUpload(REPORTS.declined)),
    write('staff upload to an archived report', NOBODY, ownStaffUpload(REPORTS.archived)),
    write(
      'upload under staff/<someone else’s uid>/',
      NOBODY,
      upload(STORAGE_PATHS.staffMedia(REPORTS.reported, 'someone-else', NEW_ID, JPEG)),
    ),
    write(
      'upload directly into the server’s copies',
      NOBODY,
      upload(STORAGE_PATHS.mediaCopy(REPORTS.reported, NEW_ID, 'thumb.jpg')),
    ),
    write('overwrite a reporter’s original', NOBODY, upload(SEEDED.reporterOriginal)),
    write('delete a reporter’s original', NOBODY, (s) =>
      deleteObject(ref(s, SEEDED.reporterOriginal)),
    ),
    write('delete a server copy', NOBODY, (s) => deleteObject(ref(s, SEEDED.copy))),
    read('get a reporter’s original', SAME_CAMPUS_STAFF, metadata(SEEDED.reporterOriginal)),
    read('get a staff original', SAME_CAMPUS_STAFF, metadata(SEEDED.staffOriginal)),
    read('get an original of an archived report', ADMIN, metadata(SEEDED.archivedOriginal)),
    // Its EXIF may name the reporter's place: staff see an anonymous report's copies only.
    read(
      'get a reporter’s original of an anonymous report',
      NOBODY,
      metadata(SEEDED.anonymousOriginal),
    ),
    read('get a copy of a report', REPORTER_OR_SAME_CAMPUS_STAFF, metadata(SEEDED.copy)),
    read(
      'get a copy of another reporter’s report',
      ['otherAppUser', ...OTHER_CAMPUS_STAFF],
      metadata(SEEDED.otherCampusCopy),
    ),
    read(
      'get a copy of an anonymous report',
      REPORTER_OR_SAME_CAMPUS_STAFF,
      metadata(SEEDED.anonymousCopy),
    ),
    read(
      'get a copy of one’s archived report',
      ['appUser', ...ADMIN],
      metadata(SEEDED.archivedCopy),
    ),
    read('list a report’s media', NOBODY, (s) =>
      listAll(ref(s, `incident_media/${REPORTS.reported}`)),
    ),
  ];
  describeMatrix('uploads and reads', rows, options);

  const sizes: Row<FirebaseStorage>[] = (['image', 'video', 'audio'] as const).flatMap((kind) => [
    write(
      `upload a ${kind} of ${BYTE_LIMIT[kind] - 1} bytes`,
      ['appUser'],
      reporterUpload(REPORTS.reported, BYTE_LIMIT[kind] - 1, FIRST_TYPE[kind]),
    ),
    write(
      `upload a ${kind} of ${BYTE_LIMIT[kind]} bytes`,
      NOBODY,
      reporterUpload(REPORTS.reported, BYTE_LIMIT[kind], FIRST_TYPE[kind]),
    ),
  ]);
  describeMatrix('size limits per kind', sizes, {
    ...options,
    actors: ['appUser'],
    timeout: 120_000,
  });

  const unverified: Row<FirebaseStorage>[] = [
    write('upload reporter-side media', ['appUser'], reporterUpload(REPORTS.reported)),
    write(
      'staff upload to a same-campus report',
      ['imtSameCampus'],
      ownStaffUpload(REPORTS.reported),
    ),
    read('get a copy of a report', ['appUser', 'imtSameCampus'], metadata(SEEDED.copy)),
  ];
  describeMatrix('unverified tokens', unverified, {
    ...options,
    actors: ['appUser', 'imtSameCampus', 'unverifiedUser', 'unverifiedImt'],
  });
});

describe('incident media documents and message media', () => {
  const fixture = useFixture({ seedExtra: seedMedia });
  const options = firestoreTables(fixture);
  const mediaOf = (db: Firestore, report: string) =>
    collection(db, COLLECTIONS.incidentReports, report, COLLECTIONS.media);
  const send = (mediaIds: unknown) => (db: Firestore, actor: Actor) =>
    sendMessage(
      db,
      REPORTS.reported,
      {
        uid: actor.uid,
        role: actor.claims?.role === 'IMT' || actor.claims?.role === 'Admin' ? 'staff' : 'reporter',
      },
      { count: SEEDED_MESSAGE_COUNT + 1, changes: { mediaIds } },
    );

  const rows: Row<Firestore>[] = [
    read('list a report’s media', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDocs(mediaOf(db, REPORTS.reported)),
    ),
    read(
      'get a media doc of another reporter’s report',
      ['otherAppUser', ...OTHER_CAMPUS_STAFF],
      (db) => getDoc(doc(mediaOf(db, REPORTS.otherCampus), MEDIA_ID)),
    ),
    read('list an anonymous report’s media', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDocs(mediaOf(db, REPORTS.anonymous)),
    ),
    write('write a media doc directly', NOBODY, (db) =>
      setDoc(doc(mediaOf(db, REPORTS.reported), NEW_ID), mediaDoc),
    ),
    write('overwrite a media doc (mark it ready)', NOBODY, (db) =>
      setDoc(doc(mediaOf(db, REPORTS.reported), MEDIA_ID), { ...mediaDoc, state: 'ready' }),
    ),
    write('send a message with one media id', REPORTER_OR_SAME_CAMPUS_STAFF, send([MEDIA_ID])),
    write(
      `send a message with ${LIMITS.mediaPerMessage} media ids`,
      REPORTER_OR_SAME_CAMPUS_STAFF,
      send(Array.from({ length: LIMITS.mediaPerMessage }, (_, i) => `${MEDIA_ID}${i}`)),
    ),
    write(
      `send a message with ${LIMITS.mediaPerMessage + 1} media ids`,
      NOBODY,
      send(Array.from({ length: LIMITS.mediaPerMessage + 1 }, (_, i) => `${MEDIA_ID}${i}`)),
    ),
    write('send a message with an empty media list', NOBODY, send([])),
    write('send a message whose media id is a path', NOBODY, send(['../../users/alice'])),
    write('send a message whose media ids are a map', NOBODY, send({ a: MEDIA_ID })),
  ];
  describeMatrix('media docs and message mediaIds', rows, options);
});
