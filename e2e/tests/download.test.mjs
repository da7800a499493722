import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { db, openPage } from '../support/suite.mjs';

describe('Download page', () => {
  it('signed out, offers the newest live release with version, size, SHA-256, notes and a working link', async () => {
    const releases = db().collection('releases');
    const seeded = (await releases.doc('demo-release-1-4-0').get()).data();
    const hourAgo = Timestamp.fromMillis(Date.now() - 3_600_000);
    const inAMinute = Timestamp.fromMillis(Date.now() + 60_000);
    // An older release and a newer but archived one must both be passed over.
    await releases.doc('e2e-older').set({ ...seeded, version: '1.3.0', timestamp: hourAgo });
    await releases
      .doc('e2e-archived')
      .set({ ...seeded, version: '9.9.9', timestamp: inAMinute, isArchived: true });
    await releases.doc('demo-release-1-4-0').update({ timestamp: Timestamp.now() });

    const page = await openPage('/download');
    const link = page.getByRole('link', { name: 'Download version 1.4.0' });
    await link.waitFor();
    const facts = page.locator('dl');
    assert.match(await facts.textContent(), /Version1\.4\.0/);
    assert.match(
      await facts.textContent(),
      new RegExp(`Size${(seeded.size / 1024).toFixed(1)} KB`),
    );
    await page.getByText(seeded.notes).waitFor();

    const response = await fetch(await link.getAttribute('href'));
    assert.equal(response.status, 200);
    const body = Buffer.from(await response.arrayBuffer());
    assert.equal(body.length, seeded.size);
    assert.equal(createHash('md5').update(body).digest('base64'), seeded.md5Hash);
    // The SHA-256 shown is the server's (file check), and it is the file's.
    const sha256 = createHash('sha256').update(body).digest('hex');
    assert.match(await facts.textContent(), new RegExp(`SHA-256${sha256}`));
  });
});
