/**
 * Issue 28 item 2 in the browser: a photo attached to an accomplishment report is shown through
 * the Storage rules (an object URL made from getBlob), not through the download link the form
 * stores, whose token the server drops (docs/media.md#tokens).
 */
/* global document -- the photo is checked in the page. */
import assert from 'node:assert/strict';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';
import { photo } from '../support/media.mjs';
import { db, openPage, staff } from '../support/suite.mjs';

describe('Accomplishment photo', () => {
  it('Admin attaches a photo to an accomplishment report → View shows it read through the rules', async function () {
    this.timeout(180_000);
    // The newest live accomplishment of a report still open to work on (the rules: live, not
    // Declined), so the list shows it on its first page.
    const copies = await db()
      .collection('accomplishment_reports')
      .where('isArchived', '==', false)
      .orderBy('timestamp', 'desc')
      .limit(1)
      .get();
    const copy = copies.docs[0].data();
    const page = await openPage('/accomplishment', staff('admin@campus.test'));
    await page.getByRole('button', { name: `Edit ${copy.title}` }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Photo (optional)').setInputFiles({
      name: 'bike returned.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(page, '#0f766e'),
    });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'detached' });

    // The accomplishment trigger brings the new link to the copy the list shows.
    const imageUrl = await waitUntil(
      async () => (await copies.docs[0].ref.get()).get('imageUrl') || null,
      { timeoutMs: 60_000, what: 'the photo’s link on the accomplishment copy' },
    );
    assert.match(imageUrl, new RegExp(`/o/accomplishments%2F${copy.report.id}%2F`));

    await page.reload();
    await page.getByRole('button', { name: `View ${copy.title}` }).click();
    const shown = page.getByRole('img', { name: `Photo for ${copy.title}` });
    await shown.waitFor();
    const src = await shown.getAttribute('src');
    assert.match(src, /^blob:/, 'the photo is an object URL, not the stored link');
    await page.waitForFunction(
      () => {
        const img = document.querySelector('img[alt^="Photo for "]');
        return img?.complete && img.naturalWidth > 0;
      },
      null,
      { timeout: 30_000 },
    );
    await screenshotsAtWidths(page, 'accomplishment-photo');
  });
});
