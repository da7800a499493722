import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { accounts, db, openPage, staff, submitSignIn } from '../support/suite.mjs';

const { programmeTimeZone } = JSON.parse(
  readFileSync(new URL('../../model/src/deployment.json', import.meta.url), 'utf8'),
);
const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of an instant in the programme zone, by the platform's own time zone data. */
const zoneDay = (ms) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: programmeTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
const minusDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** Live reports whose programme-zone day is in [from, to], counted from the reports themselves. */
async function reportsBetween(from, to) {
  const live = await db().collection('incident_reports').where('isArchived', '==', false).get();
  return live.docs.filter((d) => {
    const day = zoneDay(d.get('timestamp').toMillis());
    return day >= from && day <= to;
  }).length;
}

async function reportsInPeriod(page) {
  const value = page
    .getByText('Reports in period', { exact: true })
    .locator('xpath=following-sibling::p');
  // A short wait per read: the polling below retries until its own deadline.
  return Number((await value.textContent({ timeout: 2000 })).trim());
}

/** Waits until the "Reports in period" card shows `expected`. */
async function showsReports(page, expected, what) {
  await waitUntil(async () => (await reportsInPeriod(page).catch(() => -1)) === expected, {
    what: `${what}: ${expected} reports`,
    timeoutMs: 45_000,
  });
}

describe('Dashboard over a period', () => {
  const today = zoneDay(Date.now());
  const oldDay = minusDays(today, 200);

  before(async () => {
    const reports = db().collection('incident_reports');
    const now = Date.now();
    // What the app would write: one report 45 days ago (inside 90 days, outside 30) and two on
    // a day 200 days ago that the seed never uses.
    const report = (ms) => ({
      timestamp: Timestamp.fromMillis(ms),
      geoLoc: { latitude: 14.7566, longitude: 121.0447 },
      nearestCampus: 'north',
      status: 'Reported',
      isArchived: false,
      email: 'reporter1@campus.test',
      incidentType: 'Theft',
      description: 'dashboard range e2e',
    });
    await reports.add(report(now - 45 * DAY_MS));
    await reports.add(report(Date.parse(`${oldDay}T04:00:00Z`)));
    await reports.add(report(Date.parse(`${oldDay}T05:00:00Z`)));
  });

  it("the dashboard's range changes the figures: 30 days, then 90 days", async function () {
    // Sign-in through the form, then two views each waiting for the trigger-kept counts: about
    // 45 s on a busy shared machine, over mocha's 60 s default on a slower one.
    this.timeout(120_000);
    const admin = accounts().admin;
    const page = await openPage('/login');
    await submitSignIn(page, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByRole('link', { name: 'Open trends and targets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trends and targets' }).waitFor();

    const thirty = await reportsBetween(minusDays(today, 29), today);
    assert.ok(thirty > 0, 'the seed has reports in the last 30 days');
    await showsReports(page, thirty, 'last 30 days');

    await page.getByLabel('Period', { exact: true }).selectOption('90d');
    await page.waitForURL(/period=90d/);
    const ninety = await reportsBetween(minusDays(today, 89), today);
    assert.ok(ninety > thirty, 'the report 45 days ago counts in 90 days, not in 30');
    await showsReports(page, ninety, 'last 90 days');
  });

  it('a custom range and the campus filter, held in the URL', async () => {
    const page = await openPage('/dashboard?period=7d', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Trends and targets' }).waitFor();
    // A custom range of the one old day: exactly its two reports, and the URL holds it.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(oldDay);
    await page.getByLabel('To', { exact: true }).fill(oldDay);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`from=${oldDay}&to=${oldDay}`));
    await showsReports(page, 2, 'the custom day');
    await page.getByLabel('Campus', { exact: true }).selectOption('main');
    await page.waitForURL(/campus=main/);
    await showsReports(page, 0, 'Main Campus that day');
    // The same URL opened afresh shows the same view.
    await page.goto(`/dashboard?from=${oldDay}&to=${oldDay}&campus=north`);
    await showsReports(page, 2, 'North Campus that day');
  });

  it("an IMT's campus is its own: a campus in the address is ignored and leaves it", async () => {
    const page = await openPage('/dashboard?period=7d&campus=main', staff('imt.north@campus.test'));
    await page.getByRole('heading', { level: 1, name: 'Trends and targets' }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('campus'));
    assert.equal(new URL(page.url()).searchParams.get('period'), '7d');
    await page.getByText(/^North Campus · /).waitFor();
  });

  it("each chart's table is behind it and downloads as CSV; an Admin rebuilds the figures", async () => {
    const page = await openPage('/dashboard?period=90d', accounts().admin);
    await page.getByText('Table of Top incident types').click();
    const table = page.getByRole('table', { name: 'Top incident types' });
    await table.getByRole('rowheader', { name: 'Theft' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV of Top incident types' }).click(),
    ]);
    assert.match(
      download.suggestedFilename(),
      /^dashboard-top-incident-types-.*-All-campuses\.csv$/,
    );
    const text = await readFile(await download.path(), 'utf8');
    assert.ok(text.startsWith('\uFEFFIncident type,Reports\r\n'), text.slice(0, 40));
    const rows = await table.locator('tbody tr').count();
    assert.equal(text.trim().split('\r\n').length, rows + 1, 'one CSV line per table row');

    // An Admin's rebuild recomputes the same figures from the reports.
    const before = await reportsInPeriod(page);
    await page.getByRole('button', { name: 'Rebuild figures' }).click();
    await page.getByText('Figures rebuilt').waitFor({ timeout: 30_000 });
    await showsReports(page, before, 'the rebuilt figures');
  });
});
