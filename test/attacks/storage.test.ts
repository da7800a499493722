/**
 * Issue 10 item 8 and Storage paths: files judged by content on the server (wrong magic bytes,
 * renamed types, stub builds, oversized), uploads to other people's paths, listings, and the data
 * behind the public /download page.
 */
import assert from 'node:assert/strict';
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc } from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { PORTS, PROJECT, STORAGE_URL, admin, incident, state, unique, waitFor } from './support';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);
const TEXT = Buffer.from('this is not an image, only a renamed text file\n');

async function upload(path: string, body: Buffer, contentType: string, token?: string) {
  const res = await fetch(`${STORAGE_URL}?name=${encodeURIComponent(path)}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Firebase ${token}` } : {}),
    },
    body: new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

async function download(path: string, token?: string) {
  const res = await fetch(`${STORAGE_URL}/${encodeURIComponent(path)}?alt=media`, {
    headers: token ? { authorization: `Firebase ${token}` } : {},
  });
  return res.status;
}

const stored = async (path: string) => (await admin.bucket().file(path).exists())[0];
const checkOf = (path: string) => `file_checks/${path.replace(/%/g, '%25').replace(/\//g, '%2F')}`;

describe('attacks: Storage', () => {
  let c: Cast;
  before(async () => {
    c = await theCast();
  });

  async function refusedUpload(path: string, body: Buffer, type: string, token?: string) {
    const res = await upload(path, body, type, token);
    assert.ok([401, 403].includes(res.status), `${path}: ${res.status} ${res.text.slice(0, 200)}`);
    assert.equal(await stored(path), false, `${path} was stored`);
  }

  it('a text file renamed .png (declared image/png) is quarantined and the console can say why', async () => {
    const path = `articles/${unique('a')}/photo.png`;
    const res = await upload(path, TEXT, 'image/png', await c.admin.token());
    assert.equal(res.status, 200, res.text);
    const check = await waitFor(
      async () => (await admin.db.doc(checkOf(path)).get()).data(),
      (d) => d !== undefined,
    );
    assert.equal(check!.state, 'quarantined');
    assert.match(String(check!.problem ?? check!.reason ?? JSON.stringify(check)), /not a PNG/);
    assert.equal(await stored(path), false, 'the renamed file is still served from its path');
    assert.equal(await download(path, await c.reporter.token()), 404);
  });

  it('a 20-byte "app" is quarantined, never offered on /download', async () => {
    const path = `releases/${unique('r')}/app.apk`;
    const stub = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(16)]);
    const res = await upload(
      path,
      stub,
      'application/vnd.android.package-archive',
      await c.admin.token(),
    );
    assert.equal(res.status, 200, res.text);
    const check = await waitFor(
      async () => (await admin.db.doc(checkOf(path)).get()).data(),
      (d) => d !== undefined,
    );
    assert.equal(check!.state, 'quarantined');
    assert.equal(await stored(path), false);
    assert.equal(await download(path), 404);
    // What /download reads, signed out: the check says why, not a link to the stub.
    const anon = getFirestore(initializeApp({ projectId: PROJECT }, unique('anon')));
    connectFirestoreEmulator(anon, '127.0.0.1', PORTS.firestore);
    const seen = await getDoc(doc(anon, 'file_checks', checkOf(path).split('/')[1]!));
    assert.equal(seen.get('state'), 'quarantined');
  });

  it('a real PNG stays; a release check exposes size and SHA-256 only', async () => {
    const path = `articles/${unique('a')}/ok.png`;
    assert.equal((await upload(path, PNG, 'image/png', await c.admin.token())).status, 200);
    const check = await waitFor(
      async () => (await admin.db.doc(checkOf(path)).get()).data(),
      (d) => d !== undefined,
    );
    assert.equal(check!.state, 'ok');
    assert.equal(await stored(path), true);
  });

  it('non-Admins cannot upload article, announcement or release files', async () => {
    for (const who of [c.newbie, c.reporter, c.imtMain, c.archived]) {
      const token = await who.token();
      await refusedUpload(`articles/${unique('a')}/x.png`, PNG, 'image/png', token);
      await refusedUpload(`announcements/${unique('a')}/x.png`, PNG, 'image/png', token);
      await refusedUpload(
        `releases/${unique('r')}/app.apk`,
        PNG,
        'application/octet-stream',
        token,
      );
    }
    await refusedUpload(`releases/${unique('r')}/app.apk`, PNG, 'application/octet-stream');
  });

  it("nobody writes into someone else's profile folder, or any other path", async () => {
    await refusedUpload(
      `profiles/${c.imtMain.uid}/me.png`,
      PNG,
      'image/png',
      await c.reporter.token(),
    );
    await refusedUpload(
      `profiles/${c.reporter.uid}/me.png`,
      PNG,
      'image/png',
      await c.newbie.token(),
    );
    await refusedUpload(`quarantine/${unique('q')}.png`, PNG, 'image/png', await c.admin.token());
    await refusedUpload(`${unique('root')}.png`, PNG, 'image/png', await c.imtMain.token());
  });

  it('own profile uploads are images only, bounded, with a safe name', async () => {
    const token = await c.reporter.token();
    const dir = `profiles/${c.reporter.uid}`;
    await refusedUpload(
      `${dir}/x.svg`,
      Buffer.from('<svg onload="alert(1)"/>'),
      'image/svg+xml',
      token,
    );
    await refusedUpload(`${dir}/x.html`, TEXT, 'text/html', token);
    await refusedUpload(`${dir}/photo\u202Egnp.exe`, PNG, 'image/png', token);
    await refusedUpload(`${dir}/${'n'.repeat(201)}.png`, PNG, 'image/png', token);
    await refusedUpload(
      `${dir}/big.png`,
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      'image/png',
      token,
    );
    await refusedUpload(`${dir}/empty.png`, Buffer.alloc(0), 'image/png', token);
  });

  it('an archived IMT with its old token uploads nothing, not even its own profile photo', async () => {
    await refusedUpload(
      `profiles/${c.archived.uid}/me.png`,
      PNG,
      'image/png',
      await c.archived.token(),
    );
  });

  it("an IMT uploads no photo for another campus's incident, and reads none", async () => {
    const north = await incident('north', c.reporter, { status: 'Responded' });
    await refusedUpload(
      `accomplishments/${north}/p.png`,
      PNG,
      'image/png',
      await c.imtMain.token(),
    );
    await admin
      .bucket()
      .file(`accomplishments/${north}/real.png`)
      .save(PNG, { contentType: 'image/png' });
    assert.equal(await download(`accomplishments/${north}/real.png`, await c.imtMain.token()), 403);
    assert.equal(
      await download(`accomplishments/${north}/real.png`, await c.reporter.token()),
      403,
    );
    assert.equal(await download(`accomplishments/${north}/real.png`), 403);
  });

  it('listing the bucket is refused to everyone', async () => {
    for (const token of [undefined, await c.reporter.token(), await c.imtMain.token()]) {
      const res = await fetch(`${STORAGE_URL}?prefix=profiles/`, {
        headers: token ? { authorization: `Firebase ${token}` } : {},
      });
      assert.ok([401, 403].includes(res.status), `list answered ${res.status}`);
    }
  });

  it('file checks themselves cannot be forged to bless a quarantined upload', async () => {
    const target = 'file_checks/releases%2Fx%2Fapp.apk';
    const before = await state(target);
    await assert.rejects(
      setDoc(doc(c.imtMain.db, 'file_checks', 'releases%2Fx%2Fapp.apk'), {
        state: 'ok',
        kind: 'release',
      }),
    );
    assert.deepEqual(await state(target), before);
  });
});
