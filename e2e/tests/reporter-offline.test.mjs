/**
 * Issue 32 item 4 in the browser (docs/reporter-app.md#offline): at 390 px a signed-in reporter
 * loses the connection (`setOffline`, e2e/support/chromium.mjs), writes a report and is told it is saved on the
 * device; a reload without a connection still opens the page (the service worker) with the report
 * still queued; a deep link opened in another tab renders the app, and an anonymous report there
 * says it needs a connection and keeps what was typed; back online, exactly one report arrives,
 * with the device's time of writing and the server's of arrival. A message written offline in a
 * report's conversation survives a reload and arrives once; a queued report the rules refuse on
 * arrival (another device opened the hour meanwhile) is explained with its text after a reload,
 * and sent again in one step.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { setOffline } from '../support/chromium.mjs';
import { pinOnCampus } from '../support/reporter-app.mjs';
import { accounts, createVerifiedAccount, db, openPage, submitSignIn } from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const SAVED_ON_DEVICE = "Saved on this device — will be sent when you're back online.";
const OFFLINE = "You're offline. A report or message you write is saved on this device";
const REFUSED = 'This report was not sent';
const ANONYMOUS_OFFLINE = "You're offline: an anonymous report needs a connection.";
const SOS_OFFLINE = "You're offline: an emergency alert needs a connection. Call campus police now";

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

/** The reporters this suite made, whose reports it archives when done. */
const made = [];

/** A verified reporter of its own, signed in at 390 px on `path` with the service worker ready. */
async function newReporterOn(path, name) {
  const uid = `e2e-offline-${name}-${Date.now()}`;
  made.push(uid);
  const email = `${uid}@mail.test`;
  await createVerifiedAccount({
    uid,
    email,
    password: accounts().password,
    role: 'User',
    campus: 'main',
    profile: {
      firstName: 'Ona',
      firstNameLowerCase: 'ona',
      lastName: 'Line',
      affiliation: 'student',
    },
  });
  const app = await openPage(path, null, PHONE);
  await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await submitSignIn(app, email, accounts().password);
  await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return { app, uid, email };
}

describe('Reporter app offline', () => {
  // The triage suites count the seeded queue: this suite's reports leave it when it is done.
  after(async () => {
    for (const uid of made) {
      const reports = await db()
        .collection('incident_reports')
        .where('reporterId', '==', uid)
        .get();
      await Promise.all(reports.docs.map((d) => d.ref.update({ isArchived: true })));
    }
  });
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
    await setOffline(context, true);
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
    // An SOS cannot wait on the device: the dialog says so and offers the call, which needs no data.
    await tab.getByRole('button', { name: 'SOS' }).click();
    const sos = tab.getByRole('dialog', { name: 'Emergency' });
    await sos.getByText(SOS_OFFLINE).waitFor();
    assert.equal(
      await sos.getByRole('button', { name: 'Send an emergency alert' }).isDisabled(),
      true,
    );
    await sos.getByRole('link', { name: /^Call campus police/ }).waitFor();
    await shots(tab, 'sos-needs-connection');
    await sos.getByRole('button', { name: 'Close' }).click();

    // Back online: the queued report arrives once, with both times.
    await setOffline(context, false);
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

  it('a message written offline is marked on the device, survives a reload and arrives once', async function () {
    this.timeout(300_000);
    const { app, uid } = await newReporterOn('/app/report', 'message');
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    await writeReport(app, `E2E offline message ${Date.now()}: a door propped open.`);
    await app.getByRole('button', { name: 'Send report' }).click();
    await app.getByText('Your report was sent to the Main Campus safety team.').waitFor();
    const id = new URL(app.url()).pathname.split('/').pop();
    await app.getByText('No messages yet.', { exact: false }).waitFor();

    const context = app.context();
    await setOffline(context, true);
    const text = `Written without signal ${Date.now()}`;
    await app.getByLabel('Message to the safety team').fill(text);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const line = app
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: text });
    await line.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    assert.equal(await app.getByLabel('Message to the safety team').inputValue(), '');
    const messages = () => db().collection(`incident_reports/${id}/messages`).get();
    assert.equal((await messages()).size, 0, 'still on the device');

    // A reload without a connection keeps it, still marked.
    await app.reload();
    await line.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    await shots(app, 'message-on-device');

    await setOffline(context, false);
    await waitUntil(async () => (await messages()).size === 1, {
      what: 'the queued message on the server',
      timeoutMs: 90_000,
    });
    await line.getByTestId('delivery').waitFor({ state: 'detached' });
    const stored = (await messages()).docs.map((d) => d.data());
    assert.deepEqual(
      stored.map((m) => [m.text, m.authorUid, m.authorRole]),
      [[text, uid, 'reporter']],
      'exactly one message arrived',
    );
    const counted = await db().doc(`incident_reports/${id}/record_counts/messages`).get();
    assert.equal(counted.get('count'), 1);
    assert.equal(
      (await db().doc(`incident_reports/${id}/message_pace/${uid}`).get()).get('sent'),
      1,
    );
    // Staff read it, as the console would: the triage suites expect no unread reply of ours.
    const report = db().doc(`incident_reports/${id}`);
    await waitUntil(async () => (await report.get()).get('reporterReplied') === true || null, {
      what: 'the reply marked for staff',
    });
    await report.update({ unreadFromReporter: 0, reporterReplied: false });
  });

  it('a queued report refused on arrival is explained with its text after a reload and sent again in one step', async function () {
    this.timeout(300_000);
    const { app, uid } = await newReporterOn('/app/report', 'refused');
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    const context = app.context();
    await setOffline(context, true);
    const description = `E2E refused ${Date.now()}: a smell of gas near the labs.`;
    await writeReport(app, description);
    await app.getByRole('button', { name: 'Send report' }).click();
    await app.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    const held = new URL(app.url()).pathname.split('/').pop();
    // Another device of theirs opens an hour of reports meanwhile: this device's new hour is refused.
    await db()
      .doc(`report_quotas/${uid}`)
      .set({ windowStart: new Date(), filed: 1, lastId: 'other-device' });
    // Reloaded before it is sent: the page that watched the write is gone.
    await app.reload();
    await app.getByTestId('delivery').getByText(SAVED_ON_DEVICE).waitFor();
    await setOffline(context, false);

    const refused = app.getByTestId('refused-report');
    await refused.getByRole('heading', { name: REFUSED }).waitFor({ timeout: 90_000 });
    await refused.getByText(description).waitFor();
    await refused.getByText('from another device', { exact: false }).waitFor();
    await app.getByRole('heading', { level: 1, name: 'Report not sent' }).waitFor();
    assert.equal((await db().doc(`incident_reports/${held}`).get()).exists, false);
    await shots(app, 'report-refused');

    await refused.getByRole('button', { name: 'Send it again' }).click();
    await app.getByText('Your report was sent to the Main Campus safety team.').waitFor();
    await refused.waitFor({ state: 'detached' });
    const stored = await reportsWith(uid, description);
    assert.equal(stored.length, 1, 'sent again once');
    assert.notEqual(stored[0].id, held);
    assert.equal(new URL(app.url()).pathname, `/app/reports/${stored[0].id}`);
    const quota = (await db().doc(`report_quotas/${uid}`).get()).data();
    assert.deepEqual([quota.filed, quota.lastId], [2, stored[0].id]);
    assert.equal(
      await app.evaluate((key) => localStorage.getItem(key), `campus-safety.held-reports.${uid}`),
      null,
      'nothing left on the device',
    );
  });
});
