import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { COLLECTIONS, LIMITS, fileCheckId } from '@campus-safety/model';
import { bucket, docData, unique, waitFor } from './stack';

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

describe('file checks (Storage trigger)', () => {
  it('quarantines a text file renamed .png: moved away, never served, the reason recorded', async () => {
    const path = `articles/${unique('art')}/photo.png`;
    const check = await upload(
      path,
      Buffer.from('<script>alert(1)</script> not an image'),
      'image/png',
    );
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
});
