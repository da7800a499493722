/**
 * Issue 31 item 2 in the browser (docs/mass-notifications.md#phones-for-alerts): a reporter at
 * 390 px proves a number for alerts in /app with the code the SMS outbox holds (the recording
 * provider), a wrong code is refused next to the field and kept, and Remove takes the number
 * away; an Admin does the same on the console's Profile at 1440.
 */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { assertAccessible, DIALOGS } from '../support/axe.mjs';
import {
  adminAuth,
  createVerifiedAccount,
  db,
  openPage,
  staff,
  submitSignIn,
} from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const PASSWORD = 'e2e-alert-phone-1';

/** A number no other run uses, typed as people write it and as stored (E.164). */
function freshNumber() {
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  return { typed: `+63 917 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+63917${digits}` };
}

/** The newest code the SMS outbox holds for `phone`, once it is there. */
const codeSentTo = (phone) =>
  waitUntil(
    async () => {
      const sent = (await db().collection('sms_messages').where('to', '==', phone).get()).docs
        .map((d) => d.data())
        .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
      return /code for safety alerts is (\d{6})/.exec(String(sent.at(-1)?.text))?.[1];
    },
    { what: `an SMS code to ${phone}` },
  );

/** `alert_phones/{uid}` once `done` holds for its number (undefined: no document). */
const alertPhoneWhen = (uid, done) =>
  waitUntil(
    async () => {
      const phone = (await db().collection('alert_phones').doc(uid).get()).data()?.phone;
      return done(phone) ? { phone } : undefined;
    },
    { what: `the alert phone of ${uid}` },
  );

/** Any six digits but the code. */
const wrongCode = (code) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

/** A verified reporter of its own (the seeded ones stay as other suites expect them). */
async function newReporter() {
  const uid = `e2e-alert-phone-${Date.now()}`;
  const email = `${uid}@mail.test`;
  await createVerifiedAccount({
    uid,
    email,
    password: PASSWORD,
    role: 'User',
    campus: 'main',
    profile: {
      firstName: 'Rosa',
      firstNameLowerCase: 'rosa',
      lastName: 'Reyes',
      affiliation: 'student',
    },
  });
  return { uid, email };
}

/**
 * Number, a wrong code, the right code, then Remove, in `area` (the part of the page that holds
 * the form): screenshots of each state as `<name>-<state>-<width>`, and an axe scan of each.
 */
async function proveThenRemove(page, area, uid, { name, viewport }) {
  const number = freshNumber();
  const shots = async (state) => {
    await screenshotsAtWidths(page, `${name}-${state}`);
    await page.setViewportSize(viewport);
  };
  await area.getByText('Add a phone for alerts').waitFor();
  await shots('none');
  await assertAccessible(page, `${name}-none`);

  await area.getByLabel('Mobile number').fill(number.typed);
  await area.getByRole('button', { name: 'Text me a code' }).click();
  await area.getByText(`We sent a 6-digit code to ${number.e164}, valid until`).waitFor();
  const code = await codeSentTo(number.e164);
  const field = area.getByLabel('Code from the SMS');
  assert.equal(await field.getAttribute('autocomplete'), 'one-time-code');
  assert.equal(await field.getAttribute('inputmode'), 'numeric');
  await area.getByRole('button', { name: 'Send a new code (2 left this hour)' }).waitFor();
  await shots('code-sent');
  await assertAccessible(page, `${name}-code-sent`);

  await field.fill(wrongCode(code));
  await area.getByRole('button', { name: 'Confirm code' }).click();
  await area.getByText('That is not the code. 4 tries left.').waitFor();
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  assert.equal(await field.inputValue(), wrongCode(code), 'the typed code is kept');
  await shots('wrong-code');

  await field.fill(code);
  await area.getByRole('button', { name: 'Confirm code' }).click();
  await area.getByText(`Alerts reach ${number.e164} by SMS.`).waitFor();
  assert.deepEqual(await alertPhoneWhen(uid, (p) => p === number.e164), { phone: number.e164 });
  await shots('proved');
  await assertAccessible(page, `${name}-proved`);

  await area.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove your phone for alerts?' });
  await dialog.getByText(`Alerts will no longer reach ${number.e164} by SMS.`).waitFor();
  await assertAccessible(page, `${name}-remove-dialog`, DIALOGS);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await area.getByText('Add a phone for alerts').waitFor();
  await alertPhoneWhen(uid, (p) => p === undefined);
}

describe('Phone for alerts', () => {
  it('a reporter at 390 px proves a number with the SMS code, is refused a wrong code, and removes it', async function () {
    this.timeout(300_000);
    const reporter = await newReporter();
    const app = await openPage('/app', null, PHONE);
    await app.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await submitSignIn(app, reporter.email, PASSWORD);
    await app.getByRole('heading', { level: 1, name: 'My reports' }).waitFor({ timeout: 60_000 });
    await app.getByRole('link', { name: 'Profile' }).click();
    await app.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await app.getByText(/^Safety alerts reach this number by SMS\./).waitFor();
    await proveThenRemove(app, app, reporter.uid, {
      name: 'alert-phone-app',
      viewport: PHONE.viewport,
    });
  });

  it('an Admin proves a number on the console Profile at 1440 and removes it', async function () {
    this.timeout(300_000);
    const admin = staff('admin@campus.test');
    const viewport = { width: 1440, height: 900 };
    const page = await openPage('/profiles', admin, { viewport });
    const area = page.getByRole('region', { name: 'Phone for alerts' });
    await area
      .getByText(/^Safety alerts and pages about reports reach this number by SMS\./)
      .waitFor();
    const { uid } = await adminAuth().getUserByEmail(admin.email);
    await proveThenRemove(page, area, uid, {
      name: 'alert-phone-console',
      viewport,
    });
  });
});
