import assert from 'node:assert/strict';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { accounts, openPage, staff } from '../support/suite.mjs';

const HEADER = 'external_id,name,email,phone,campus,affiliation';
/** Unique to this run, so the people and emails are this test's own. */
const run = Date.now().toString(36);
const rows = (secondEmail) =>
  [
    HEADER,
    `E2E-${run}-1,Ysabel Quintero,ysabel.${run}@example.edu,0917 555 0101,North Campus,student`,
    `E2E-${run}-2,Ynez Quirino,${secondEmail},,Main Campus,staff`,
  ].join('\n');
const file = (text) => ({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('Roster', () => {
  it('an Admin previews a file with a bad row, fixes it, applies it and finds the person', async () => {
    const page = await openPage('/roster', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    const chooser = page.getByLabel('Roster file (CSV)');

    await chooser.setInputFiles(file(rows('not-an-email')));
    await page.getByText('Chosen: people.csv').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const problems = page.getByRole('table', { name: 'Problems of the file' });
    const problem = problems.getByRole('row').filter({ hasText: 'Invalid email address.' });
    await problem.waitFor();
    assert.equal(await problem.locator('[data-cell="Row"]').innerText(), '3');
    assert.equal(await problem.locator('[data-cell="Column"]').innerText(), 'email');
    assert.ok(await apply.isDisabled(), 'a file with a problem cannot be applied');

    await chooser.setInputFiles(file(rows(`ynez.${run}@example.edu`)));
    await page.getByRole('button', { name: 'Preview' }).waitFor();
    assert.ok(await apply.isDisabled(), 'the fixed file must be previewed before it is applied');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Preview (update): no problem, ready to apply.').waitFor();
    assert.equal(await page.locator('[data-count="add"]').innerText(), '2');
    await apply.click();
    await page.getByRole('status').filter({ hasText: 'Roster applied' }).waitFor();
    assert.ok(await apply.isDisabled(), 'an applied preview is not applied twice');

    const history = page.getByRole('table', { name: 'Roster imports, newest first' });
    const newest = history.locator('tbody tr').first();
    await newest.locator('[data-cell="Added"]', { hasText: '2' }).waitFor();
    assert.equal(await newest.locator('[data-cell="Mode"]').innerText(), 'update');
    assert.equal(await newest.locator('[data-cell="From"]').innerText(), 'Console');

    await page.getByLabel('Name begins with').fill('Ysabel Q');
    const people = page.getByRole('table', { name: 'Roster people' });
    const person = people.getByRole('row').filter({ hasText: `E2E-${run}-1` });
    await person.waitFor();
    assert.equal(await person.locator('[data-cell="Phone"]').innerText(), '+639175550101');
    assert.equal(await person.locator('[data-cell="Account"]').innerText(), 'Contact only');
    assert.equal(await people.getByRole('row').filter({ hasText: 'Ynez Quirino' }).count(), 0);
    await page.getByLabel('Name begins with').fill('');
    await screenshotsAtWidths(page, 'roster');
  });

  it('IMT opening /roster lands on /unauthorized', async () => {
    const page = await openPage('/roster', staff('imt.main@campus.test'));
    await page.waitForURL('**/unauthorized');
    assert.equal(await page.getByRole('heading', { name: 'Roster' }).count(), 0);
  });
});
