/**
 * Issue 32 item 3 in the browser (docs/reporter-app.md#safety-timer): at 390 px a reporter starts
 * a timer, sees the countdown and checks in; a second timer is made due (its `dueAt` moved into
 * the past through the admin SDK) and housekeeping runs: the campus IMT's console shows the
 * emergency banner from a safety timer, the emergency shows where the person was heading (as
 * text), and the guardian's mail reaches the local mail catcher.
 */
import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { waitForMail } from '@campus-safety/testkit/mail';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { assertAccessible } from '../support/axe.mjs';
import { runHousekeeping } from '../support/housekeeping.mjs';
import { accounts, db, openPage, stack, staff, submitSignIn } from '../support/suite.mjs';

const PHONE = { viewport: { width: 390, height: 844 } };
const GUARDIAN = 'guardian.ben@home.test';
// Markup a person might type: stored and shown as text, never rendered.
const DESTINATION = 'Dorm <b>B</b>, room 12';

/** The 44 px touch targets the app keeps at 390 px: buttons, and radios and checkboxes with their labels. */
async function assertTouchTargets(scope) {
  const controls = scope.locator('button, input[type="radio"], input[type="checkbox"]');
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const { name, height } = await control.evaluate((el) => ({
      name: el.getAttribute('aria-label') || el.labels?.[0]?.innerText || el.innerText,
      height: Math.max(
        el.getBoundingClientRect().height,
        el.closest('label')?.getBoundingClientRect().height ?? 0,
      ),
    }));
    assert.ok(height >= 44, `touch target “${name}”: ${height} px`);
  }
}

async function fillTrip(form) {
  await form.getByLabel('Where you are going (optional)').fill(DESTINATION);
  await form.getByLabel('Guardians (optional)').fill(GUARDIAN);
}

async function currentTimerId(uid) {
  return waitUntil(
    async () => (await db().doc(`safety_timer_current/${uid}`).get()).get('timerId') ?? null,
    { what: 'the timer the app started', timeoutMs: 30_000 },
  );
}

describe('Safety timer', () => {
  it('a reporter starts a timer and checks in; a second one runs out → the console banner from a safety timer and the guardian’s mail', async function () {
    this.timeout(300_000);
    const reporter = accounts().reporters[4];
    const app = await openPage('/app/sign-in', null, PHONE);
    await submitSignIn(app, reporter.email, accounts().password);
    await app.getByRole('heading', { level: 1, name: 'My reports' }).waitFor();
    await app.getByRole('link', { name: 'Timer' }).click();
    await app.getByRole('heading', { level: 1, name: 'Safety timer' }).waitFor();
    const form = app.getByRole('form', { name: 'Start a safety timer' });
    await screenshotsAtWidths(app, 'safety-timer-idle');
    await app.setViewportSize(PHONE.viewport);
    await assertAccessible(app, 'safety-timer-idle-axe');
    await assertTouchTargets(form);

    // The first: 30 minutes, the countdown, then "I've arrived".
    await form.getByLabel('30 minutes').check();
    await fillTrip(form);
    await form.getByRole('button', { name: 'Start' }).click();
    const running = app.getByTestId('timer-running');
    await running.waitFor();
    assert.match(await running.getByRole('timer').innerText(), /^(30|29) min$/);
    await running.getByText('1 guardian will be told if it runs out.').waitFor();
    // The destination reads as the characters typed: no element was made of it.
    assert.ok((await running.innerText()).includes(`to ${DESTINATION}`));
    assert.equal(await running.locator('b').count(), 0);
    await screenshotsAtWidths(app, 'safety-timer-running');
    await app.setViewportSize(PHONE.viewport);
    await assertAccessible(app, 'safety-timer-running-axe');
    await assertTouchTargets(app.locator('main'));
    const first = await currentTimerId(reporter.uid);
    await app.getByRole('button', { name: 'I’ve arrived' }).click();
    await app
      .getByRole('status')
      .filter({ hasText: /^You checked in / })
      .waitFor();
    await waitUntil(
      async () => (await db().doc(`safety_timers/${first}`).get()).get('status') === 'checkedIn',
      { what: 'the check-in on the server', timeoutMs: 30_000 },
    );

    // The second runs out: its due time moves into the past, then housekeeping runs.
    const imt = staff('imt.north@campus.test');
    const console_ = await openPage('/', imt);
    await console_.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await form.getByLabel('15 minutes').check();
    await fillTrip(form);
    await form.getByRole('button', { name: 'Start' }).click();
    await running.waitFor();
    const second = await waitUntil(
      async () => {
        const id = await currentTimerId(reporter.uid);
        return id !== first ? id : null;
      },
      { what: 'the second timer', timeoutMs: 30_000 },
    );
    await db()
      .doc(`safety_timers/${second}`)
      .update({ dueAt: Timestamp.fromMillis(Date.now() - 60_000) });
    await runHousekeeping();
    const timer = await waitUntil(
      async () => {
        const data = (await db().doc(`safety_timers/${second}`).get()).data();
        return data?.status === 'expired' ? data : null;
      },
      { what: 'the timer expired by housekeeping', timeoutMs: 60_000 },
    );

    const alarm = console_.getByTestId('emergency-alarm');
    const row = alarm.locator(`[data-emergency="${timer.emergencyId}"]`);
    await row.getByText(/from a safety timer/).waitFor({ timeout: 30_000 });
    // The name follows once pageOnEmergency has read the profile (the email until then).
    await row.getByText('SOS: Ben Okafor').waitFor({ timeout: 60_000 });
    await app
      .getByRole('status')
      .filter({ hasText: /^Your last timer ran out/ })
      .waitFor();

    const [mail] = await waitForMail(stack().mailInboxUrl, {
      to: GUARDIAN,
      match: (m) => m.subject === "Ben Okafor's safety timer ran out",
      timeoutMs: 60_000,
    });
    assert.match(mail.text, /Ben Okafor did not check in by \d{2}:\d{2}/);
    assert.ok(mail.text.includes(`They were heading to: ${DESTINATION}`));
    assert.doesNotMatch(mail.text, /https?:\/\//, 'the guardian gets facts, not a link');

    await row.getByRole('link', { name: 'Show on map' }).click();
    const fromTimer = console_.getByTestId('emergency-from-timer');
    await fromTimer.waitFor();
    assert.match(
      await fromTimer.innerText(),
      /^Safety timer ran out; due .+; heading to “Dorm <b>B<\/b>, room 12”; 1 guardian told$/,
    );
    assert.equal(await fromTimer.locator('b').count(), 0);
    await screenshotsAtWidths(console_, 'safety-timer-emergency');

    // Acknowledged, so the banner does not stay for the suites after this one.
    await row.getByRole('button', { name: /^Acknowledge the SOS of / }).click();
    await alarm.waitFor({ state: 'detached', timeout: 30_000 });
  });
});
