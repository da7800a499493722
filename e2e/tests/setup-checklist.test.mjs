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
  let seeded;
  before(async () => {
    seeded = (await typesRef().get()).data();
    // model STARTER_SETTINGS_EDITOR (this suite runs without the TypeScript model).
    assert.equal(seeded.updatedBy.uid, 'starter-settings', 'the seed wrote the starter types');
  });
  after(() => typesRef().set(seeded));

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
      'Campuses and areas',
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
