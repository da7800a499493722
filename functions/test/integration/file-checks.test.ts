import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, LIMITS, fileCheckId, type HousekeepingResponse } from '@campus-safety/model';
import { account, bucket, db, docData, unique, waitFor } from './stack';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

async function upload(path: string, content: Buffer, contentType: string) {
  await bucket.file(path).save(content, { contentType, resumable: false });
  return waitFor(
    () => docData(`${COLLECTIONS.fileChecks}/${fileCheckId(path)}`),
    (d) => !!d,
  );
}

const exists = async (path: string) => (await bucket.file(path).exists())[0];
const NOT_AN_IMAGE = Buffer.from('<script>alert(1)</script> not an image');
const DAY_MS = 86_400_000;
/** The server-only record of a refused file (`quarantined_files`). */
const quarantineRecord = (path: string) =>
  db.collection(COLLECTIONS.quarantinedFiles).doc(fileCheckId(`quarantine/${path}`));

describe('file checks (Storage trigger)', () => {
  it('quarantines a text file renamed .png: moved away, never served, the reason recorded', async () => {
    const path = `articles/${unique('art')}/photo.png`;
    const check = await upload(path, NOT_AN_IMAGE, 'image/png');
    assert.equal(check!.state, 'quarantined');
    assert.equal(check!.kind, 'image');
    assert.equal(check!.detectedType, null);
    assert.match(check!.reason, /not a PNG, JPEG, WebP or GIF image/);
    assert.equal(await exists(path), false);
    assert.equal(await exists(`quarantine/${path}`), true);
  });

  it('keeps a real image where it is', async () => {
    const path = `profiles/${unique('uid')}/me.jpg`; // a PNG under a .jpg name is still an image
    const check = await upload(path, PNG, 'image/jpeg');
    assert.deepEqual(
      { state: check!.state, reason: check!.reason, detectedType: check!.detectedType },
      { state: 'ok', reason: null, detectedType: 'png' },
    );
    assert.equal(await exists(path), true);
  });

  it('does not offer a 20-byte "apk", with or without the ZIP signature', async () => {
    for (const [content, reason] of [
      [Buffer.from('this is not an app!!'), /not an app package/],
      [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(16)]), /too small/],
    ] as const) {
      const path = `releases/${unique('rel')}/app.apk`;
      const check = await upload(path, content, 'application/vnd.android.package-archive');
      assert.equal(content.length, 20);
      assert.equal(check!.state, 'quarantined');
      assert.match(check!.reason, reason);
      assert.equal(check!.sha256, null);
      assert.equal(await exists(path), false);
    }
  });

  it('records the size and the SHA-256 of a plausible app build, computed on the server', async () => {
    const path = `releases/${unique('rel')}/app.apk`;
    const content = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.alloc(LIMITS.releaseMinBytes, 1),
    ]);
    const check = await upload(path, content, 'application/vnd.android.package-archive');
    assert.equal(check!.state, 'ok');
    assert.equal(check!.size, content.length);
    assert.equal(check!.sha256, createHash('sha256').update(content).digest('hex'));
    assert.equal(await exists(path), true);
  });

  it(`a quarantined file is deleted by housekeeping after ${LIMITS.quarantineKeepDays} days, and its records say so`, async () => {
    const old = `articles/${unique('old')}/photo.png`;
    const recent = `articles/${unique('recent')}/photo.png`;
    for (const path of [old, recent]) await upload(path, NOT_AN_IMAGE, 'image/png');
    const kept = (await quarantineRecord(recent).get()).data()!;
    const ahead = (kept.keptUntil as Timestamp).toMillis() - Date.now();
    assert.ok(Math.abs(ahead - LIMITS.quarantineKeepDays * DAY_MS) < 10 * 60_000, `${ahead}`);
    assert.equal(kept.record, `${COLLECTIONS.fileChecks}/${fileCheckId(recent)}`);
    // Quarantined 31 days ago: its keep time is over.
    await quarantineRecord(old).update({
      at: Timestamp.fromMillis(Date.now() - 31 * DAY_MS),
      keptUntil: Timestamp.fromMillis(Date.now() - DAY_MS),
    });
    const admin = await account({ role: 'Admin' });
    const done = await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok(done.purgedQuarantinedFiles >= 1);
    assert.equal(await exists(`quarantine/${old}`), false);
    const purged = (await quarantineRecord(old).get()).data()!;
    assert.equal(purged.keptUntil, null);
    assert.ok(purged.purgedAt instanceof Timestamp);
    const check = await docData(`${COLLECTIONS.fileChecks}/${fileCheckId(old)}`);
    assert.ok(check!.quarantinePurgedAt instanceof Timestamp);
    assert.equal(check!.state, 'quarantined');
    // The one still within its keep time stays.
    assert.equal(await exists(`quarantine/${recent}`), true);
    assert.equal((await quarantineRecord(recent).get()).get('purgedAt'), null);
  });

  it(`past ${LIMITS.quarantinedFilesPerOwnerPerDay} refused files a day, a person's next refused upload is deleted, not kept`, async () => {
    const uid = unique('flooder');
    // Setup: this person's files today, one short of the bound.
    await db
      .collection(COLLECTIONS.quarantineCounts)
      .doc(`user-${uid}`)
      .set({
        files: {
          windowStart: Timestamp.fromMillis(Date.now() - 3_600_000),
          inWindow: LIMITS.quarantinedFilesPerOwnerPerDay - 1,
        },
      });
    const last = `profiles/${uid}/last.png`;
    const over = `profiles/${uid}/over.png`;
    assert.equal((await upload(last, NOT_AN_IMAGE, 'image/png'))!.state, 'quarantined');
    assert.equal(await exists(`quarantine/${last}`), true);
    assert.equal((await upload(over, NOT_AN_IMAGE, 'image/png'))!.state, 'quarantined');
    assert.equal(await exists(over), false);
    assert.equal(await exists(`quarantine/${over}`), false);
    const record = (await quarantineRecord(over).get()).data()!;
    assert.equal(record.owner, `user-${uid}`);
    assert.equal(record.keptUntil, null);
    assert.ok(record.purgedAt instanceof Timestamp);
    const count = await docData(`${COLLECTIONS.quarantineCounts}/user-${uid}`);
    assert.equal(count!.files.inWindow, LIMITS.quarantinedFilesPerOwnerPerDay);
  });
});
