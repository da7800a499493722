/**
 * Issue 30's proof in the browser: the main flows on a second institution's data alone, four
 * campuses around Chicago in Chicago time (model/src/demo's fixture, saved as the seed saves
 * campuses). A Lakeshore reporter files a report in /app; Lakeshore's IMT has it in the console;
 * the crime log reads its time in Chicago; the fire log offers Lakeshore's own hall only; an
 * alert to Lakeshore counts and reaches its people only.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { pinOnCampus } from '../support/reporter-app.mjs';
import { accounts, createVerifiedAccount, db, openPage, submitSignIn } from '../support/suite.mjs';

const ZONE = 'America/Chicago';
/** Lakeshore Campus of the fixture (TypeScript: loaded once the stack runs, as other suites do). */
let LAKESHORE;
/** The model's formatter: how the console writes an instant in a zone. */
let formatInZone;

/** A verified account of the suite's own on Lakeshore. */
async function lakeshoreAccount(role, firstName) {
  const uid = `e2e-lakeshore-${role.toLowerCase()}-${Date.now()}`;
  const account = { uid, email: `${uid}@mail.test`, password: accounts().password };
  await createVerifiedAccount({
    ...account,
    role,
    campus: LAKESHORE.id,
    profile: {
      firstName,
      firstNameLowerCase: firstName.toLowerCase(),
      lastName: 'Lakeshore',
      // A reporter who has answered the app's question (staff are not asked).
      ...(role === 'User' ? { affiliation: 'student' } : {}),
    },
  });
  return account;
}

describe('A second institution (issue 30)', () => {
  const settings = (id) => db().doc(`settings/${id}`);
  const seeded = {};
  const reports = [];
  before(async () => {
    const { DEMO_CAMPUSES, SECOND_INSTITUTION } = await import('@campus-safety/model/demo');
    const { saveCampuses } = await import('@campus-safety/testkit/institution');
    [LAKESHORE] = SECOND_INSTITUTION.campuses;
    ({ formatInZone } = await import('@campus-safety/model'));
    assert.equal(SECOND_INSTITUTION.timeZone, ZONE);
    for (const id of ['campuses', 'institution']) seeded[id] = (await settings(id).get()).data();
    // A saved campus is never removed: the demo's stay beside the new ones.
    await saveCampuses(db(), [...DEMO_CAMPUSES, ...SECOND_INSTITUTION.campuses]);
    await settings('institution').set({
      ...seeded.institution,
      institution: { ...seeded.institution.institution, timeZone: ZONE },
    });
  });
  after(async () => {
    // The other suites work on the demo institution as seeded, and count the triage queue.
    for (const id of ['campuses', 'institution']) await settings(id).set(seeded[id]);
    await Promise.all(
      reports.map((id) => db().doc(`incident_reports/${id}`).update({ isArchived: true })),
    );
  });

  it("a Lakeshore report is its IMT's, the crime log reads Chicago time, the fire log offers Lakeshore's hall, an alert reaches Lakeshore only", async function () {
    this.timeout(300_000);
    // The Admin's console session first (the sign-in waits on Home, the heaviest screen).
    const admin = accounts().admin;
    await openPage('/', admin);
    const [reporter, imt] = await Promise.all([
      lakeshoreAccount('User', 'Lena'),
      lakeshoreAccount('IMT', 'Ivo'),
    ]);

    // The reporter files on Lakeshore, from /app at phone width.
    const app = await openPage('/app/report', null, { viewport: { width: 390, height: 844 } });
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await submitSignIn(app, reporter.email, reporter.password);
    await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
    const description = `E2E Lakeshore ${Date.now()}: smoke from a kitchen in Mertz Hall.`;
    await app.getByLabel('What happened').selectOption('Fire');
    await app.getByLabel('Description (optional)').fill(description);
    await pinOnCampus(app, LAKESHORE.id);
    await app.getByRole('button', { name: 'Send report' }).click();
    await app.getByText('Your report was sent to the Lakeshore Campus safety team.').waitFor();
    const id = new URL(app.url()).pathname.split('/').pop();
    reports.push(id);
    const stored = (await db().doc(`incident_reports/${id}`).get()).data();
    assert.equal(stored.nearestCampus, LAKESHORE.id);

    // Lakeshore's IMT has it in their console's queue, its time read in Chicago.
    const reportedAt = formatInZone(stored.timestamp.toMillis(), ZONE);
    const queue = await openPage('/reports?view=all', imt);
    await queue
      .getByRole('row')
      .filter({ hasText: reportedAt })
      .getByText(LAKESHORE.name)
      .waitFor({ timeout: 60_000 });

    // The crime log: its report time in Chicago; the fire log offers Lakeshore's hall only.
    const log = await openPage('/clery/crime-log', admin);
    const row = log.getByRole('row').filter({ hasText: id });
    await row.getByText(reportedAt).waitFor({ timeout: 60_000 });
    await log.getByRole('button', { name: `Log fire ${id}` }).click();
    const fire = log.getByRole('dialog', { name: `Log a fire for ${id}` });
    const facilities = await fire
      .getByLabel('Housing facility')
      .locator('option')
      .allTextContents();
    assert.deepEqual(
      facilities.filter((f) => f.trim() !== ''),
      LAKESHORE.housing.map((h) => h.name),
    );
    await fire.getByRole('button', { name: 'Cancel' }).click();

    // An alert to Lakeshore: counted, then sent, to its verified people only.
    const onLakeshore = (
      await db().collection('users').where('campus', '==', LAKESHORE.id).get()
    ).docs.filter((d) => d.get('isArchived') !== true && d.get('emailVerified') === true);
    assert.ok(onLakeshore.some((d) => d.id === reporter.uid));
    const page = await openPage('/mass-notifications', admin);
    await page.getByRole('button', { name: 'New alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alert' });
    const title = `E2E Lakeshore library closed ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Text').fill('Use the Water Tower library today.');
    await dialog.getByRole('checkbox', { name: 'Lakeshore Campus' }).check();
    for (const channel of ['Push', 'Email']) {
      await dialog.getByRole('checkbox', { name: channel, exact: true }).uncheck();
    }
    await dialog.getByRole('button', { name: 'Send alert…' }).click();
    const ask = page.getByRole('dialog', { name: 'Send this alert?' });
    const inApp = ask.locator('tr[data-row="inApp"] td[data-cell="People"]');
    await inApp.waitFor();
    assert.equal(await inApp.textContent(), String(onLakeshore.length));
    await ask.getByRole('button', { name: 'Send alert', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
    const [alert] = (await db().collection('mass_notifications').where('title', '==', title).get())
      .docs;
    const noticeOf = (uid) => db().doc(`users/${uid}/notifications/mass-${alert.id}`).get();
    await waitUntil(async () => (await noticeOf(reporter.uid)).exists, {
      what: "the Lakeshore reporter's notification",
      timeoutMs: 90_000,
    });
    const expected = new Set(onLakeshore.map((d) => d.id));
    await waitUntil(
      async () => {
        const got = await Promise.all(
          [...expected].map(async (uid) => (await noticeOf(uid)).exists),
        );
        return got.every(Boolean);
      },
      { what: 'every Lakeshore person notified', timeoutMs: 90_000 },
    );
    for (const user of (await db().collection('users').get()).docs) {
      assert.equal((await noticeOf(user.id)).exists, expected.has(user.id), user.id);
    }
  });
});
