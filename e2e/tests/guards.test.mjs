import assert from 'node:assert/strict';
import { accounts, openPage, staff, submitSignIn } from '../support/suite.mjs';

describe('Route guards', () => {
  it('IMT opening /accounts lands on /unauthorized', async () => {
    const page = await openPage('/accounts', staff('imt.main@campus.test'));
    await page.waitForURL('**/unauthorized');
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Accounts' }).count(), 0);
  });

  it('signed out, /reports goes to /login and back to /reports after signing in', async () => {
    const page = await openPage('/reports');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await submitSignIn(page, accounts().admin.email, accounts().admin.password);
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/reports');
  });

  it('an unknown path shows the not-found screen', async () => {
    const page = await openPage('/no/such/screen');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).waitFor();
  });
});
