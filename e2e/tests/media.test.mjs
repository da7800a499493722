/**
 * Issue 19 item 3 in the browser: an IMT attaches two photos to a report from its detail dialog;
 * the server checks them and makes their thumbnails, which appear on the report; the viewer opens
 * from a thumbnail by keyboard, moves with the arrow keys and closes with Escape; a photo sent with
 * a message shows under it.
 */
/* global document -- the thumbnails are checked in the page. */
import assert from 'node:assert/strict';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { reportIncident } from '../support/admin.mjs';
import { photo } from '../support/media.mjs';
import { accounts, db, openReport, staff } from '../support/suite.mjs';

/** The first Storage trigger run starts its worker: tens of seconds on a busy machine. */
const FIRST_RUN = { timeout: 60_000 };

describe('Media on a report', () => {
  it('IMT attaches photos → thumbnails appear → the viewer opens, moves and closes by keyboard', async function () {
    this.timeout(240_000);
    const imt = staff('imt.main@campus.test');
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[1],
      campus: 'main',
      incidentType: 'Vandalism',
      description: 'E2E: a broken window at the gym.',
    });
    const { page, detail } = await openReport(imt, id);
    const panel = detail.getByRole('region', { name: 'Photos, video and audio' });
    await panel.getByText('No media on this report.').waitFor();

    await panel.getByLabel('Attach photo, video or audio').setInputFiles([
      { name: 'window.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#1d4ed8') },
      { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#b91c1c') },
    ]);
    const first = panel.getByRole('button', { name: /^Open Photo 1 of 2, added by Maria Santos$/ });
    const second = panel.getByRole('button', {
      name: /^Open Photo 2 of 2, added by Maria Santos$/,
    });
    await first.waitFor(FIRST_RUN);
    await second.waitFor(FIRST_RUN);
    // The thumbnails are the server's copies, loaded through the Storage rules.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('img[alt^="Photo "]')].filter(
          (img) => img.complete && img.naturalWidth > 0,
        ).length >= 2,
    );

    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2, added by Maria Santos' });
    await viewer.waitFor();
    await viewer.getByRole('img', { name: 'Photo 1 of 2, added by Maria Santos' }).waitFor();
    await viewer.getByText(/^[0-9a-f]{64}$/).waitFor();
    await page.keyboard.press('ArrowRight');
    const next = page.getByRole('dialog', { name: 'Photo 2 of 2, added by Maria Santos' });
    await next.getByRole('img', { name: 'Photo 2 of 2, added by Maria Santos' }).waitFor();
    await assertAccessible(page, 'media viewer', DIALOGS);
    await screenshotsAtWidths(page, 'media-viewer');
    await page.keyboard.press('Escape');
    await next.waitFor({ state: 'detached' });
    // Only the viewer closed: the report stays open.
    assert.equal(await detail.isVisible(), true);

    // A photo sent with a message shows under it in the conversation.
    const conversation = detail.getByRole('region', { name: 'Conversation with the reporter' });
    await conversation
      .getByLabel('Attach to the message')
      .setInputFiles([
        { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#15803d') },
      ]);
    await conversation.getByText('1 file will be sent with the message.').waitFor();
    await conversation.getByLabel('Message to the reporter').fill('Is this the car you saw?');
    await conversation.getByRole('button', { name: 'Send', exact: true }).click();
    const message = conversation
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Is this the car you saw?' });
    await message
      .getByRole('button', { name: 'Open Photo 3 of 3, added by Maria Santos' })
      .waitFor(FIRST_RUN);

    const media = await db().collection(`incident_reports/${id}/media`).get();
    assert.deepEqual(
      media.docs.map((d) => [d.get('state'), d.get('side'), d.get('by.uid')]),
      [
        ['ready', 'staff', imt.uid],
        ['ready', 'staff', imt.uid],
        ['ready', 'staff', imt.uid],
      ],
    );
    await screenshotsAtWidths(page, 'media-on-report');
  });
});
