/**
 * Issue 17 item 4: SMS second factor. An Admin adds a phone on Profile with the code the Auth
 * emulator lists (it sends no SMS), signs out and signs in again with a new code; with
 * settings/security requiring it, an Admin without one is sent to enrol, and the seeded Admin
 * with a phone signs in with its code.
 */
import assert from 'node:assert/strict';
import { PROJECT_ID } from '@campus-safety/testkit/repo';
import { verificationCodes } from '@campus-safety/testkit/second-factor';
import { waitFor } from '@campus-safety/testkit/wait';
import { DEMO_ADMIN_WITH_SECOND_FACTOR } from '../../scripts/seed/accounts.mjs';
import { screenshot } from '../support/artifacts.mjs';
import {
  adminAuth,
  createVerifiedAccount,
  db,
  openPage,
  stack,
  submitSignIn,
} from '../support/suite.mjs';

const PASSWORD = 'e2e-second-factor-1';
const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['768', { width: 768, height: 1024 }],
  ['390', { width: 390, height: 844 }],
];

const emulator = () => ({ authHost: stack().endpoints.auth, project: PROJECT_ID });
const settings = () => db().collection('settings').doc('security');

/** The session ids of the codes already issued, so a wait finds only the next one. */
async function issued() {
  return new Set((await verificationCodes(emulator())).map((c) => c.sessionInfo));
}

/** The code the emulator issued to `phone` after `before` was taken. */
async function nextCode(phone, before) {
  const found = await waitFor(
    async () =>
      (await verificationCodes(emulator())).find(
        (c) => c.phoneNumber === phone && !before.has(c.sessionInfo),
      ),
    Boolean,
    { what: `an SMS code for ${phone}` },
  );
  return found.code;
}

/** Any six digits but the code. */
const wrongCode = (code) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

/** A verified Admin without a second factor, as createAccount and the user trigger leave one. */
async function newAdmin(label) {
  const uid = `e2e-${label}-${Date.now()}`;
  const email = `${uid}@campus.test`;
  await createVerifiedAccount({
    uid,
    email,
    password: PASSWORD,
    role: 'Admin',
    profile: { firstName: 'Dana', firstNameLowerCase: 'dana', lastName: label },
  });
  return { uid, email };
}

/** Phone + code in the enrolment form of Profile (or of the enrol screen). */
async function addPhone(page, phone, { shots } = {}) {
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Name (optional)').fill('Work phone');
  const before = await issued();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await nextCode(phone.replace(/\s/g, ''), before);
  await page.getByLabel('SMS code', { exact: true }).waitFor();
  if (shots) await shotsAt(page, shots);
  await page.getByLabel('SMS code', { exact: true }).fill(wrongCode(code));
  await page.getByRole('button', { name: 'Confirm code and add phone' }).click();
  await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
  await page.getByLabel('SMS code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm code and add phone' }).click();
}

/** The second step of the login page: a wrong code is refused, the right one signs in. */
async function enterSignInCode(page, phone, before, { shots } = {}) {
  await page.getByRole('heading', { level: 1, name: 'Enter your code' }).waitFor();
  const code = await nextCode(phone, before);
  await page.getByText('We sent a 6-digit code to').waitFor();
  await page.getByLabel('SMS code', { exact: true }).fill(wrongCode(code));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
  if (shots) await shotsAt(page, shots);
  await page.getByLabel('SMS code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

async function shotsAt(page, name) {
  const original = page.viewportSize();
  for (const [width, size] of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(original);
}

describe('Second factor (SMS code)', () => {
  it('An Admin adds a phone on Profile, signs out, and signs in again with the SMS code', async function () {
    this.timeout(180_000);
    const admin = await newAdmin('enrol');
    const phone = '+1 555 555 0199';
    const page = await openPage('/login');
    await submitSignIn(page, admin.email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.goto('/profiles');
    const section = page.getByRole('region', { name: 'Second factor (SMS code)' });
    await section.getByText('No second factor yet.').waitFor();

    await addPhone(page, phone, { shots: 'second-factor-profile-code' });
    const factors = section.getByRole('list', { name: 'Your second factors' });
    await factors.getByText('Work phone').waitFor();
    await factors.getByText('+15555550199', { exact: false }).waitFor();
    const enrolled = await adminAuth().getUser(admin.uid);
    assert.deepEqual(
      enrolled.multiFactor?.enrolledFactors.map((f) => [f.factorId, f.phoneNumber]),
      [['phone', '+15555550199']],
    );
    await shotsAt(page, 'second-factor-profile-enrolled');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const before = await issued();
    await submitSignIn(page, admin.email, PASSWORD);
    await enterSignInCode(page, '+15555550199', before, { shots: 'second-factor-sign-in-code' });
    // Back where the sign-out happened.
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  });

  it('With the requirement on, an Admin without a second factor is sent to enrol; an Admin with one signs in with the code', async function () {
    this.timeout(180_000);
    await settings().set({ adminsRequireSecondFactor: true });
    try {
      const admin = await newAdmin('required');
      const page = await openPage('/login');
      await submitSignIn(page, admin.email, PASSWORD);
      await page
        .getByRole('heading', { level: 1, name: 'Add a second factor to continue' })
        .waitFor();
      assert.equal(await page.getByRole('link', { name: 'Accounts' }).count(), 0);
      await shotsAt(page, 'second-factor-required');
      // Enrolling here hands the session a token that names the factor: the console opens.
      await addPhone(page, '+1 555 555 0177');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();

      const seeded = DEMO_ADMIN_WITH_SECOND_FACTOR;
      const other = await openPage('/login');
      const before = await issued();
      await submitSignIn(other, seeded.email, seeded.password);
      await enterSignInCode(other, seeded.secondFactorPhone, before);
      await other.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await other.goto('/accounts');
      await other.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    } finally {
      await settings().set({ adminsRequireSecondFactor: false });
    }
  });
});
