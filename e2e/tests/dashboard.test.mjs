import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { accounts, db, openPage, submitSignIn } from '../support/suite.mjs';

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
  return Number((await value.textContent()).trim());
}

describe('Dashboard over a period', () => {
  it("the dashboard's range changes the figures (presets, custom range, URL)", async () => {
    const reports = db().collection('incident_reports');
    const now = Date.now();
    const today = zoneDay(now);
    // What the app would write: one report 45 days ago (inside 90 days, outside 30) and two on
    // a day 200 days ago that the seed never uses.
    const report = (ms) => ({
      timestamp: Timestamp.fromMillis(ms),
      geoLoc: { latitude: 14.7566, longitude: 121.0447 },
      nearestCampus: 'North Campus',
      status: 'Reported',
      isArchived: false,
      email: 'reporter1@campus.test',
      incidentType: 'Theft',
      description: 'dashboard range e2e',
    });
    const oldDay = minusDays(today, 200);
    await reports.add(report(now - 45 * DAY_MS));
    await reports.add(report(Date.parse(`${oldDay}T04:00:00Z`)));
    await reports.add(report(Date.parse(`${oldDay}T05:00:00Z`)));

    const admin = accounts().admin;
    const page = await openPage('/login');
    await submitSignIn(page, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Open the dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trends and response targets' }).waitFor();

    const expect = async (from, what) => {
      const expected = await reportsBetween(from, today);
      await waitUntil(async () => (await reportsInPeriod(page).catch(() => -1)) === expected, {
        what: `${what}: ${expected} reports`,
        timeoutMs: 30_000,
      });
      return expected;
    };
    const thirty = await expect(minusDays(today, 29), 'last 30 days');
    assert.ok(thirty > 0, 'the seed has reports in the last 30 days');

    await page.getByLabel('Period').selectOption('90d');
    await page.waitForURL(/period=90d/);
    const ninety = await expect(minusDays(today, 89), 'last 90 days');
    assert.ok(ninety > thirty, 'the report 45 days ago counts in 90 days, not in 30');

    // A custom range of the one old day: exactly its two reports, and the URL holds it.
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From').fill(oldDay);
    await page.getByLabel('To').fill(oldDay);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`from=${oldDay}&to=${oldDay}`));
    await waitUntil(async () => (await reportsInPeriod(page).catch(() => -1)) === 2, {
      what: 'the two reports of the custom day',
      timeoutMs: 30_000,
    });
    // The same URL opened afresh shows the same view; another campus has none of them.
    await page.goto(`/dashboard?from=${oldDay}&to=${oldDay}&campus=Main+Campus`);
    await waitUntil(async () => (await reportsInPeriod(page).catch(() => -1)) === 0, {
      what: 'no Main Campus reports on that day',
    });
    await page.getByLabel('Campus').selectOption('North Campus');
    await waitUntil(async () => (await reportsInPeriod(page).catch(() => -1)) === 2, {
      what: 'the two North Campus reports',
    });

    // Each table is behind its chart and downloads as CSV.
    await page.goto('/dashboard?period=90d');
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
  });
});
