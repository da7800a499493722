import assert from 'node:assert/strict';
import { waitForMail } from '@campus-safety/testkit/mail';
import { waitUntil } from '@campus-safety/testkit/wait';
import { reportIncident } from '../support/admin.mjs';
import { accounts, db, openPage, openReport, stack, staff } from '../support/suite.mjs';

/** The value of a labelled field of the report's detail (a definition list). */
const field = (detail, label) =>
  detail
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

describe('Paging the assignee (issue 20)', () => {
  it('an Admin assigns a report to an IMT: toast, mail in the local catcher, acknowledged in one click from the mail’s link; then reassigned with a reason', async () => {
    const imt = staff('imt.main@campus.test');
    const id = await reportIncident(db(), {
      reporter: accounts().reporters[1],
      campus: 'main',
      incidentType: 'Fire',
      description: 'E2E: smoke in the chemistry lab corridor.',
    });
    // The IMT's console is open before the assignment: the page must reach it live.
    const imtPage = await openPage('/reports', imt);
    await imtPage.locator('[data-assignment-watch="live"]').waitFor({ state: 'attached' });

    const { page: adminPage, detail } = await openReport(accounts().admin, id);
    await detail.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = adminPage.getByRole('dialog', { name: 'Assign report' });
    await assign.getByLabel('Assignee').selectOption({ label: 'Maria Santos (IMT, Main Campus)' });
    await assign.getByLabel('Threat level').selectOption('Critical');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Report assigned' }).waitFor();

    const toast = imtPage
      .getByRole('alert')
      .filter({ hasText: 'Assigned to you: Fire at Main Campus (Critical)' });
    await toast.waitFor({ timeout: 60_000 });
    const [mail] = await waitForMail(stack().mailInboxUrl, {
      to: imt.email,
      match: (m) => m.text.includes(`/reports?id=${id}`),
      timeoutMs: 60_000,
    });
    assert.equal(mail.subject, 'Assigned to you: Fire at Main Campus (Critical)');
    assert.ok(mail.text.includes(`${stack().consoleUrl.replace(/\/$/, '')}/reports?id=${id}`));
    assert.equal(await field(detail, 'Acknowledged').textContent(), 'Not yet');

    // The mail's link acknowledges in one click (the toast's and the Alerts panel's buttons are
    // the console's unit tests).
    const link = mail.text.match(/https?:\/\/\S+acknowledge=1/)?.[0];
    assert.ok(link, 'the mail carries the one-click acknowledge link');
    await imtPage.goto(link);
    await imtPage.getByRole('status').filter({ hasText: 'Acknowledged' }).waitFor();
    assert.equal(new URL(imtPage.url()).searchParams.has('acknowledge'), false);
    // The Admin's open report shows the acknowledgement live.
    await waitUntil(
      async () => /\d{2}:\d{2}/.test(await field(detail, 'Acknowledged').textContent()),
      {
        timeoutMs: 60_000,
        what: 'the report to show when it was acknowledged',
      },
    );

    // Reassigned with a reason: both are told, and the acknowledgement starts over.
    await detail.getByRole('button', { name: 'Reassign', exact: true }).click();
    const reassign = adminPage.getByRole('dialog', { name: 'Reassign report' });
    await reassign.getByRole('button', { name: 'Reassign', exact: true }).click();
    await reassign.getByText('Reason is required.').waitFor();
    await reassign.getByLabel('New assignee').selectOption({ label: 'Sam Navarro (Admin)' });
    await reassign.getByLabel('Reason').fill('Maria is off shift at six.');
    await reassign.getByRole('button', { name: 'Reassign', exact: true }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Report reassigned' }).waitFor();
    await imtPage
      .getByRole('status')
      .filter({ hasText: 'Reassigned: Fire at Main Campus (Critical) is now with Sam Navarro' })
      .waitFor({ timeout: 60_000 });
    const [toNew] = await waitForMail(stack().mailInboxUrl, {
      to: 'admin.sms@campus.test',
      match: (m) => m.text.includes(`/reports?id=${id}`),
      timeoutMs: 60_000,
    });
    assert.match(toNew.text, /Reason for the reassignment: Maria is off shift at six\./);
    await waitUntil(async () => (await field(detail, 'Acknowledged').textContent()) === 'Not yet', {
      timeoutMs: 60_000,
      what: 'the acknowledgement to start over',
    });
    await detail
      .getByRole('list', { name: 'Timeline' })
      .getByText('Reassigned from Maria Santos to Sam Navarro: Maria is off shift at six.')
      .waitFor();
  });
});
