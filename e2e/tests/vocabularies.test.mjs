/**
 * Issue 30 item 4 in the browser (docs/settings.md#incident-types): an Admin adds an incident type
 * on /settings, a reporter files with it in /app, and staff see it on the reports list.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { partShotsAtWidths } from '../support/artifacts.mjs';
import { pinOnCampus } from '../support/reporter-app.mjs';
import { accounts, db, openPage, staff } from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const TRIGGERED = { timeout: 120_000 };

describe('Vocabularies as data (issue 30 item 4)', () => {
  it('an Admin adds an incident type; a reporter files with it in /app; staff see it in the list', async function () {
    this.timeout(300_000);
    const types = db().doc('settings/incident_types');
    const seeded = (await types.get()).data();
    const label = `Noise complaint ${Date.now() % 100_000}`;
    try {
      const settings = await openPage('/settings', accounts().admin);
      const section = settings.getByRole('region', { name: 'Incident types' });
      await section.getByLabel('New type').waitFor({ timeout: 60_000 });
      await section.getByLabel('New type').fill(label);
      await section.getByRole('button', { name: 'Add type' }).click();
      await section
        .getByLabel(`${label}, proposed Clery classification`)
        .selectOption({ label: 'Not a Clery crime' });
      await section.getByRole('button', { name: 'Save types' }).click();
      await settings
        .getByRole('status')
        .filter({ hasText: 'Incident types saved' })
        .waitFor({ timeout: 60_000 });
      const saved = await waitUntil(
        async () => {
          const t = (await types.get()).get('types');
          return t?.[label] ? t : null;
        },
        { what: 'the saved type' },
      );
      assert.deepEqual(saved[label], { label, offered: true, clery: 'notCrime', position: 8 });
      // Saved: the type has no Remove button any more (a saved type is only retired).
      await section.getByRole('button', { name: `Remove ${label}, not saved yet` }).waitFor({
        state: 'detached',
      });
      await partShotsAtWidths(settings, section, 'settings-incident-types');
      await partShotsAtWidths(
        settings,
        settings.getByRole('region', { name: 'Resolve codes' }),
        'settings-resolve-codes',
      );

      const reporter = accounts().reporters[4];
      const app = await openPage('/app/report', reporter, PHONE);
      await app.getByRole('heading', { level: 1, name: 'Report an incident' }).waitFor();
      await app.getByLabel('What happened').selectOption({ label });
      await app.getByLabel('Description (optional)').fill('E2E: music past midnight in the hall.');
      await pinOnCampus(app, 'north');
      await app.getByRole('button', { name: 'Send report' }).click();
      await app
        .getByText('Your report was sent to the North Campus safety team.')
        .waitFor(TRIGGERED);
      const id = new URL(app.url()).pathname.split('/').pop();
      assert.equal((await db().doc(`incident_reports/${id}`).get()).get('incidentType'), label);

      const list = await openPage(
        `/reports?view=all&type=${encodeURIComponent(label)}`,
        staff('admin@campus.test'),
      );
      await list.locator(`[data-row="${id}"]`).getByText(label).first().waitFor(TRIGGERED);
      // The triage suites count the seeded queue: this report leaves it.
      await db().doc(`incident_reports/${id}`).update({ isArchived: true });
    } finally {
      // The other suites start from the seeded types (a saved type is never removed by saveSetting;
      // the test puts the seed's document back directly).
      if (seeded) await types.set(seeded);
    }
  });
});
