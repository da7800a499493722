import assert from 'node:assert/strict';
import { reportIncident } from '../support/admin.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage } from '../support/suite.mjs';

/* global document, getComputedStyle -- backgroundRgb runs in the page. */
/** The toast's background as RGB, whatever colour syntax the stylesheet used. */
function backgroundRgb(element) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = getComputedStyle(element).backgroundColor;
  ctx.fillRect(0, 0, 1, 1);
  return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
}

/** Orange: a saturated hue between red (0°) and yellow (60°), away from both. */
function isOrange([r, g, b]) {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== r || max - min < 100) return false;
  const hue = (60 * (g - b)) / (max - min);
  return hue >= 12 && hue <= 45;
}

describe('New-incident alert', () => {
  it('a report arriving while staff watch the list shows the orange toast, which closes after ~5 s', async () => {
    const page = await openPage('/reports?view=all', accounts().admin);
    const rows = page.getByRole('table', { name: 'Incident reports' }).locator('tbody tr');
    await rows.first().waitFor();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'New Incident Reported' })
      .filter({ hasText: 'A new incident has been reported. Check it now!' });
    assert.equal(await toast.count(), 0, 'no alert for the reports already there');

    const newest = rows.first().locator('td[data-label="Type"]');
    await reportIncident(db(), {
      reporter: accounts().reporters[2],
      campus: 'riverside',
      incidentType: 'Fire',
      description: 'E2E: smoke from the riverside canteen kitchen.',
    });
    await toast.waitFor({ timeout: 15_000 });
    const shownAt = Date.now();
    assert.equal(await toast.getAttribute('data-tone'), 'alert');
    const rgb = await toast.evaluate(backgroundRgb);
    assert.ok(isOrange(rgb), `orange background, got rgb(${rgb.join(' ')})`);
    // Readable too (axe, incl. colour contrast); reported at the end so the timing is still checked.
    const unreadable = await assertAccessible(page, 'new-incident-toast', {
      within: '[data-tone="alert"]',
    }).then(
      () => null,
      (error) => error,
    );
    // The live list got the new report on top, marked New until it is opened.
    assert.equal(await newest.textContent(), 'FireNew');
    await page
      .getByRole('button', { name: /^Open report Fire of / })
      .first()
      .waitFor();

    // Still there well before 5 s, gone shortly after (a fixed wait only to prove the timing).
    await page.waitForTimeout(Math.max(0, 3500 - (Date.now() - shownAt)));
    assert.equal(await toast.count(), 1, 'the toast is still shown after 3.5 s');
    await toast.waitFor({ state: 'detached', timeout: 8000 });
    const closedAfter = Date.now() - shownAt;
    assert.ok(closedAfter >= 4000 && closedAfter <= 7500, `closed after ${closedAfter} ms`);
    if (unreadable) throw unreadable;
  });
});
