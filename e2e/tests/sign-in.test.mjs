import assert from 'node:assert/strict';
import { accounts, db, openPage, staff, submitSignIn } from '../support/suite.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';

/** The figure shown on a dashboard card, once the aggregations have answered. */
async function cardValue(page, label) {
  const value = page.getByText(label, { exact: true }).locator('xpath=following-sibling::p');
  await value.and(page.locator(':not([aria-busy="true"])')).waitFor();
  return Number((await value.textContent()).trim());
}

describe('Signing in', () => {
  it('Admin signs in through the form and the dashboard shows the live counts', async function () {
    this.timeout(150_000);
    const admin = accounts().admin;
    const page = await openPage('/login');
    await submitSignIn(page, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // The signed-in person, as the navigation names them (Home may name them again: on call).
    await page.locator('#main-nav').getByText('Alex Morgan', { exact: true }).waitFor();

    const live = db().collection('incident_reports').where('isArchived', '==', false);
    const count = async (q) => (await q.count().get()).data().count;
    // The cards are live figures kept by the stats trigger: reports an earlier suite wrote may
    // still be on their way in; wait for the trigger to catch up, then compare every card.
    await waitUntil(
      async () => (await cardValue(page, 'All live reports')) === (await count(live)),
      { timeoutMs: 90_000, what: 'the live count to reach the stored reports' },
    ).catch(() => undefined);
    assert.equal(await cardValue(page, 'All live reports'), await count(live));
    const labels = {
      Reported: 'Incident Reported',
      Processing: 'Processing',
      Responded: 'Responded',
      Resolved: 'Resolved',
      Declined: 'Declined',
    };
    for (const [status, label] of Object.entries(labels)) {
      assert.equal(
        await cardValue(page, label),
        await count(live.where('status', '==', status)),
        `dashboard card "${label}"`,
      );
    }
    assert.ok((await cardValue(page, 'All live reports')) > 0, 'the seed has live reports');
    await page.getByRole('region', { name: 'By campus' }).waitFor();
    // The five newest reports are listed with a link each.
    await assert.doesNotReject(
      page
        .getByRole('link', { name: /^Open .* report$/ })
        .nth(4)
        .waitFor(),
    );
  });

  it('IMT sees only the reports of its own campus', async () => {
    const imt = staff('imt.main@campus.test');
    const page = await openPage('/login');
    await submitSignIn(page, imt.email, imt.password);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByRole('link', { name: 'Incident reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    await page.getByText('Main Campus · unassigned first, then the longest waiting').waitFor();
    await page.getByRole('button', { name: 'All reports' }).click();
    await page.getByText('Main Campus · newest first').waitFor();

    const rows = page.getByRole('table', { name: 'Incident reports' }).locator('tbody tr');
    const expected = (
      await db()
        .collection('incident_reports')
        .where('nearestCampus', '==', 'main')
        .where('isArchived', '==', false)
        .count()
        .get()
    ).data().count;
    // The first rows can come from the browser's cache (Home's latest reports) before the
    // server's answer fills the page; wait for the whole page.
    await waitUntil(async () => (await rows.count()) === Math.min(expected, 25), {
      what: 'a full page of Main Campus reports',
    });
    const campuses = await rows.locator('td[data-label="Campus"]').allTextContents();
    assert.equal(campuses.length, Math.min(expected, 25), 'one row per live Main Campus report');
    assert.deepEqual([...new Set(campuses)], ['Main Campus']);
    // Admin-only navigation is not offered to IMT.
    assert.equal(await page.getByRole('link', { name: 'Accounts' }).count(), 0);
  });

  it('a wrong password gets a friendly message and no session', async () => {
    const page = await openPage('/login');
    await submitSignIn(page, accounts().admin.email, 'not-the-password');
    await page
      .getByRole('alert')
      .filter({ hasText: 'The email or password is incorrect.' })
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.goto('/reports');
    await page.waitForURL('**/login');
  });
});
