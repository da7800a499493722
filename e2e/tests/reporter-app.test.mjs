/**
 * Issue 19 item 4 in the browser (docs/reporter-app.md): at 390 px a new reporter signs up in
 * /app, verifies the email through the Auth emulator's link, files an anonymous report with a pin
 * on the campus map and adds a photo; the campus's IMT sees it as "Anonymous reporter" and sends a quick question;
 * the reporter sees the notification and answers in /app; the IMT sees the unread count and the
 * answer. A seeded reporter signs in with the README's password, is told when the browser refuses
 * the location and gets the place when it shares it; staff at /app are sent to the console.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { photo } from '../support/media.mjs';
import { pinOnCampus } from '../support/reporter-app.mjs';
import {
  accounts,
  db,
  openPage,
  staff,
  submitSignIn,
  verificationLink,
} from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
/**
 * A trigger's first run starts its worker in the Functions emulator, and a report starts several
 * triggers queued before the message's: on a loaded two-core machine that took over a minute.
 */
const TRIGGERED = { timeout: 120_000 };

/** Every /app screen at the three widths; SHOTS_DIR keeps a copy for people to look at. */
const shots = (page, name) => screenshotsAtWidths(page, `reporter-app-${name}`);

describe('Reporter web app (/app)', () => {
  it('a new reporter signs up, verifies, files anonymously with a pin → the IMT asks → the reporter answers → the IMT sees it', async function () {
    this.timeout(600_000);
    const email = `rae.reporter.${Date.now()}@mail.test`;
    const password = 'a long pass 42';

    const app = await openPage('/app', null, PHONE);
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // Installable: the manifest is linked on /app pages only.
    assert.equal(
      await app.locator('link[rel="manifest"]').getAttribute('href'),
      '/app.webmanifest',
    );
    await shots(app, 'sign-in');
    await app.setViewportSize(PHONE.viewport);
    await app.getByRole('link', { name: 'Create an account' }).click();
    await app.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await app.getByRole('button', { name: 'Create account' }).click();
    await app.getByText('First name is required.').waitFor();
    await shots(app, 'sign-up');
    await app.setViewportSize(PHONE.viewport);
    await app.getByLabel('First name').fill('Rae');
    await app.getByLabel('Last name').fill('Ocampo');
    await app.getByLabel('Your campus').selectOption('main');
    await app.getByLabel('Affiliation').selectOption({ label: 'Student' });
    await app.getByLabel('Email').fill(email);
    await app.getByLabel('Password', { exact: true }).fill(password);
    await app.getByLabel('Password again').fill(password);
    await app.getByRole('button', { name: 'Create account' }).click();

    // Nothing works before the email is verified.
    await app.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor();
    await app.getByRole('button', { name: 'I have verified' }).click();
    await app.getByText('Your email is not verified yet.').waitFor();
    await shots(app, 'verify');
    await app.setViewportSize(PHONE.viewport);
    const profile = (await db().collection('users').where('email', '==', email).get()).docs[0];
    assert.equal(profile.get('role'), 'User');
    assert.equal((await fetch(await verificationLink(email))).status, 200, 'the link verifies');
    await app.getByRole('button', { name: 'I have verified' }).click();
    await app.getByRole('heading', { level: 1, name: 'My reports' }).waitFor();
    await app.getByText('No reports yet').waitFor();
    await shots(app, 'my-reports-empty');
    await app.setViewportSize(PHONE.viewport);

    // The report: type, description, a pin on Main Campus, anonymous.
    await app.getByRole('link', { name: 'Report', exact: true }).click();
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    await app.getByRole('button', { name: 'Send report' }).click();
    await app.getByText('Choose what happened.').waitFor();
    await app.getByText('Say where it happened').first().waitFor();
    await app.getByLabel('What happened').selectOption('Suspicious Activity');
    const description = 'E2E app: a man is trying bicycle locks behind the library.';
    await app.getByLabel('Description (optional)').fill(description);
    await app.getByText(`${5000 - description.length} characters left.`).waitFor();
    await pinOnCampus(app, 'main');
    await app.getByLabel('Report anonymously').check();
    await app.getByText('An administrator can reveal who sent it only').waitFor();
    // A photo chosen while filing (issue 32 item 5): it is uploaded once the report exists.
    await app.getByLabel('Choose photos, video or audio').setInputFiles({
      name: 'corridor.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(app, '#15803d'),
    });
    await app.getByRole('list', { name: 'Chosen files' }).getByText('corridor.jpg').waitFor();
    await shots(app, 'report-form');
    await app.setViewportSize(PHONE.viewport);
    await assertAccessible(app, 'reporter-app-report-form');
    await app.getByRole('button', { name: 'Send anonymous report' }).click();

    await app.getByText('Your report was sent to the Main Campus safety team.').waitFor(TRIGGERED);
    const id = new URL(app.url()).pathname.split('/').pop();
    const stored = (await db().doc(`incident_reports/${id}`).get()).data();
    assert.equal(stored.anonymous, true);
    assert.equal(stored.reporterId, undefined);
    assert.equal(stored.email, undefined);
    assert.equal(stored.nearestCampus, 'main');
    assert.equal(stored.description, description);
    await app.getByTestId('handler').getByText('Waiting for a member of the safety team').waitFor();
    // The photo chosen in the form went to the report: the server checks it and the reporter
    // sees its thumbnail (a copy without location data).
    await app.getByRole('img', { name: 'Photo 1' }).waitFor(TRIGGERED);

    // The IMT of Main Campus: on the list as "Anonymous reporter"; a quick question.
    // Wide enough for the queue's Reporter column (from 1536 px; the cards of narrow screens
    // always show it).
    const imtPage = await openPage('/reports', staff('imt.main@campus.test'), {
      viewport: { width: 1600, height: 1000 },
    });
    const row = imtPage.locator(`[data-row="${id}"]`);
    await row.getByText('Anonymous reporter').waitFor(TRIGGERED);
    assert.ok(!(await imtPage.locator('main').innerText()).includes(email));
    await imtPage.goto(`/reports?id=${id}`);
    const detail = imtPage.getByRole('dialog', { name: 'Incident report' });
    // The reporter's photo on the report, with no name: "added by the reporter".
    await detail
      .getByRole('button', { name: 'Open Photo 1 of 1, added by the reporter' })
      .waitFor();
    const conversation = detail.getByRole('region', { name: 'Conversation with the reporter' });
    await conversation
      .getByRole('button', { name: 'Send quick question: Are you safe right now?' })
      .click();
    await conversation.getByText('You (Maria Santos)').waitFor(TRIGGERED);
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await imtPage.locator('[data-reply-watch="live"]').waitFor({ state: 'attached' });

    // The reporter: the notification (unread in the navigation), then the question and the answer.
    // Unread: the message (and "Incident Reported", unless its trigger is still on the way).
    const unread = app.getByRole('link', { name: /^Notifications \d+ unread/ });
    await unread.waitFor(TRIGGERED);
    await unread.click();
    const notification = app
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: /Unread: Message from Maria Santos/ });
    await notification.getByText('Are you safe right now?').waitFor(TRIGGERED);
    await shots(app, 'notifications');
    await app.setViewportSize(PHONE.viewport);
    await notification.click();
    await app.getByRole('heading', { level: 1, name: 'Suspicious Activity' }).waitFor();
    const messages = app.getByRole('list', { name: 'Messages' });
    await messages.getByText('Maria Santos').waitFor();
    await messages.getByText('Are you safe right now?').waitFor();
    // Opening the notification marked it read.
    const uid = profile.id;
    await waitUntil(
      async () => {
        const told = await db().collection(`users/${uid}/notifications`).get();
        const message = told.docs.find((d) => d.get('title') === 'Message from Maria Santos');
        return message?.get('isRead') === true ? true : null;
      },
      { timeoutMs: 15_000, what: 'the opened notification marked read' },
    );
    const answer = 'Yes, I am safe. He went towards the car park.';
    await app.getByLabel('Message to the safety team').fill(answer);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await messages.getByText(answer).waitFor();
    await app.getByRole('list', { name: 'Messages' }).getByText('You', { exact: true }).waitFor();
    await shots(app, 'report-detail');
    await assertAccessible(app, 'reporter-app-report-detail');
    const sent = (await db().collection(`incident_reports/${id}/messages`).get()).docs.map((d) =>
      d.data(),
    );
    const reply = sent.find((m) => m.text === answer);
    assert.equal(reply.authorRole, 'reporter');
    assert.equal(reply.authorUid, undefined, 'an anonymous reporter’s message names no one');

    // The IMT: the unread count, then the answer.
    const badge = imtPage.getByRole('navigation', { name: 'Main' }).getByTestId('replied-badge');
    await badge.waitFor(TRIGGERED);
    assert.equal((await badge.textContent())?.trim(), '1 report with an unread reply');
    await imtPage.goto(`/reports?id=${id}`);
    await conversation.getByRole('list', { name: 'Messages' }).getByText(answer).waitFor();
    assert.ok(!(await detail.innerText()).includes(email));

    // My reports lists it with its status.
    await app.getByRole('link', { name: 'My reports' }).click();
    const card = app.locator(`[data-row="${id}"]`);
    await card.getByText('Sent anonymously').waitFor();
    await card.getByText('Reported').waitFor();
    await shots(app, 'my-reports');
  });

  it('a seeded reporter signs in; a refused location says so, a shared one is placed; staff are sent to the console', async function () {
    this.timeout(120_000);
    const reporter = accounts().reporters[1];
    const app = await openPage('/app/report', null, PHONE);
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await submitSignIn(app, reporter.email, accounts().password);
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();

    await app.getByRole('button', { name: 'Use my location' }).click();
    await app.getByText(/Your location was not shared/).waitFor();
    // Without GPS or a mouse (issue 32 item 5): the focused map moves with the arrow keys and
    // Enter puts the pin at its cross; or a building is chosen from the campus's list.
    await app.locator('.leaflet-container').focus();
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Enter');
    await app
      .getByTestId('place')
      .getByText(/^Pin: On Main Campus\./)
      .waitFor();
    await app.getByLabel('Show campus on the map').selectOption('north');
    await app.getByLabel('Or choose a place').selectOption('Narra Residence Hall');
    await app
      .getByTestId('place')
      .getByText('Narra Residence Hall: On North Campus. The report goes to its safety team.')
      .waitFor();
    await shots(app, 'report-place');
    await app.getByLabel('What happened').selectOption('Theft');
    await app.getByRole('button', { name: 'Send report' }).press('Enter');
    await app.waitForURL(/\/app\/reports\/[^/]+$/);
    const filed = await db()
      .doc(`incident_reports/${new URL(app.url()).pathname.split('/').pop()}`)
      .get();
    // Inside the hall: staff are proposed its Clery geography, on-campus student housing.
    const { isInsideBoundary } = await import('@campus-safety/model');
    const { DEMO_CAMPUSES } = await import('@campus-safety/model/demo');
    const narra = DEMO_CAMPUSES.find((c) => c.id === 'north').housing.find(
      (h) => h.name === 'Narra Residence Hall',
    );
    assert.equal(filed.get('nearestCampus'), 'north');
    assert.ok(isInsideBoundary(filed.get('geoLoc'), narra.boundary));
    await app.goto(new URL('/app/report', app.url()).href);
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    const north = { latitude: 14.7566, longitude: 121.0447 };
    await app.context().grantPermissions(['geolocation']);
    await app.context().setGeolocation(north);
    await app.getByRole('button', { name: 'Use my location' }).click();
    await app
      .getByTestId('place')
      .getByText('Your location: On North Campus. The report goes to its safety team.')
      .waitFor();

    const reset = await openPage('/app/reset-password', null, PHONE);
    await reset.getByLabel('Email').fill(reporter.email);
    await reset.getByRole('button', { name: 'Send the reset link' }).click();
    await reset.getByText(`If an account uses ${reporter.email}`).waitFor();
    await shots(reset, 'reset-password');

    const staffPage = await openPage('/app', staff('imt.north@campus.test'), PHONE);
    await staffPage
      .getByRole('heading', { level: 1, name: 'This app is for reporting incidents' })
      .waitFor();
    await staffPage.getByRole('link', { name: 'Open the console' }).waitFor();
    await shots(staffPage, 'staff-note');
  });
});
