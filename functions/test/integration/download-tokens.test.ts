import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  STORAGE_PATHS,
  mediaFileName,
  newMediaId,
  type HousekeepingResponse,
} from '@campus-safety/model';
import { getBytes, getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import { DOWNLOAD_TOKENS_KEY, PERIODIC_SWEEP_ID } from '../../src/services/download-tokens';
import { jpegWithGps } from './media-files';
import {
  account,
  bucket,
  closeAll,
  db,
  docData,
  reportFiledBy,
  waitFor,
  type SignedIn,
} from './stack';

/**
 * docs/media.md#tokens: a download token minted by a reader keeps opening the object signed out
 * only until the server drops it: when the report is archived, when the reader's staff access
 * ends, and at the latest when housekeeping's sweep passes.
 */

/** A report of `filer`'s with one ready photo (uploaded as the app does); its paths. */
async function reportWithPhoto(filer: SignedIn) {
  const report = await reportFiledBy({ uid: filer.uid, email: filer.email });
  const mediaId = newMediaId();
  const original = STORAGE_PATHS.reporterMedia(report.id, mediaId, mediaFileName('image/jpeg'));
  await bucket.file(original).save(jpegWithGps(640, 480), {
    contentType: 'image/jpeg',
    resumable: false,
  });
  const media = await waitFor(
    () => docData(`${report.path}/${COLLECTIONS.media}/${mediaId}`),
    (d) => d?.state === 'ready',
  );
  return { report, original, display: String(media!.displayPath) };
}

/**
 * An accomplishment photo `imt` uploads to a report of `filer`'s, as the console's form does
 * (its answer carries a token, and the form stores getDownloadURL's link); the report and path.
 */
async function reportWithAccomplishmentPhoto(filer: SignedIn, imt: SignedIn) {
  const report = await reportFiledBy({ uid: filer.uid, email: filer.email });
  const photo = STORAGE_PATHS.accomplishmentImage(report.id, 'bike-returned.jpg');
  await uploadBytes(ref(imt.storage, photo), jpegWithGps(320, 240), {
    contentType: 'image/jpeg',
  });
  return { report, photo };
}

/** What a link answers when opened signed out, as anyone holding it would. */
const openSignedOut = async (url: string) => (await fetch(url)).status;

/** Mints a token as `reader` (getDownloadURL) and checks that its link opens the object. */
async function mintedLink(reader: SignedIn, path: string): Promise<string> {
  const url = await getDownloadURL(ref(reader.storage, path));
  assert.match(url, /[?&]token=/);
  const answer = await fetch(url);
  assert.equal(answer.status, 200, `the minted link to ${path} does not open`);
  const [stored] = await bucket.file(path).download();
  assert.deepEqual(Buffer.from(await answer.arrayBuffer()), stored);
  return url;
}

const tokensOn = async (path: string) =>
  (await bucket.file(path).getMetadata())[0].metadata?.[DOWNLOAD_TOKENS_KEY];

/** Reads through the rules with the reader's credentials (getBytes: getBlob's Node twin). */
const readThroughRules = async (reader: SignedIn, path: string) =>
  Buffer.from(await getBytes(ref(reader.storage, path)));

describe('download tokens: a minted link stops working when access ends (issue 28 item 2)', () => {
  let admin: SignedIn;
  let filer: SignedIn;
  before(async () => {
    admin = await account({ role: 'Admin' });
    filer = await account({ role: 'User' });
  });
  after(closeAll);

  it('archiving a report drops the tokens on its copies and originals; the reporter and Admins still read', async () => {
    const imt = await account({ role: 'IMT', campus: 'main' });
    const { report, original, display } = await reportWithPhoto(filer);
    const copyLink = await mintedLink(imt, display);
    const originalLink = await mintedLink(imt, original);

    await report.update({ isArchived: true });
    await waitFor(
      async () => [await openSignedOut(copyLink), await openSignedOut(originalLink)],
      (statuses) => statuses.every((status) => status === 403),
    );
    assert.equal(await tokensOn(display), undefined);
    assert.equal(await tokensOn(original), undefined);
    // The object is unchanged, and those still allowed read it through the rules.
    const [stored] = await bucket.file(display).download();
    assert.deepEqual(await readThroughRules(filer, display), stored);
    assert.deepEqual(
      await readThroughRules(admin, original),
      (await bucket.file(original).download())[0],
    );
    // The campus IMT may not (the rules: live reports only), so no new token for them either.
    await assert.rejects(readThroughRules(imt, display), /storage\/unauthorized/);
    await assert.rejects(getDownloadURL(ref(imt.storage, display)), /storage\/unauthorized/);
  });

  it('archiving a report drops the tokens on its accomplishment photos; Admins still read them', async () => {
    const imt = await account({ role: 'IMT', campus: 'main' });
    const { report, photo } = await reportWithAccomplishmentPhoto(filer, imt);
    const link = await mintedLink(imt, photo);

    await report.update({ isArchived: true });
    await waitFor(
      () => openSignedOut(link),
      (status) => status === 403,
    );
    assert.equal(await tokensOn(photo), undefined);
    const [stored] = await bucket.file(photo).download();
    assert.deepEqual(await readThroughRules(admin, photo), stored);
    await assert.rejects(readThroughRules(imt, photo), /storage\/unauthorized/);
  });

  it('a staff member’s links stop working when their access ends; colleagues still read', async () => {
    const leaver = await account({ role: 'IMT', campus: 'main' });
    const colleague = await account({ role: 'IMT', campus: 'main' });
    const { original, display } = await reportWithPhoto(filer);
    const copyLink = await mintedLink(leaver, display);
    const originalLink = await mintedLink(leaver, original);

    await admin.call('setStaffAccess', {
      uid: leaver.uid,
      role: 'IMT',
      campus: 'main',
      isArchived: true,
    });
    await waitFor(
      async () => [await openSignedOut(copyLink), await openSignedOut(originalLink)],
      (statuses) => statuses.every((status) => status === 403),
    );
    const sweeps = await db
      .collection(COLLECTIONS.downloadTokenSweeps)
      .where('uid', '==', leaver.uid)
      .get();
    assert.equal(sweeps.size, 1, 'one queued walk for the ended access');
    await assert.rejects(readThroughRules(leaver, display), /storage\/unauthorized/);
    assert.deepEqual(
      await readThroughRules(colleague, original),
      (await bucket.file(original).download())[0],
    );
  });

  it('an IMT moved to another campus loses the links of their old campus', async () => {
    const mover = await account({ role: 'IMT', campus: 'main' });
    const { display } = await reportWithPhoto(filer);
    const link = await mintedLink(mover, display);
    await admin.call('setStaffAccess', {
      uid: mover.uid,
      role: 'IMT',
      campus: 'north',
      isArchived: false,
    });
    await waitFor(
      () => openSignedOut(link),
      (status) => status === 403,
    );
  });

  it('housekeeping’s sweep drops a token minted on a live report, counts it, and the reader still reads', async () => {
    const imt = await account({ role: 'IMT', campus: 'main' });
    const { display } = await reportWithPhoto(filer);
    const link = await mintedLink(imt, display);
    // The walk takes a page of the bucket a run; other suites' files come first, so it may
    // take a few runs to reach this one.
    let dropped = 0;
    await waitFor(
      async () => {
        dropped += (await admin.call<HousekeepingResponse>('runHousekeeping'))
          .droppedDownloadTokens;
        return openSignedOut(link);
      },
      (status) => status === 403,
    );
    assert.ok(dropped >= 1, `housekeeping counted ${dropped} dropped tokens`);
    assert.equal(await tokensOn(display), undefined);
    const periodic = await docData(`${COLLECTIONS.downloadTokenSweeps}/${PERIODIC_SWEEP_ID}`);
    assert.ok(periodic, 'the periodic walk keeps its cursor');
    const [stored] = await bucket.file(display).download();
    assert.deepEqual(await readThroughRules(imt, display), stored);
  });

  it('housekeeping’s sweep also walks accomplishment photos; the campus IMT still reads the photo', async () => {
    const imt = await account({ role: 'IMT', campus: 'main' });
    const { photo } = await reportWithAccomplishmentPhoto(filer, imt);
    const link = await mintedLink(imt, photo);
    // The walk reaches accomplishments/ after every media object, a page a run.
    await waitFor(
      async () => {
        await admin.call<HousekeepingResponse>('runHousekeeping');
        return openSignedOut(link);
      },
      (status) => status === 403,
    );
    assert.equal(await tokensOn(photo), undefined);
    const [stored] = await bucket.file(photo).download();
    assert.deepEqual(await readThroughRules(imt, photo), stored);
  });
});
