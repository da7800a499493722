import assert from 'node:assert/strict';
import { accounts, db, openPage } from '../support/suite.mjs';
import { screenshotsAtWidths } from '../support/artifacts.mjs';

/**
 * The Admin's set-up checklist on Home (docs/setup.md#set-up-checklist). The seed writes the
 * starter settings as setup does, with a demo on-call schedule per campus and its staff, so the
 * demo Admin meets it with those two steps done.
 */
describe('Set-up checklist', () => {
  const typesRef = () => db().doc('settings/incident_types');
  /** Every setting as the suites before this one left it, put back afterwards. */
  let left = [];
  before(async () => {
    // The checklist reads what is saved, and other suites save settings (templates, targets):
    // start from the starter settings as a new deployment does, through the seed's own writer.
    // (Loaded here: the model is TypeScript, registered by the stack, support/stack.mjs.)
    const { writeStarterSettings } = await import('../../scripts/setup/starter-settings.mjs');
    const { DEMO_CAMPUSES } = await import('@campus-safety/model/demo');
    left = (await db().collection('settings').get()).docs.map((d) => [d.ref, d.data()]);
    await writeStarterSettings(db(), { now: new Date(), replace: true, campuses: DEMO_CAMPUSES });
  });
  after(async () => {
    const batch = db().batch();
    for (const d of (await db().collection('settings').get()).docs) batch.delete(d.ref);
    for (const [ref, data] of left) batch.set(ref, data);
    await batch.commit();
  });

  it('shows the Admin what is left, follows a saved setting live, and can be hidden', async function () {
    this.timeout(120_000);
    const page = await openPage('/', accounts().admin);
    const checklist = page.getByRole('region', { name: 'Set up this deployment' });
    await checklist.getByText('2 of 7 done').waitFor();
    const item = (label) => checklist.getByRole('listitem').filter({ hasText: label });
    for (const label of ['On-call schedules', 'Invite staff'])
      await item(label).getByText(': done.').waitFor();
    for (const label of [
      'Institution profile',
      'Campuses and buildings',
      'Incident types',
      'Response targets',
      'Alert templates',
    ])
      await item(label).getByText(': not done.').waitFor();
    assert.equal(
      await item('Incident types')
        .getByRole('link', { name: 'Open Incident types' })
        .getAttribute('href'),
      '/settings',
    );
    await screenshotsAtWidths(page, 'home-setup-checklist');

    // An Admin saves the types (as saveSetting records it): the step turns done without a reload.
    await typesRef().update({ updatedBy: { uid: 'another-admin', name: 'Another Admin' } });
    await checklist.getByText('3 of 7 done').waitFor();
    await item('Incident types').getByText(': done.').waitFor();

    await checklist.getByRole('button', { name: 'Hide checklist' }).click();
    await page.getByText('Set-up checklist hidden (3 of 7 done).').waitFor();
    assert.equal(await checklist.count(), 0);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.getByText('Set-up checklist hidden (3 of 7 done).').waitFor();
    await page.getByRole('button', { name: 'Show it' }).click();
    await checklist.getByText('3 of 7 done').waitFor();
  });
});
