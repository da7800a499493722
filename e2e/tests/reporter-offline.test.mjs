/**
 * Issue 32 item 4 in the browser (docs/reporter-app.md#offline): at 390 px a signed-in reporter
 * loses the connection (`context.setOffline`), writes a report and is told it is saved on the
 * device; a reload without a connection still opens the page (the service worker) with the report
 * still queued; a deep link opened in another tab renders the app, and an anonymous report there
 * says it needs a connection and keeps what was typed; back online, exactly one report arrives,
 * with the device's time of writing and the server's of arrival.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { pinOnCampus } from '../support/reporter-app.mjs';
import { accounts, db, openPage, submitSignIn } from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const SAVED_ON_DEVICE = "Saved on this device — will be sent when you're back online.";
const OFFLINE = "You're offline. A report you write is saved on this device";
const ANONYMOUS_OFFLINE = "You're offline: an anonymous report needs a connection.";

const shots = async (page, name) => {
  await screenshotsAtWidths(page, `reporter-offline-${name}`);
  await page.setViewportSize(PHONE.viewport);
};

/** Type, description and a pin on Main Campus: a report ready to send. */
async function writeReport(app, description) {
  await app.getByLabel('What happened').selectOption('Suspicious Activity');
  await app.getByLabel('Description (optional)').fill(description);
  await pinOnCampus(app, 'main');
}

/** The reporter's reports with `description`, as the server holds them. */
async function reportsWith(uid, description) {
  const snap = await db()
    .collection('incident_reports')
    .where('reporterId', '==', uid)
    .where('description', '==', description)
    .get();
  return snap.docs;
}

describe('Reporter app offline', () => {
  it('a report written offline is saved on the device, survives a reload, opens offline and arrives once', async function () {
    this.timeout(300_000);
    const reporter = accounts().reporters[0];
    const app = await openPage('/app/report', null, PHONE);
    const context = app.context();
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await submitSignIn(app, reporter.email, accounts().password);
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    // One online visit installs the service worker with the whole build.
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const description = `E2E offline ${Date.now()}: someone is trying car doors in lot C.`;
    await writeReport(app, description);
    await context.setOffline(true);
    await app.getByRole('button', { name: 'Send report' }).click();
    await app.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    await app.getByRole('heading', { level: 1, name: 'Suspicious Activity' }).waitFor();
    const id = new URL(app.url()).pathname.split('/').pop();
    assert.equal(
      (await db().doc(`incident_reports/${id}`).get()).exists,
      false,
      'still on the device',
    );
    await shots(app, 'saved-on-device');

    // A reload without a connection: the service worker serves the page, the queue is still there.
    await app.reload();
    await app.getByRole('heading', { level: 1, name: 'Suspicious Activity' }).waitFor();
    await app.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    assert.ok(await app.evaluate(() => navigator.serviceWorker.controller !== null));
    assert.equal(await app.evaluate(() => navigator.onLine), false);

    // A deep link opened offline in another tab renders the app from the same cache. An anonymous
    // report cannot wait on the device: it says so and keeps what was typed.
    const tab = await context.newPage();
    await tab.goto('/app/report');
    await tab.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    const anonymous = `E2E offline anonymous ${Date.now()}: a broken window in the gym.`;
    await writeReport(tab, anonymous);
    await tab.getByLabel('Report anonymously').check();
    await tab.getByRole('button', { name: 'Send anonymous report' }).click();
    await tab.getByText(ANONYMOUS_OFFLINE).waitFor();
    assert.equal(await tab.getByLabel('Description (optional)').inputValue(), anonymous);
    assert.equal(await tab.getByLabel('What happened').inputValue(), 'Suspicious Activity');
    await tab
      .getByTestId('place')
      .getByText(/^Pin: .*Main Campus/)
      .waitFor();
    await shots(tab, 'anonymous-needs-connection');
    // Lists show only what the server confirmed: offline they wait, and the app says why.
    await tab.getByRole('link', { name: 'My reports' }).click();
    await tab.getByRole('heading', { level: 1, name: 'My reports' }).waitFor();
    await tab.getByTestId('offline').getByText(OFFLINE).waitFor();
    await shots(tab, 'my-reports');

    // Back online: the queued report arrives once, with both times.
    await context.setOffline(false);
    await app.getByTestId('offline').waitFor({ state: 'detached' });
    const arrived = await waitUntil(
      async () => (await db().doc(`incident_reports/${id}`).get()).data(),
      { what: 'the queued report on the server', timeoutMs: 90_000 },
    );
    await app.getByText('Your report was sent to the Main Campus safety team.').waitFor();
    assert.equal(await app.getByTestId('delivery').count(), 0);
    const stored = await reportsWith(reporter.uid, description);
    assert.deepEqual(
      stored.map((d) => d.id),
      [id],
      'exactly one report arrived',
    );
    assert.equal(arrived.email, reporter.email);
    assert.equal(arrived.status, 'Reported');
    const written = arrived.writtenAt.toMillis();
    const at = arrived.timestamp.toMillis();
    assert.ok(written <= at, 'written on the device before it arrived');
    assert.ok(at - written < 300_000, 'written during this test');
    const quota = (await db().doc(`report_quotas/${reporter.uid}`).get()).data();
    assert.equal(quota.lastId, id);
    assert.equal((await reportsWith(reporter.uid, anonymous)).length, 0);
  });
});
