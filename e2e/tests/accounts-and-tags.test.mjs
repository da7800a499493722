import assert from 'node:assert/strict';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, adminAuth, db, openPage, stack, submitSignIn } from '../support/suite.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';

/** The link of the verification email the Auth emulator "sent" to `email`. */
async function verificationLink(email) {
  const url = `http://${stack().endpoints.auth}/emulator/v1/projects/demo-campus-safety/oobCodes`;
  return waitUntil(
    async () => {
      const { oobCodes } = await (await fetch(url)).json();
      return oobCodes.find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL')?.oobLink;
    },
    { what: `a verification email to ${email}` },
  );
}

/** Signs in with email and password through the Auth emulator's REST API; true when accepted. */
async function passwordWorks(email, password) {
  const url =
    `http://${stack().endpoints.auth}/identitytoolkit.googleapis.com/v1/` +
    'accounts:signInWithPassword?key=demo-api-key';
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return response.ok;
}

describe('Accounts', () => {
  it('Admin creates an account and sees its default password once; its first sign-in verifies the email and replaces the password', async () => {
    const page = await openPage('/accounts', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    const email = `jordan.e2e.${Date.now()}@campus.test`;

    await page.getByRole('button', { name: 'Create account' }).click();
    const form = page.getByRole('dialog', { name: 'Create account' });
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').selectOption('IMT');
    await form.getByLabel('Campus').selectOption('North Campus');
    await assertAccessible(page, 'dialog-create-account', DIALOGS);
    await form.getByRole('button', { name: 'Create account' }).click();

    const created = page.getByRole('dialog', { name: 'Account created' });
    const password = (await created.getByTestId('default-password').textContent()).trim();
    await assertAccessible(page, 'dialog-account-created', DIALOGS);
    // docs/requirements.md#default-password: the email's first two characters, '#', the
    // registration date's digits.
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    assert.equal(password, `jo#${today}`);
    assert.ok(await passwordWorks(email, password), 'the shown password signs the account in');

    await created.getByRole('button', { name: 'Done' }).click();
    const row = page
      .getByRole('table', { name: 'Accounts' })
      .getByRole('row')
      .filter({ hasText: email });
    await row.waitFor();
    assert.match(await row.textContent(), /Jordan Tester.*IMT.*North Campus/);
    assert.equal(await page.getByText(password).count(), 0, 'the password is not shown again');

    const [user] = (await db().collection('users').where('email', '==', email).get()).docs;
    assert.equal(user.get('isUsingDefaultPassword'), true);

    // The person's first sign-in: verify the email, then replace the default password.
    const person = await openPage('/login');
    await submitSignIn(person, email, password);
    await person.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor();
    await person.getByRole('button', { name: 'Send verification email' }).click();
    await person.getByRole('status').filter({ hasText: 'Verification email sent' }).waitFor();
    assert.equal((await fetch(await verificationLink(email))).status, 200, 'the link verifies');
    await person.getByRole('button', { name: 'I have verified' }).click();
    await person.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await assertAccessible(person, 'change-default-password');

    await person.getByLabel('Current password').fill(password);
    await person.getByLabel('New password', { exact: true }).fill('Patrol2026x');
    await person.getByLabel('Confirm new password').fill('Patrol2026x');
    await person.getByRole('button', { name: 'Save new password' }).click();
    await person.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await waitUntil(async () => (await user.ref.get()).get('isUsingDefaultPassword') === false, {
      what: 'isUsingDefaultPassword to be cleared',
    });
    assert.ok(await passwordWorks(email, 'Patrol2026x'), 'the new password signs in');
    assert.equal(await passwordWorks(email, password), false, 'the default one no longer does');
  });

  it('Admin issues a new default password for an account whose default one expired; it is shown once', async () => {
    // An account whose default password the housekeeping job already expired.
    const email = `casey.e2e.${Date.now()}@campus.test`;
    const { uid } = await adminAuth().createUser({ email, password: 'unknown-Secret-1' });
    await db().collection('users').doc(uid).set({
      firstName: 'Casey',
      firstNameLowerCase: 'casey',
      lastName: 'Expired',
      email,
      role: 'IMT',
      campus: 'Main Campus',
      isArchived: false,
      isUsingDefaultPassword: true,
      defaultPasswordExpiresAt: null,
      registrationDate: new Date().toISOString(),
      registrationDateTimestamp: new Date(),
      deviceToken: [],
    });

    const page = await openPage('/accounts', accounts().admin);
    const row = page
      .getByRole('table', { name: 'Accounts' })
      .getByRole('row')
      .filter({ hasText: email });
    await row.waitFor();
    assert.match(await row.textContent(), /Default, expired/);
    await row.getByRole('button', { name: 'New default password for Casey Expired' }).click();
    await page
      .getByRole('dialog', { name: 'New default password' })
      .getByRole('button', { name: 'Issue password' })
      .click();
    const issued = page.getByRole('dialog', { name: 'New default password' });
    const password = (await issued.getByTestId('default-password').textContent()).trim();
    await assertAccessible(page, 'dialog-new-default-password', DIALOGS);
    assert.ok(await passwordWorks(email, password), 'the shown password signs the account in');
    await issued.getByRole('button', { name: 'Done' }).click();
    await waitUntil(async () => /Default, until/.test(await row.textContent()), {
      what: 'the row to show the new expiry',
    });
    assert.equal(await page.getByText(password).count(), 0, 'the password is not shown again');
  });
});

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
