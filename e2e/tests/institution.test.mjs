/**
 * Issue 30 item 1 in the browser: an Admin saves the institution profile (time zone and campus
 * security number) on /settings; the console and /app show the new number as a tel: link and
 * their times in the new zone, without a rebuild or a reload.
 */
import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths as shots } from '../support/artifacts.mjs';
import { accounts, db, openPage, submitSignIn } from '../support/suite.mjs';

/** A fixed instant, and how it reads in the seeded zone and in the one the Admin saves. */
const REPORTED_MS = Date.parse('2026-06-15T12:00:00Z');
const IN_MANILA = 'Jun 15 2026 08:00:00 PM';
const IN_CHICAGO = 'Jun 15 2026 07:00:00 AM';
const POLICE = { label: 'Campus police', phone: '+1 (312) 555-0100', href: 'tel:+13125550100' };

describe('Institution profile (issue 30 item 1)', () => {
  it('an Admin saves a zone and a number: the console and /app call it by tel: and show times in the zone', async function () {
    this.timeout(240_000);
    const profile = db().doc('settings/institution');
    const seeded = (await profile.get()).data();
    const reporter = accounts().reporters[1];
    let report = null;
    try {
      // The reporter's app is open before the change and follows it live.
      const app = await openPage('/app/report', null, { viewport: { width: 390, height: 844 } });
      await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor({ timeout: 60_000 });
      await submitSignIn(app, reporter.email, accounts().password);
      await app
        .getByRole('heading', { level: 1, name: 'Report an incident' })
        .waitFor({ timeout: 60_000 });
      report = await db()
        .collection('incident_reports')
        .add({
          timestamp: Timestamp.fromMillis(REPORTED_MS),
          geoLoc: { latitude: 14.7566, longitude: 121.0447 },
          nearestCampus: 'north',
          status: 'Reported',
          isArchived: false,
          email: reporter.email,
          reporterId: reporter.uid,
          incidentType: 'Theft',
          description: 'E2E: a bicycle taken from the rack.',
          imported: true,
        });
      await app.getByRole('link', { name: 'My reports' }).click();
      const appReport = app.locator(`a[href="/app/reports/${report.id}"]`);
      await appReport.getByText(IN_MANILA).waitFor({ timeout: 60_000 });

      const page = await openPage('/settings', accounts().admin);
      const zone = page.getByLabel('Time zone');
      await zone.waitFor({ timeout: 60_000 });
      assert.equal(await zone.inputValue(), 'Asia/Manila');
      // A misspelt zone is refused next to its box, and nothing is saved.
      await zone.fill('America/Chicagoo');
      await page.getByRole('button', { name: 'Save institution' }).click();
      await page.getByText('The time zone must be an IANA zone such as America/Chicago.').waitFor();
      assert.equal((await profile.get()).get('institution.timeZone'), 'Asia/Manila');

      await zone.fill('America/Chicago');
      await page.getByLabel('Campus security: label').fill(POLICE.label);
      await page.getByLabel('Campus security: number').fill(POLICE.phone);
      await page.getByRole('button', { name: 'Save institution' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Institution saved' })
        .waitFor({ timeout: 60_000 });
      await waitUntil(
        async () => (await profile.get()).get('institution.timeZone') === 'America/Chicago',
        { timeoutMs: 30_000, what: 'the saved zone' },
      );

      // The console: the shell's call link and the zone it says times are in.
      const consoleLink = page.locator(`a[href="${POLICE.href}"]`).first();
      await consoleLink.waitFor({ timeout: 30_000 });
      assert.equal(await consoleLink.textContent(), `${POLICE.label}: ${POLICE.phone}`);
      await page
        .getByTestId('time-zone-note')
        .filter({ hasText: 'Times in America/Chicago' })
        .first()
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('history-institution').getByText('History of institution').click();
      await page
        .getByTestId('history-institution')
        .getByText('Time zone: Asia/Manila → America/Chicago')
        .waitFor({ timeout: 30_000 });
      await shots(page, 'settings-institution');

      // /app, without a reload: the header's number and the report's time in Chicago.
      const appLink = app.locator(`a[href="${POLICE.href}"]`).first();
      await appLink.waitFor({ timeout: 30_000 });
      await appReport.getByText(IN_CHICAGO).waitFor({ timeout: 30_000 });
      await app.goto('/app/report');
      await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
      // The report form's own "call first" line dials the saved number too.
      assert.equal(await app.locator(`main a[href="${POLICE.href}"]`).count(), 1);
      await shots(app, 'reporter-app-institution');
    } finally {
      // The other tests read the seeded zone.
      if (seeded) await profile.set(seeded);
      else await profile.delete();
      await report?.delete();
    }
  });
});
