import assert from 'node:assert/strict';
import { notificationsAbout, pushesAbout, reportIncident } from '../support/admin.mjs';
import { screenshot } from '../support/artifacts.mjs';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage, openReport, staff } from '../support/suite.mjs';
import { waitUntil } from '@campus-safety/testkit/wait';

const STATUS_TEXT = /^(Incident Reported|Processing|Responded|Resolved|Declined)$/;

async function statusBecomes(detail, label) {
  // The badge precedes the status history, so it is the first status text in the dialog.
  const badge = detail.getByText(STATUS_TEXT).first();
  await waitUntil(async () => (await badge.textContent()) === label, {
    timeoutMs: 20_000,
    what: `the report's status to read "${label}"`,
  });
}

/** The value of a labelled field of the detail (a definition list). */
const field = (detail, label) =>
  detail
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

describe('Handling an incident', () => {
  it('IMT assigns, responds and submits an accomplishment report: Resolved, reporter notified', async () => {
    const imt = staff('imt.main@campus.test');
    const reporter = accounts().reporters[0];
    const id = await reportIncident(db(), {
      reporter,
      campus: 'main',
      incidentType: 'Theft',
      description: 'E2E: a bicycle was taken from the rack by the library.',
    });
    // The "Incident Reported" notice first, so the status history has a fixed order.
    await notificationsAbout(db(), reporter.uid, id, 1);
    const { page, detail } = await openReport(imt, id);
    await statusBecomes(detail, 'Incident Reported');

    await detail.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = page.getByRole('dialog', { name: 'Assign report' });
    await assign.getByLabel('Assignee').selectOption({ label: 'Maria Santos (IMT, Main Campus)' });
    await assign.getByLabel('Threat level').selectOption('High');
    await assign.getByRole('checkbox', { name: 'Library' }).check();
    await assign.getByRole('checkbox', { name: 'Night Shift' }).check();
    await assertAccessible(page, 'dialog-assign-report', DIALOGS);
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Report assigned' }).waitFor();
    await statusBecomes(detail, 'Processing');
    assert.equal(
      await field(detail, 'Assignee').textContent(),
      'Maria Santos (imt.main@campus.test)',
    );
    assert.equal(await field(detail, 'Threat level').textContent(), 'High');
    assert.equal(await field(detail, 'Tags').textContent(), 'Library, Night Shift');

    await detail.getByRole('button', { name: 'Mark as responded' }).click();
    await page
      .getByRole('dialog', { name: 'Mark as responded' })
      .getByRole('button', { name: 'Mark as responded' })
      .click();
    await statusBecomes(detail, 'Responded');
    // The server records the response time once the status moved.
    await waitUntil(
      async () => /\d+ min/.test(await field(detail, 'Response time').textContent()),
      {
        what: 'the response time to be shown',
      },
    );

    await detail.getByRole('button', { name: 'Submit accomplishment report' }).click();
    const report = page.getByRole('dialog', { name: 'Submit accomplishment report' });
    await report.getByLabel('Title').fill('Bicycle recovered');
    await report.getByLabel('Description').fill('Found behind the gym and returned to the owner.');
    await report.getByLabel('Resolve code').selectOption('Resolved on site');
    await assertAccessible(page, 'dialog-accomplishment-report', DIALOGS);
    await report.getByRole('button', { name: 'Submit report' }).click();
    await page.getByRole('status').filter({ hasText: 'Accomplishment report submitted' }).waitFor();
    await statusBecomes(detail, 'Resolved');
    await detail.getByText('Bicycle recovered', { exact: true }).waitFor();
    // The timeline names who did each step (the server's record, from the actors' profiles).
    const timeline = detail.getByRole('list', { name: 'Timeline' }).locator('li');
    await waitUntil(async () => (await timeline.count()) >= 7, {
      what: 'seven timeline entries',
    });
    const entries = (await timeline.allTextContents()).map((t) => t.replace(/^.*?(?:AM|PM)/, ''));
    const maria = 'by Maria Santos (IMT)';
    assert.deepEqual(entries, [
      `Incident Reported — Theft reported at Main Campusby ${reporter.firstName} ${reporter.lastName} (User)`,
      `Assigned — Assigned to Maria Santos${maria}`,
      `Threat level — Threat level set to High${maria}`,
      // Assigning herself counts as acknowledged at once (paging.ts): nobody is paged.
      `Acknowledged — Acknowledged by Maria Santos on assigning it to themselves${maria}`,
      `Responded — Marked as responded${maria}`,
      `Accomplishment report — Accomplishment report filed: Bicycle recovered${maria}`,
      `Resolved — Resolved by an accomplishment report${maria}`,
    ]);
    // A staff-only note joins the timeline, signed by its author.
    await detail.getByLabel('Internal note (staff only)').fill('Owner collected the bicycle.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await timeline.filter({ hasText: 'Owner collected the bicycle.' }).waitFor();
    assert.match(
      await timeline.last().textContent(),
      /Internal noteOwner collected the bicycle\.by Maria Santos$/,
    );

    // The printable record: details, the whole timeline (note included) and the accomplishment.
    const print = await openPage(`/print/reports/${id}`, imt);
    await print.getByRole('heading', { level: 1, name: 'Incident report' }).waitFor();
    const printed = print.getByRole('list', { name: 'Timeline' }).locator('li');
    await waitUntil(async () => (await printed.count()) === 8, { what: 'eight printed entries' });
    assert.deepEqual(
      (await printed.allTextContents()).map((t) => t.replace(/^.*?(?:AM|PM)/, '')),
      [...entries, 'Internal noteOwner collected the bicycle.by Maria Santos'],
    );
    const accomplishment = print.getByRole('region', { name: 'Accomplishment reports' });
    await accomplishment.getByRole('heading', { name: 'Bicycle recovered' }).waitFor();
    await accomplishment.getByText('Found behind the gym and returned to the owner.').waitFor();
    await assertAccessible(print, 'print-incident-report');

    const notes = await notificationsAbout(db(), reporter.uid, id, 4);
    assert.equal(notes.length, 4, 'one notification per status');
    const colourOf = Object.fromEntries(notes.map((n) => [n.title, n.color]));
    assert.deepEqual(colourOf, {
      'Incident Reported': 'yellow',
      'Report Processing': 'orange',
      'Report Responded': 'green',
      'Report Resolved': 'blue',
    });
    for (const n of notes) {
      assert.equal(n.type, 'report');
      assert.equal(n.isRead, false);
    }
    const pushes = await pushesAbout(db(), id, 4);
    assert.deepEqual(pushes.map((p) => p.payload.title).sort(), [
      'Incident Reported',
      'Report Processing',
      'Report Resolved',
      'Report Responded',
    ]);
    for (const p of pushes) {
      assert.deepEqual(p.tokens, reporter.deviceToken, "sent to the reporter's devices");
      assert.equal(p.state, 'sent');
    }
  });

  it('Admin declines with a reason and description: Declined, red notification', async () => {
    const reporter = accounts().reporters[1];
    const id = await reportIncident(db(), {
      reporter,
      campus: 'north',
      incidentType: 'Vandalism',
      description: 'E2E: graffiti on the north gate (already reported).',
    });
    const { page, detail } = await openReport(accounts().admin, id);
    await detail.getByRole('button', { name: 'Decline', exact: true }).click();
    const decline = page.getByRole('dialog', { name: 'Decline report' });
    // Nothing is sent without a reason and a description; the fields say what is missing.
    await decline.getByRole('button', { name: 'Decline report' }).click();
    await decline.locator('select[aria-invalid="true"]').waitFor();
    await decline.locator('textarea[aria-invalid="true"]').waitFor();
    await assertAccessible(page, 'dialog-decline-report-errors', DIALOGS);

    await decline.getByLabel('Reason').selectOption('Duplicate report');
    await decline.getByLabel('Description').fill('Same graffiti as the report filed this morning.');
    await decline.getByRole('button', { name: 'Decline report' }).click();
    await page.getByRole('status').filter({ hasText: 'Report declined' }).waitFor();
    await statusBecomes(detail, 'Declined');
    assert.equal(await field(detail, 'Decline reason').textContent(), 'Duplicate report');
    assert.equal(
      await field(detail, 'Decline description').textContent(),
      'Same graffiti as the report filed this morning.',
    );

    const notes = await notificationsAbout(db(), reporter.uid, id, 2);
    const declined = notes.find((n) => n.title === 'Report Declined');
    assert.ok(declined, `a "Report Declined" notification among ${JSON.stringify(notes)}`);
    assert.equal(declined.color, 'red');
    assert.match(declined.message, /declined: Duplicate report/);
    const pushes = await pushesAbout(db(), id, 2);
    assert.ok(pushes.some((p) => p.payload.title === 'Report Declined'));
  });

  it('a report at its note bound takes no more notes and says so under the field', async () => {
    // The model is TypeScript: loaded once the stack has registered tsx (support/stack.mjs).
    const { LIMITS, recordLimitMessage } = await import('@campus-safety/model');
    const report = { campus: 'main', incidentType: 'Vandalism' };
    const description = 'E2E: paint on the gym wall.';
    const id = await reportIncident(db(), {
      ...report,
      description,
      reporter: accounts().reporters[0],
    });
    const imt = staff('imt.main@campus.test');
    // The count the console would have kept after LIMITS.internalNotesPerReport notes.
    await db()
      .doc(`incident_reports/${id}/record_counts/internal_notes`)
      .set({ count: LIMITS.internalNotesPerReport, lastId: 'earlier' });
    const { page, detail } = await openReport(imt, id);
    const field = detail.getByLabel('Internal note (staff only)');
    await field.fill('One note too many.');
    await detail.getByRole('button', { name: 'Add note' }).click();
    await detail.getByText(recordLimitMessage('internal_notes')).waitFor();
    assert.equal(await field.inputValue(), 'One note too many.', 'the text is kept');
    assert.equal((await db().collection(`incident_reports/${id}/internal_notes`).get()).size, 0);
    for (const [width, height] of [
      [1440, 900],
      [768, 1024],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await detail.getByText(recordLimitMessage('internal_notes')).scrollIntoViewIfNeeded();
      await screenshot(page, `note-bound-${width}`);
    }
  });
});
