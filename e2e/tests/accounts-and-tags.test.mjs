import assert from 'node:assert/strict';
import { accounts, db, openPage } from '../support/suite.mjs';

// Creating accounts (invitations) and changing staff access: identity.test.mjs.

describe('Tags', () => {
  it('Admin adds several tags at once; existing ones are refused before sending', async () => {
    const page = await openPage('/tags', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    const table = page.getByRole('table', { name: 'Tags' });
    await table.getByRole('cell', { name: 'Library', exact: true }).waitFor();

    await page.getByLabel('New tags').fill('Bike Theft, Flooding\nPower   Outage');
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByRole('status').filter({ hasText: 'Tags added' }).waitFor();
    for (const name of ['Bike Theft', 'Flooding', 'Power Outage']) {
      await table.getByRole('cell', { name, exact: true }).waitFor();
    }
    assert.equal(await page.getByLabel('New tags').inputValue(), '', 'the field is cleared');
    const stored = (await db().collection('tags').get()).docs.map((d) => d.get('name'));
    assert.ok(['Bike Theft', 'Flooding', 'Power Outage'].every((n) => stored.includes(n)));

    await page.getByLabel('New tags').fill('flooding');
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByText('All of these tags already exist.').waitFor();
    assert.equal(await page.getByLabel('New tags').inputValue(), 'flooding', 'input is kept');
  });
});
