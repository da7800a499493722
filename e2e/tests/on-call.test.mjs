import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { reportIncident } from '../support/admin.mjs';
import { screenshotsAtWidths as shots } from '../support/artifacts.mjs';
import { runHousekeeping } from '../support/housekeeping.mjs';
import { accounts, db, openPage, staff } from '../support/suite.mjs';

describe('On call, escalation policy and handover (issue 20)', () => {
  it('an unacknowledged Critical report escalates to the person on call (their console shows it); handing over the shift ends it', async function () {
    // Several cold starts (schedule, policy, assignment, housekeeping, handover) on a busy machine.
    this.timeout(300_000);
    const noel = staff('imt.north@campus.test');
    const alex = accounts().admin;
    // The seeded rotation has North's IMT on call this week: triage says so.
    const imtPage = await openPage('/reports', noel);
    await imtPage
      .getByTestId('on-call-north')
      .filter({ hasText: 'Noel Reyes' })
      .waitFor({ timeout: 60_000 });
    await shots(imtPage, 'triage-on-call-now');

    // The Admin covers North himself until tomorrow's handoff (an override), and makes North's
    // Critical reports reach the person on call as soon as they are assigned.
    const adminPage = await openPage('/on-call', alex);
    const north = adminPage.getByRole('region', { name: 'North Campus' });
    await north.getByRole('button', { name: 'Add override' }).click();
    await north
      .getByLabel('Person', { exact: true })
      .selectOption({ label: 'Alex Morgan (Admin)' });
    await north.getByRole('button', { name: 'Save schedule' }).click();
    await adminPage
      .getByRole('status')
      .filter({ hasText: 'On-call schedule of North Campus saved' })
      .waitFor({ timeout: 60_000 });
    await adminPage
      .getByTestId('on-call-north')
      .filter({ hasText: 'Alex Morgan' })
      .filter({ hasText: '(override)' })
      .waitFor({ timeout: 60_000 });
    await north.getByLabel('Assignee, Critical, minutes').fill('0');
    await north.getByLabel('Campus on call, Critical, minutes').fill('0');
    await north.getByRole('button', { name: 'Save policy' }).click();
    await adminPage
      .getByRole('status')
      .filter({ hasText: 'Escalation policy of North Campus saved' })
      .waitFor({ timeout: 60_000 });
    await shots(adminPage, 'on-call-admin');
    const home = await openPage('/', alex);
    await home
      .getByTestId('on-call-north')
      .filter({ hasText: 'Alex Morgan' })
      .waitFor({ timeout: 60_000 });
    await shots(home, 'home-on-call-now');

    // A North report the Admin assigns to Noel as Critical; Noel does not acknowledge.
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[2],
      campus: 'north',
      incidentType: 'Fire',
      description: 'E2E: smoke from the generator room.',
    });
    const reportPage = await openPage(`/reports?id=${id}`, alex);
    const detail = reportPage.getByRole('dialog', { name: 'Incident report' });
    await detail.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = reportPage.getByRole('dialog', { name: 'Assign report' });
    await assign.getByLabel('Assignee').selectOption({ label: 'Noel Reyes (IMT, North Campus)' });
    await assign.getByLabel('Threat level').selectOption('Critical');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await reportPage
      .getByRole('status')
      .filter({ hasText: 'Report assigned' })
      .waitFor({ timeout: 60_000 });
    await waitUntil(
      async () => (await db().doc(`incident_reports/${id}`).get()).get('assignedAt'),
      { timeoutMs: 60_000, what: 'the page to record the assignment time' },
    );

    const done = await runHousekeeping();
    assert.ok(done.escalatedReports >= 1, JSON.stringify(done));
    // The person on call sees it in their console: the Escalations screen, unread, live; the
    // report says where its escalation stands.
    const escalations = await openPage('/escalations', alex);
    const item = escalations
      .getByRole('listitem')
      .filter({ hasText: 'Fire at North Campus (Critical) is assigned but not acknowledged' });
    await item.getByText('New', { exact: true }).waitFor({ timeout: 60_000 });
    // The navigation counts the open escalations.
    await escalations
      .getByRole('navigation', { name: 'Main' })
      .getByTestId('open-escalations-badge')
      .waitFor({ state: 'attached' });
    await detail
      .getByText(/Escalating: assigned but not acknowledged, step 2 of \d+ \(Campus on call\)/)
      .waitFor({ timeout: 60_000 });
    await shots(escalations, 'escalations-on-call');

    // Noel hands over his shift to the next person on call (Alex): the escalation ends.
    const handover = await openPage('/on-call', noel);
    await handover
      .getByLabel('Handover note')
      .fill('Generator room fire: fire crew on site, reporter waiting at the gate.');
    await handover.getByRole('button', { name: 'Hand over', exact: true }).click();
    await handover
      .getByRole('status')
      .filter({ hasText: /\d+ reports? handed over/ })
      .first()
      .waitFor({ timeout: 120_000 });
    await shots(handover, 'on-call-handover');
    const moved = await db().doc(`incident_reports/${id}`).get();
    assert.equal(moved.get('assignedTo.id'), alex.uid);
    assert.match(moved.get('reassignment.reason'), /^Handover: Generator room fire/);
    await item.getByText('New', { exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
  });
});
