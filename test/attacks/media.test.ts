/**
 * Issue 19 item 3: incident media attacked through the web SDK's Storage and Firestore clients.
 * Another reporter's media, another campus's IMT, a new (unverified) sign-up and a signed-out
 * visitor read nothing; a disguised or oversized file, an upload into someone else's staff
 * folder and a media doc written directly are refused or quarantined with a reason.
 */
import assert from 'node:assert/strict';
import exifr from 'exifr';
import {
  COLLECTIONS,
  LIMITS,
  STORAGE_PATHS,
  mediaFileName,
  newMediaId,
  parseMediaUploadPath,
} from '@campus-safety/model';
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { doc, setDoc } from 'firebase/firestore';
import {
  connectStorageEmulator,
  getBytes,
  getStorage,
  ref,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { jpegWithGps } from '../../functions/test/integration/photo-with-gps';
import { theCast, type Cast } from './cast';
import {
  BUCKET,
  PORTS,
  PROJECT,
  STORAGE_URL,
  account,
  admin,
  incident,
  refused,
  unique,
  waitFor,
  type Attacker,
} from './support';

const storages = new WeakMap<FirebaseApp, FirebaseStorage>();
/** The app's Storage client on the emulator (one per app: the SDK connects it once). */
function storageOf(app: FirebaseApp): FirebaseStorage {
  let storage = storages.get(app);
  if (!storage) {
    storage = getStorage(app, `gs://${BUCKET}`);
    connectStorageEmulator(storage, '127.0.0.1', PORTS.storage);
    storages.set(app, storage);
  }
  return storage;
}

/** An 8×8 JPEG (made once with jpeg-js): the server decodes photos, so it must be a real one. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMuvVPMP/9k=',
  'base64',
);
const stored = async (path: string) => (await admin.bucket().file(path).exists())[0];

async function uploadAs(app: FirebaseApp, path: string, bytes: Buffer, contentType: string) {
  return uploadBytes(ref(storageOf(app), path), new Uint8Array(bytes), { contentType });
}

/**
 * Uploads through the Storage REST API as the app's SDK does, and returns the download token the
 * answer hands the uploader (the SDK keeps it from its callers).
 */
async function uploadForToken(who: Attacker, path: string, bytes: Buffer, contentType: string) {
  const res = await fetch(`${STORAGE_URL}?name=${encodeURIComponent(path)}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Firebase ${await who.token()}` },
    body: new Uint8Array(bytes),
  });
  const answer = await res.text();
  assert.equal(res.status, 200, `upload refused: ${answer}`);
  const token = String((JSON.parse(answer) as { downloadTokens?: string }).downloadTokens ?? '');
  assert.ok(token, 'the emulator gave the upload no token to attack with');
  return token.split(',')[0]!;
}
/** A download through a token link, signed out: the status it answers. */
const tokenLink = async (path: string, token: string) =>
  (await fetch(`${STORAGE_URL}/${encodeURIComponent(path)}?alt=media&token=${token}`)).status;

/** The media doc the server writes for an upload (waits for the trigger). */
async function verdictOf(path: string) {
  const { incidentId, mediaId } = parseMediaUploadPath(path)!;
  const snap = await waitFor(
    () =>
      admin.db
        .doc(`${COLLECTIONS.incidentReports}/${incidentId}/${COLLECTIONS.media}/${mediaId}`)
        .get(),
    (s) => s.exists,
  );
  return snap.data()!;
}

describe('attacks: incident media', () => {
  let c: Cast;
  let mainReport: string;
  let mainMedia: { original: string; copy: string };
  before(async function () {
    this.timeout(180_000);
    c = await theCast();
    mainReport = await incident('main', c.imtMain);
    // Staff of Main Campus attach a photo through the rules, as the console does.
    const original = STORAGE_PATHS.staffMedia(
      mainReport,
      c.imtMain.uid,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    await uploadAs(c.imtMain.app, original, JPEG, 'image/jpeg');
    const media = await verdictOf(original);
    assert.equal(media.state, 'ready', media.reason);
    mainMedia = { original, copy: media.thumbPath };
  });

  it('a reporter of another report, another campus’s IMT and a new sign-up read none of it', async () => {
    for (const who of [c.reporter, c.imtNorth, c.newbie, c.archived]) {
      for (const path of [mainMedia.original, mainMedia.copy])
        await refused(() => getBytes(ref(storageOf(who.app), path)), [], ['unauthorized']);
    }
    // The Main Campus IMT reads both.
    assert.ok((await getBytes(ref(storageOf(c.imtMain.app), mainMedia.original))).byteLength > 0);
  });

  it('a signed-out visitor reads nothing', async () => {
    const visitor = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, unique('anon'));
    for (const path of [mainMedia.original, mainMedia.copy])
      await refused(() => getBytes(ref(storageOf(visitor), path)), [], ['unauthorized']);
  });

  it('a disguised file passes the rules but is quarantined with a reason, never served', async () => {
    const mine = await incident('main', c.reporter);
    const path = STORAGE_PATHS.reporterMedia(mine, newMediaId(), mediaFileName('image/jpeg'));
    const exe = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(4000, 1)]);
    await uploadAs(c.reporter.app, path, exe, 'image/jpeg');
    const media = await verdictOf(path);
    assert.equal(media.state, 'quarantined');
    assert.match(media.reason, /Windows program/);
    assert.equal(await stored(path), false);
    await refused(
      () => getBytes(ref(storageOf(c.imtMain.app), path)),
      [],
      ['object-not-found', 'unauthorized'],
    );
  });

  it('oversized media, someone else’s staff folder and the server’s copies are refused', async () => {
    const mine = await incident('main', c.reporter);
    const big = STORAGE_PATHS.reporterMedia(mine, newMediaId(), mediaFileName('image/jpeg'));
    await refused(
      () => uploadAs(c.reporter.app, big, Buffer.alloc(LIMITS.mediaImageBytes, 1), 'image/jpeg'),
      [],
      ['unauthorized'],
    );
    assert.equal(await stored(big), false);
    const theirs = STORAGE_PATHS.staffMedia(
      mainReport,
      c.imtMain.uid,
      newMediaId(),
      'original.jpg',
    );
    for (const who of [c.imtNorth, c.reporter, c.admin])
      await refused(() => uploadAs(who.app, theirs, JPEG, 'image/jpeg'), [], ['unauthorized']);
    const copy = STORAGE_PATHS.mediaCopy(mainReport, newMediaId(), 'display.jpg');
    await refused(() => uploadAs(c.imtMain.app, copy, JPEG, 'image/jpeg'), [], ['unauthorized']);
    // A new sign-up is nobody's reporter.
    const signUpPath = STORAGE_PATHS.reporterMedia(mainReport, newMediaId(), 'original.jpg');
    await refused(
      () => uploadAs(c.newbie.app, signUpPath, JPEG, 'image/jpeg'),
      [],
      ['unauthorized'],
    );
  });

  it('nobody writes a media doc directly (marking a quarantined file ready)', async () => {
    const mediaPath = `${COLLECTIONS.incidentReports}/${mainReport}/${COLLECTIONS.media}`;
    for (const who of [c.reporter, c.imtMain, c.admin])
      await refused(
        () =>
          setDoc(doc(who.db, mediaPath, newMediaId()), {
            side: 'staff',
            by: null,
            kind: 'image',
            state: 'ready',
            displayPath: 'quarantine/x',
          }),
        [mediaPath],
      );
  });
});

describe('attacks: an anonymous report’s photo and download tokens (issue 28 items 1, 2)', () => {
  let c: Cast;
  let whistleblower: Attacker;
  let report: string;
  let original: string;
  let token: string;
  let copies: string[];
  before(async function () {
    this.timeout(180_000);
    c = await theCast();
    whistleblower = await account('photographer', { role: 'User', firstName: 'Wren' });
    ({ incidentId: report } = await whistleblower.call<{ incidentId: string }>(
      'fileAnonymousReport',
      {
        geoLoc: { latitude: 14.6, longitude: 121.0 },
        nearestCampus: 'main',
        incidentType: 'Harassment',
        description: 'Photo of the notes left on my door.',
      },
    ));
    original = STORAGE_PATHS.reporterMedia(report, newMediaId(), mediaFileName('image/jpeg'));
    // 800 × 600: the display copy needs no scaling, where the EXIF block used to survive.
    const photo = jpegWithGps(800, 600);
    assert.ok(await exifr.gps(photo), 'the photo carries the place it was taken');
    token = await uploadForToken(whistleblower, original, photo, 'image/jpeg');
    const media = await verdictOf(original);
    assert.equal(media.state, 'ready', media.reason);
    copies = [media.displayPath, media.thumbPath];
  });

  it('the objects the server wrote carry no download token, and the upload’s token stops working', async () => {
    for (const path of [original, ...copies]) {
      const [metadata] = await admin.bucket().file(path).getMetadata();
      assert.equal(metadata.metadata?.firebaseStorageDownloadTokens, undefined, path);
    }
    assert.ok(
      [401, 403].includes(await tokenLink(original, token)),
      'the upload token still works',
    );
    // A refused file's token does not open it under quarantine/ either.
    const disguised = STORAGE_PATHS.reporterMedia(
      report,
      newMediaId(),
      mediaFileName('image/jpeg'),
    );
    const exe = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(4000, 1)]);
    const refusedToken = await uploadForToken(whistleblower, disguised, exe, 'image/jpeg');
    assert.equal((await verdictOf(disguised)).state, 'quarantined');
    for (const path of [disguised, `quarantine/${disguised}`])
      assert.ok([401, 403, 404].includes(await tokenLink(path, refusedToken)), path);
  });

  it('the campus IMT and an Admin cannot download the anonymous report’s original', async () => {
    for (const who of [c.imtMain, c.admin])
      await refused(() => getBytes(ref(storageOf(who.app), original)), [], ['unauthorized']);
  });

  it('the copies the staff read have no GPS and no EXIF', async () => {
    for (const path of copies) {
      const copy = Buffer.from(await getBytes(ref(storageOf(c.imtMain.app), path)));
      assert.equal(await exifr.gps(copy), undefined, `${path} kept GPS`);
      assert.equal(
        await exifr.parse(copy, { tiff: true, xmp: true }),
        undefined,
        `${path} kept EXIF`,
      );
    }
  });
});
