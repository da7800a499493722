import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { waitUntil } from '@campus-safety/testkit/wait';
import { callCallable, signInWithPassword } from '../../scripts/lib/auth-rest.mjs';
import { PROJECT_ID, REGION } from '../../scripts/lib/paths.mjs';
import { reportIncident } from '../support/admin.mjs';
import { screenshot } from '../support/artifacts.mjs';
import { accounts, db, openPage, stack, staff } from '../support/suite.mjs';

/** The housekeeping job once (the e2e stack runs no scheduler), as the local scheduler runs it. */
async function runHousekeeping() {
  const { endpoints } = stack();
  const admin = accounts().admin;
  const { idToken } = await signInWithPassword(endpoints.auth, admin.email, admin.password);
  return callCallable({
    functionsHost: endpoints.functions,
    projectId: PROJECT_ID,
    region: REGION,
    name: 'runHousekeeping',
    idToken,
  });
}

/** Screenshots at the three widths, for people (test-artifacts/e2e) and the shots folder. */
async function shots(page, name) {
  for (const [width, height] of [
    [1440, 900],
    [768, 1024],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await page.screenshot({
        path: `${process.env.SHOTS_DIR}/${name}-${width}.png`,
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('On call, escalation policy and handover (issue 20)', () => {
  it('an unacknowledged Critical report escalates to the person on call (their console shows it); handing over the shift ends it', async () => {
    const onCall = staff('imt.north@campus.test');
    const sam = staff('admin.sms@campus.test');
    // The seeded rotation has North's IMT on call this week: triage says so.
    const imtPage = await openPage('/reports', onCall);
    await imtPage
      .getByTestId('on-call-North Campus')
      .filter({ hasText: 'Noel Reyes' })
      .waitFor({ timeout: 60_000 });
    await shots(imtPage, 'triage-on-call-now');

    // The Admin makes North's Critical reports reach the person on call at once after assignment.
    const adminPage = await openPage('/on-call', accounts().admin);
    const north = adminPage.getByRole('region', { name: 'North Campus' });
    await north.getByLabel('Assignee, Critical, minutes').fill('0');
    await north.getByLabel('Campus on call, Critical, minutes').fill('0');
    await north.getByRole('button', { name: 'Save policy' }).click();
    await adminPage
      .getByRole('status')
      .filter({ hasText: 'Escalation policy of North Campus saved' })
      .waitFor();
    await shots(adminPage, 'on-call-admin');

    // A North report assigned to Sam as Critical; Sam does not acknowledge.
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[2],
      campus: 'North Campus',
      incidentType: 'Fire',
      description: 'E2E: smoke from the generator room.',
    });
    const reportPage = await openPage(`/reports?id=${id}`, accounts().admin);
    const detail = reportPage.getByRole('dialog', { name: 'Incident report' });
    await detail.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = reportPage.getByRole('dialog', { name: 'Assign report' });
    await assign.getByLabel('Assignee').selectOption({ label: 'Sam Navarro (Admin)' });
    await assign.getByLabel('Threat level').selectOption('Critical');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await reportPage.getByRole('status').filter({ hasText: 'Report assigned' }).waitFor();
    await waitUntil(
      async () => (await db().doc(`incident_reports/${id}`).get()).get('assignedAt'),
      {
        timeoutMs: 60_000,
        what: 'the page to record the assignment time',
      },
    );

    const done = await runHousekeeping();
    assert.ok(done.escalatedReports >= 1, JSON.stringify(done));
    // The person on call sees it in their console: the Escalations screen, unread, live.
    const escalations = await openPage('/escalations', onCall);
    const item = escalations
      .getByRole('listitem')
      .filter({ hasText: 'Fire at North Campus (Critical) is assigned but not acknowledged' });
    await item.getByText('New', { exact: true }).waitFor({ timeout: 60_000 });
    await detail
      .getByText(/Escalating: assigned but not acknowledged, step 2 of \d+ \(Campus on call\)/)
      .waitFor({ timeout: 60_000 });
    await shots(escalations, 'escalations-on-call');

    // Sam hands over his shift to the next person on call (Noel, for North): the escalation ends.
    const samPage = await openPage('/on-call', sam);
    await samPage
      .getByLabel('Handover note')
      .fill('Generator room fire is yours, fire crew on site.');
    await samPage.getByRole('button', { name: 'Hand over', exact: true }).click();
    await samPage
      .getByRole('status')
      .filter({ hasText: /1 report handed over/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await shots(samPage, 'on-call-handover');
    await waitUntil(
      async () =>
        (await db().doc(`incident_reports/${id}`).get()).get('assignedTo.id') === onCall.uid,
      { timeoutMs: 60_000, what: 'the report to be Noel’s' },
    );
    await item.getByText('New', { exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
    await imtPage
      .getByRole('alert')
      .filter({ hasText: 'Assigned to you: Fire at North Campus (Critical)' })
      .waitFor({ timeout: 60_000 });
  });
});
