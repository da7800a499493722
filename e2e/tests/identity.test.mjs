/**
 * Issue 17: identity you can trust. An invited person sets their own password and verifies before
 * working; an unverified account cannot be made staff (the Accounts screen says why); a reporter
 * who signed up through the SDK reports only after verifying through the emulator's oob link.
 */
import assert from 'node:assert/strict';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  reload,
  sendEmailVerification,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
} from 'firebase/firestore';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, adminAuth, db, openPage, stack, verificationLink } from '../support/suite.mjs';

const PROJECT = 'demo-campus-safety';
// A callable's first call starts its worker in the Functions emulator: tens of seconds on a busy
// machine. What follows a call waits this long for it.
const CALLED = { timeout: 60_000 };

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

function accountRow(page, email) {
  return page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: email });
}

describe('Identity (issue 17)', () => {
  it('an Admin invites a person, who opens the invitation, sets a password, verifies and works', async function () {
    // Five callables, each possibly on its first (cold) run.
    this.timeout(300_000);
    const page = await openPage('/accounts', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    const email = `jordan.e2e.${Date.now()}@campus.test`;

    await page.getByRole('button', { name: 'Create account' }).click();
    const form = page.getByRole('dialog', { name: 'Create account' });
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').selectOption('IMT');
    await form.getByLabel('Campus').selectOption('north');
    await assertAccessible(page, 'dialog-create-account', DIALOGS);
    await form.getByRole('button', { name: 'Create account' }).click();

    const created = page.getByRole('dialog', { name: 'Account created' });
    await created.getByTestId('invitation-link').waitFor(CALLED);
    const link = (await created.getByTestId('invitation-link').textContent()).trim();
    await assertAccessible(page, 'dialog-account-created', DIALOGS);
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    assert.equal(await passwordWorks(email, `jo#${today}`), false, 'no derived password exists');
    await created.getByRole('button', { name: 'Done' }).click();
    const row = accountRow(page, email);
    await row.waitFor();
    assert.match(
      await row.textContent(),
      /Jordan Tester.*IMT.*North Campus.*Not verified.*Invited/,
    );
    assert.equal(await page.getByText(link).count(), 0, 'the link is not shown again');

    // The person opens the link in their own browser.
    const { pathname, hash } = new URL(link);
    const person = await openPage(`${pathname}${hash}`);
    await person.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    await assertAccessible(person, 'invitation');
    await person.getByLabel('New password').fill('short');
    await person.getByLabel('Confirm password').fill('short');
    await person.getByRole('button', { name: 'Set password and sign in' }).click();
    await person.getByText('Use at least 12 characters.').waitFor();
    const password = 'Patrol duty 2026';
    await person.getByLabel('New password').fill(password);
    await person.getByLabel('Confirm password').fill(password);
    await person.getByRole('button', { name: 'Set password and sign in' }).click();

    // Signed in with the new password; the role waits for the email.
    await person.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor(CALLED);
    await person.getByRole('button', { name: 'Send verification email' }).click();
    await person.getByRole('status').filter({ hasText: 'Verification email sent' }).waitFor();
    assert.equal((await fetch(await verificationLink(email))).status, 200, 'the link verifies');
    await person.getByRole('button', { name: 'I have verified' }).click();
    await person.getByRole('heading', { level: 1, name: 'Home' }).waitFor(CALLED);
    assert.ok(await passwordWorks(email, password), 'the person’s own password signs in');

    // The server mirrors the verification; the Admin's screen shows it.
    await row
      .filter({ hasText: /Verified/ })
      .filter({ hasText: 'Set by the person' })
      .waitFor(CALLED);

    // The invitation was spent: opening it again sets nothing.
    const again = await openPage(`${pathname}${hash}`);
    await again.getByLabel('New password').fill('Another long one 1');
    await again.getByLabel('Confirm password').fill('Another long one 1');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await again.getByText(/already used or replaced/).waitFor(CALLED);
    assert.ok(await passwordWorks(email, password), 'the password is still the person’s own');
  });

  it('an unverified account cannot be made staff, and the Accounts screen says why', async function () {
    this.timeout(180_000);
    const email = `sam.squat.${Date.now()}@campus.test`;
    const { uid } = await adminAuth().createUser({ email, password: 'squatter-pass-1' });
    await db().collection('users').doc(uid).set({
      firstName: 'Sam',
      firstNameLowerCase: 'sam',
      lastName: 'Signup',
      email,
      role: 'User',
      campus: null,
      isArchived: false,
      isUsingDefaultPassword: false,
      registrationDate: new Date().toISOString(),
      registrationDateTimestamp: new Date(),
      deviceToken: [],
    });

    const page = await openPage('/accounts', accounts().admin);
    const row = accountRow(page, email);
    await row.filter({ hasText: 'Not verified' }).waitFor();
    await row.getByRole('button', { name: 'Role & campus of Sam Signup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Role and campus of Sam Signup' });
    await dialog.getByTestId('unverified-note').waitFor();
    await dialog.getByLabel('Role').selectOption('IMT');
    await dialog.getByLabel('Campus').selectOption('main');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'has not verified its email address' })
      .waitFor(CALLED);
    await assertAccessible(page, 'dialog-unverified-role', DIALOGS);

    const profile = (await db().collection('users').doc(uid).get()).data();
    assert.equal(profile.role, 'User');
    assert.equal(profile.campus, null);
    assert.equal((await adminAuth().getUser(uid)).customClaims, undefined);
  });

  it('a reporter signs up through the SDK, cannot report, verifies through the oob link, then can', async () => {
    const endpoints = stack().endpoints;
    const app = initializeApp(
      { apiKey: 'demo-api-key', projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com` },
      `reporter-${Date.now()}`,
    );
    try {
      const auth = getAuth(app);
      connectAuthEmulator(auth, `http://${endpoints.auth}`, { disableWarnings: true });
      const firestore = getFirestore(app);
      const [host, port] = endpoints.firestore.split(':');
      connectFirestoreEmulator(firestore, host, Number(port));

      const email = `rhea.reporter.${Date.now()}@mail.test`;
      const { user } = await createUserWithEmailAndPassword(auth, email, 'reporter-pass-123');
      await setDoc(doc(firestore, 'users', user.uid), {
        firstName: 'Rhea',
        lastName: 'Reporter',
        email,
        role: 'User',
        isArchived: false,
      });
      // As the app files it: with its count in the reporter's hourly quota.
      const { fileReportAsApp } = await import('@campus-safety/testkit/app-report');
      const report = () =>
        fileReportAsApp(firestore, user.uid, {
          timestamp: serverTimestamp(),
          geoLoc: { latitude: 14.6, longitude: 121.0 },
          nearestCampus: 'main',
          status: 'Reported',
          isArchived: false,
          email,
          reporterId: user.uid,
          incidentType: 'Theft',
          description: 'Phone taken at the canteen',
        });
      await assert.rejects(report(), { code: 'permission-denied' }, 'unverified cannot report');

      await sendEmailVerification(user);
      assert.equal((await fetch(await verificationLink(email))).status, 200);
      await reload(user);
      assert.equal(user.emailVerified, true);
      await user.getIdToken(true);
      const created = await report();
      const stored = (await db().collection('incident_reports').doc(created.id).get()).data();
      assert.equal(stored.reporterId, user.uid);
      assert.equal(stored.status, 'Reported');
    } finally {
      await deleteApp(app);
    }
  });
});
