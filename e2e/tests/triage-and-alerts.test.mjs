/**
 * Issue 11 items 1, 3, 4 and 8 in the browser: one programme time zone, triage order and "Assign
 * to me", the actionable new-incident alert with its unread list, and the narrow layouts.
 */
/* global document, window -- page.evaluate callbacks run in the page. */
import assert from 'node:assert/strict';
import { notificationsAbout, reportIncident } from '../support/admin.mjs';
import { screenshot } from '../support/artifacts.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage, staff } from '../support/suite.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';

const DATE_PATTERN = /^[A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/;

/** The report's `timestamp` as the console writes it in a <time datetime>. */
async function isoOf(id) {
  const snap = await db().doc(`incident_reports/${id}`).get();
  return snap.get('timestamp').toDate().toISOString();
}

/** The row of a table that shows the report reported at `iso`. */
const rowOf = (table, iso) => table.locator(`tbody tr:has(time[datetime="${iso}"])`);

/** The new-incident watch has its baseline: reports written from now on alert. */
async function alertWatchLive(page) {
  await page.locator('[data-new-incident-watch="live"]').waitFor({ state: 'attached' });
}

describe('One programme time zone', () => {
  it("with the browser in New York, the console and the reporter's notification show the same time", async () => {
    const reporter = accounts().reporters[3];
    const id = await reportIncident(db(), {
      reporter,
      campus: 'north',
      incidentType: 'Medical',
      description: 'E2E: a student fainted in the north library.',
    });
    const page = await openPage(`/reports?id=${id}`, accounts().admin, {
      timezoneId: 'America/New_York',
    });
    const [notification] = await notificationsAbout(db(), reporter.uid, id, 1);
    assert.equal(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      'America/New_York',
    );
    const detail = page.getByRole('dialog', { name: 'Incident report' });
    await detail.getByText(`ID ${id}`).waitFor();
    const time = detail
      .locator('dt', { hasText: /^Reported$/ })
      .locator('xpath=following-sibling::dd')
      .locator('time');
    const shown = (await time.textContent()) ?? '';
    assert.match(shown, DATE_PATTERN);
    assert.ok(
      notification.message.includes(shown),
      `the notification "${notification.message}" names the time the console shows, ${shown}`,
    );
    // The viewer's own clock is in the tooltip, and it reads differently (12 or 13 h earlier).
    const own = (await time.getAttribute('title')) ?? '';
    assert.match(own, /^Your time: .* America\/New_York$/);
    assert.notEqual(own.replace(/^Your time: | America\/New_York$/g, ''), shown);
    // The zone is said on the screen.
    assert.equal(
      await page.getByTestId('time-zone-note').textContent(),
      'Times in Asia/Manila (UTC+08:00) · your browser: America/New_York (hover a time to see yours)',
    );
  });
});

describe('Triage', () => {
  it('IMT: unassigned first, oldest first, waiting time against the target; Assign to me in one click', async () => {
    const imt = staff('imt.main@campus.test');
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[5],
      campus: 'main',
      incidentType: 'Theft',
      description: 'E2E: a laptop left in room 204 is gone.',
    });
    const iso = await isoOf(id);
    const page = await openPage('/reports', imt);
    await page.getByText('Main Campus · unassigned first, then the longest waiting').waitFor();
    const waiting = page.getByRole('table', { name: 'Waiting for assignment' });
    const row = rowOf(waiting, iso);
    await row.waitFor();

    // Every waiting row is an unassigned Main Campus report, oldest first.
    const times = await waiting
      .locator('tbody tr time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    const expected = (
      await db()
        .collection('incident_reports')
        .where('nearestCampus', '==', 'main')
        .where('isArchived', '==', false)
        .where('status', '==', 'Reported')
        .count()
        .get()
    ).data().count;
    assert.equal(times.length, Math.min(expected, 25));
    assert.deepEqual(times, [...times].sort(), 'oldest first');
    assert.equal(times.at(-1), iso, 'the new report waits last');
    // The handled queue comes after the waiting one.
    const handling = page.getByRole('table', { name: 'Being handled' });
    const order = await page
      .locator('table caption')
      .evaluateAll((els) => els.map((e) => e.textContent));
    assert.deepEqual(order, ['Waiting for assignment', 'Being handled']);

    // The new report's clock: just in, within the Unrated assignment target, in words too.
    const clock = row.locator('[data-target-state]');
    assert.equal(await clock.getAttribute('data-target-state'), 'within');
    assert.match((await clock.textContent()) ?? '', /^Within targetWaiting \d+ mintarget 15 min$/);
    // Seeded reports waiting for days are past their target: overdue, or escalated where an
    // earlier test's housekeeping run has escalated them (the clock says what the server did).
    const first = waiting.locator('tbody tr').first().locator('[data-target-state]');
    const firstState = await first.getAttribute('data-target-state');
    assert.ok(['overdue', 'escalated'].includes(firstState ?? ''), `first row ${firstState}`);

    await screenshot(page, 'imt-triage');
    // By keyboard: the button leaves the row, and focus follows the report to its new queue.
    await row.getByRole('button', { name: /^Assign to me/ }).focus();
    await page.keyboard.press('Enter');
    const stored = await waitUntil(
      async () => {
        const data = (await db().doc(`incident_reports/${id}`).get()).data();
        return data.status === 'Processing' ? data : null;
      },
      { what: 'the report to be assigned' },
    );
    assert.deepEqual(stored.assignedTo, {
      id: imt.uid,
      displayName: 'Maria Santos',
      email: imt.email,
    });
    assert.equal(stored.threatLevel, undefined, 'unrated until the accomplishment report');
    const handled = rowOf(handling, iso);
    await handled.waitFor();
    assert.equal(await rowOf(waiting, iso).count(), 0);
    assert.equal(await handled.getByRole('button', { name: /^Assign to me/ }).count(), 0);
    assert.match((await handled.textContent()) ?? '', /Maria Santos/);
    await waitUntil(
      () =>
        page.evaluate(
          (id) =>
            document.activeElement?.closest('[data-report-actions]')?.dataset.reportActions === id,
          id,
        ),
      { what: "focus on the assigned report's actions in Being handled" },
    );
    assert.match(
      (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '',
      /^Open /,
    );
  });

  it('an unassigned report offers Assign and Decline, not an accomplishment report', async () => {
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[1],
      campus: 'main',
      incidentType: 'Vandalism',
      description: 'E2E: graffiti on the east wall.',
    });
    const page = await openPage(`/reports?id=${id}`, staff('imt.main@campus.test'));
    const detail = page.getByRole('dialog', { name: 'Incident report' });
    await detail.getByText(`ID ${id}`).waitFor();
    await detail.getByRole('button', { name: 'Assign', exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Decline' }).waitFor();
    assert.equal(
      await detail.getByRole('button', { name: 'Submit accomplishment report' }).count(),
      0,
    );
  });
});

describe('An alert you can act on', () => {
  it('the toast names type and campus, Open opens the new report, and the unread count shows and clears', async () => {
    const page = await openPage('/reports', accounts().admin);
    await page
      .getByRole('table', { name: 'Waiting for assignment' })
      .locator('tbody tr')
      .first()
      .waitFor();
    await alertWatchLive(page);
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[4],
      campus: 'north',
      incidentType: 'Medical',
      description: 'E2E: a sprained ankle on the north field.',
    });
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'New Incident Reported' })
      .filter({ hasText: 'Medical at North Campus' });
    await toast.waitFor({ timeout: 15_000 });

    // Counted in the navigation and the tab title; the new row is marked until seen.
    const badge = page.getByTestId('unread-badge');
    await waitUntil(async () => (await badge.count()) === 1, { what: 'the unread badge' });
    assert.match((await badge.textContent()) ?? '', /^1 unread/);
    assert.match(await page.title(), /^\(1\) /);
    const row = rowOf(page.getByRole('table', { name: 'Waiting for assignment' }), await isoOf(id));
    await row.getByText('New', { exact: true }).waitFor();
    // The toasts sit at the bottom, clear of the filters and the page's controls at the top.
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    assert.ok(box && box.y > viewport.height / 2, `toast at y=${box?.y}`);
    await screenshot(page, 'admin-new-incident-toast');

    await toast.getByRole('button', { name: 'Open' }).click();
    const detail = page.getByRole('dialog', { name: 'Incident report' });
    await detail.getByText(`ID ${id}`).waitFor();
    assert.match(page.url(), new RegExp(`[?&]id=${id}`));
    await badge.waitFor({ state: 'detached' });
    assert.doesNotMatch(await page.title(), /^\(\d+\)/);
  });

  it('the unread list keeps what a closed toast said; Open there opens the report', async () => {
    const page = await openPage('/', staff('imt.north@campus.test'));
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await alertWatchLive(page);
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[2],
      campus: 'north',
      incidentType: 'Theft',
      description: 'E2E: a wallet taken from the north cafeteria.',
    });
    const toast = page.getByRole('alert').filter({ hasText: 'Theft at North Campus' });
    await toast.waitFor({ timeout: 15_000 });
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    // Still announced (a live region that stays) and listed until read.
    await page
      .locator('[aria-live="polite"]', { hasText: 'New Incident Reported: Theft at North Campus.' })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Alerts (1 unread)' }).click();
    const list = page.getByRole('region', { name: 'Unread alerts' });
    await list.getByText('Theft at North Campus').waitFor();
    await list.getByRole('button', { name: 'Enable desktop alerts' }).waitFor();
    await assertAccessible(page, 'unread-alerts', { within: '#unread-alerts' });
    await list.getByRole('button', { name: 'Open Theft at North Campus' }).click();
    const detail = page.getByRole('dialog', { name: 'Incident report' });
    await detail.getByText(`ID ${id}`).waitFor();
    await page.getByTestId('unread-badge').waitFor({ state: 'detached' });
  });
});

/** The main screens of each role, for the narrow-width checks. */
const NARROW_SCREENS = [
  ['/', 'Home'],
  ['/reports', 'Incident reports'],
  ['/reports?view=all', 'Incident reports'],
  ['/accomplishment', 'Accomplishment reports'],
  ['/profiles', 'Profile'],
];
const ADMIN_SCREENS = [
  ['/accounts', 'Accounts'],
  ['/articles', 'Articles'],
  ['/announcements', 'Announcements'],
  ['/tags', 'Tags'],
  ['/releases', 'App releases'],
  ['/archives/reports', 'Archived incident reports'],
  ['/archives/accomplishments', 'Archived accomplishment reports'],
  ['/archives/accounts', 'Archived accounts'],
];

describe('Narrow screens', () => {
  it('at 768 px a report opens from the list', async () => {
    const page = await openPage('/reports', staff('imt.main@campus.test'), {
      viewport: { width: 768, height: 1024 },
    });
    const open = page
      .getByRole('table', { name: 'Waiting for assignment' })
      .getByRole('button', { name: /^Open report / })
      .first();
    await open.waitFor();
    const box = await open.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 768, `Open at x=${box?.x}`);
    await open.click();
    await page.getByRole('dialog', { name: 'Incident report' }).getByText(/^ID /).waitFor();
  });

  it('at 390 px no main screen scrolls sideways', async () => {
    const admin = accounts().admin;
    const imt = staff('imt.main@campus.test');
    const cases = [
      ...NARROW_SCREENS.map(([path, heading]) => [admin, 'admin', path, heading]),
      ...ADMIN_SCREENS.map(([path, heading]) => [admin, 'admin', path, heading]),
      ...NARROW_SCREENS.map(([path, heading]) => [imt, 'imt', path, heading]),
    ];
    const wide = [];
    for (const [account, who, path, heading] of cases) {
      const page = await openPage(path, account, { viewport: { width: 390, height: 844 } });
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      const name = `${who}${path.replace(/[/?=]+/g, '-')}-390`;
      await screenshot(page, name);
      if (scrollWidth > innerWidth) wide.push(`${name}: ${scrollWidth} > ${innerWidth}`);
      await page.context().close();
    }
    assert.deepEqual(wide, [], 'screens wider than the phone');
  });
});
