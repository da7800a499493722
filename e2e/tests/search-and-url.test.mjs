import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { accounts, db, openPage } from '../support/suite.mjs';

const PAGE_SIZE = 25;

/** A report as the mobile app writes it, at a chosen time; the server adds its keywords. */
function reportAt(millis, { email, description, campus = 'main' }) {
  return {
    timestamp: Timestamp.fromMillis(millis),
    geoLoc: { latitude: 14.6549, longitude: 121.0645 },
    nearestCampus: campus,
    // Declined, so these stay out of the triage queues later suites watch (unassigned first).
    status: 'Declined',
    isArchived: false,
    email,
    reporterId: accounts().reporters[0].uid,
    incidentType: 'Theft',
    description,
  };
}

/** Live reports, newest first, as the Admin's list orders them. */
async function liveReports() {
  const snap = await db()
    .collection('incident_reports')
    .where('isArchived', '==', false)
    .orderBy('timestamp', 'desc')
    .get();
  return snap.docs;
}

/* global document -- runs in the page. */
/** Waits until the tab is titled `title` (set by an effect, just after the render). */
function titled(page, title) {
  return page.waitForFunction((expected) => document.title === expected, title);
}

function table(page) {
  return page.getByRole('table', { name: 'Incident reports' });
}

function pager(page) {
  return page.getByRole('navigation', { name: 'Pagination' });
}

describe('Search and the URL', () => {
  it('search finds a report that is on page 3', async function () {
    // 52 reports run every report trigger before the console is opened.
    this.timeout(180_000);
    // Two reports with words of their own, indexed by the keywords trigger before anything else
    // queues behind them; the target is placed so that, once 50 newer reports arrive, it is the
    // 61st report of the list: the 11th row of page 3.
    const live = await liveReports();
    assert.ok(live.length >= 10, `${live.length} live reports`);
    const tenth = live[9].get('timestamp').toMillis();
    const word = `zanzibar${randomUUID().slice(0, 6)}`;
    const other = `quokka${randomUUID().slice(0, 6)}`;
    const email = `e2e-${word}@campus.edu`;
    const target = db().collection('incident_reports').doc();
    const sibling = db().collection('incident_reports').doc();
    await target.set(
      reportAt(tenth - 1, { email, description: `Bicycle with a ${word} sticker taken` }),
    );
    await sibling.set(
      reportAt(tenth - 2, {
        email: 'e2e-sibling@campus.edu',
        description: `A ${other} plush left in the hall`,
      }),
    );
    for (const [ref, expected] of [
      [target, word],
      [sibling, other],
    ]) {
      await waitUntil(async () => (await ref.get()).get('keywords')?.includes(expected), {
        timeoutMs: 60_000,
        what: `the keywords trigger to index ${expected}`,
      });
    }
    const filler = db().batch();
    const now = Date.now();
    for (let i = 0; i < 2 * PAGE_SIZE; i++) {
      filler.set(
        db().collection('incident_reports').doc(),
        reportAt(now - (i + 1) * 1000, {
          email: 'e2e-filler@campus.edu',
          description: 'E2E filler: a bag left behind',
        }),
      );
    }
    await filler.commit();
    const ids = (await liveReports()).map((d) => d.id);
    assert.equal(ids.indexOf(target.id), 2 * PAGE_SIZE + 10, 'the target is row 11 of page 3');

    const page = await openPage('/reports?view=all', accounts().admin);
    const rows = table(page).locator('tbody tr');
    await rows.first().waitFor();
    for (const pageNumber of [2, 3]) {
      await pager(page).getByRole('button', { name: 'Next page' }).click();
      await pager(page).getByText(`Page ${pageNumber} ·`).waitFor();
    }
    // The reporter column is on the cards and on the widest tables only: present, maybe hidden.
    await table(page).getByText(email).waitFor({ state: 'attached' });
    assert.match(await pager(page).textContent(), /reports 51–75 of \d+/);

    // From page 3, search: the one report with that word, counted by the server.
    await page.getByLabel('Search').fill(word.toUpperCase());
    await pager(page).getByText('reports 1–1 of 1 matching any search word').waitFor();
    assert.equal(await rows.count(), 1);
    await rows.first().getByText(email).waitFor({ state: 'attached' });
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('q'), word.toUpperCase());
    assert.equal(url.searchParams.get('page'), null, 'a new search starts on page 1');

    // Two words match reports with either (the pager says so), and the count is the server's.
    await page.getByLabel('Search').fill(`${word} ${other}`);
    await pager(page).getByText('reports 1–2 of 2 matching any search word').waitFor();
    await rows.nth(1).getByText('e2e-sibling@campus.edu').waitFor({ state: 'attached' });
  });

  it('a filtered URL round-trips through reload and Back', async () => {
    const page = await openPage('/reports?view=all', accounts().admin);
    await table(page).locator('tbody tr').first().waitFor();
    await titled(page, 'Reports · Metro U Safety Console');

    await page.getByLabel('Campus').selectOption('north');
    await page.getByLabel('Status').selectOption('Processing');
    await page.waitForURL(/campus=North\+Campus&status=|status=Processing.*campus=/);
    // Every North Campus report has the word "north" (its campus), so rows are sure to match.
    await page.getByLabel('Search').fill('north');
    await page.waitForURL(/q=north/);
    const filtered = page.url();
    await titled(page, 'Reports · North Campus · Metro U Safety Console');
    // The summary once the server has counted the searched list: before the search's count
    // arrives the summary may still show the previous filter's count, then "of …".
    const counted = await page
      .waitForFunction(() => {
        const text = document.querySelector('nav[aria-label="Pagination"] span')?.textContent;
        return text?.includes('matching any search word') && !text.includes('…') ? text : false;
      })
      .then((handle) => handle.jsonValue());
    // The rows by the report each opens: their text holds ages that tick with the clock.
    const openButtons = (p) =>
      table(p)
        .getByRole('button', { name: /^Open report / })
        .evaluateAll((buttons) =>
          buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent),
        );
    const shown = await openButtons(page);

    await page.reload();
    await table(page).locator('tbody tr').first().waitFor();
    assert.equal(page.url(), filtered);
    assert.equal(await page.getByLabel('Campus').inputValue(), 'north');
    assert.equal(await page.getByLabel('Status').inputValue(), 'Processing');
    assert.equal(await page.getByLabel('Search').inputValue(), 'north');
    await pager(page).getByText(counted, { exact: true }).waitFor();
    assert.deepEqual(await openButtons(page), shown);

    // Open a report: it joins the URL; Back closes it and keeps the filters.
    await table(page)
      .getByRole('button', { name: /^Open report / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Incident report' });
    await dialog.waitFor();
    assert.ok(new URL(page.url()).searchParams.get('id'));
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(page.url(), filtered);

    // Back again undoes the search, then the status, then the campus.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('q'));
    assert.equal(await page.getByLabel('Search').inputValue(), '');
    assert.equal(await page.getByLabel('Status').inputValue(), 'Processing');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('status'));
    assert.equal(await page.getByLabel('Campus').inputValue(), 'north');
    await page.goBack();
    await page.waitForURL((u) => u.search === '?view=all');
    await titled(page, 'Reports · Metro U Safety Console');
  });
});
