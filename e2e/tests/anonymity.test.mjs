/**
 * Issue 19 item 2 in the browser (docs/anonymity.md): a seeded reporter files anonymously through
 * the real callable (the app, played by the web SDK); the campus's IMT sees "Anonymous reporter"
 * and nothing of who it is, and cannot reveal; an Admin reveals with a reason, sees the identity
 * once, and the reason is on the timeline the IMT reads.
 */
import assert from 'node:assert/strict';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { REGION } from '../../scripts/lib/paths.mjs';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, openReport, stack, staff } from '../support/suite.mjs';

const PROJECT = 'demo-campus-safety';

/** The reporter's app files a report anonymously; returns its id. */
async function fileAnonymously(reporter, report) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `anon-${Date.now()}`);
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${stack().endpoints.auth}`, { disableWarnings: true });
    const functions = getFunctions(app, REGION);
    const [host, port] = stack().endpoints.functions.split(':');
    connectFunctionsEmulator(functions, host, Number(port));
    await signInWithEmailAndPassword(auth, reporter.email, reporter.password);
    const { data } = await httpsCallable(functions, 'fileAnonymousReport')(report);
    return data.incidentId;
  } finally {
    await deleteApp(app);
  }
}

describe('Anonymous reports (issue 19)', () => {
  it('staff see "Anonymous reporter"; only an Admin reveals, with a reason the timeline shows', async () => {
    const reporter = accounts().reporters[2];
    const id = await fileAnonymously(reporter, {
      geoLoc: { latitude: 14.6538, longitude: 121.0685 },
      nearestCampus: 'north',
      incidentType: 'Harassment',
      description: 'E2E: a man keeps following students from the north gate.',
    });

    const imt = await openReport(staff('imt.north@campus.test'), id);
    await imt.detail.getByText('Anonymous reporter').first().waitFor();
    await imt.detail
      .getByRole('list', { name: 'Timeline' })
      .getByText('Incident Reported')
      .waitFor({ timeout: 60_000 });
    const imtText = await imt.detail.innerText();
    for (const secret of [reporter.email, reporter.lastName])
      assert.ok(!imtText.includes(secret), `the IMT's view names the reporter (${secret})`);
    assert.equal(await imt.detail.getByRole('button', { name: 'Reveal reporter' }).count(), 0);

    const admin = await openReport(accounts().admin, id);
    await admin.detail.getByRole('button', { name: 'Reveal reporter' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Reveal the anonymous reporter' });
    await dialog.getByRole('button', { name: 'Reveal reporter' }).click();
    await dialog.getByText('Reason is required.').waitFor();
    await assertAccessible(admin.page, 'reveal-reporter-dialog', DIALOGS);
    await dialog.getByLabel('Reason').fill('The reporter may be in danger: welfare check.');
    await dialog.getByRole('button', { name: 'Reveal reporter' }).click();
    await dialog.getByText(reporter.email).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The IMT's open report shows who looked and why, live; still not who the reporter is.
    await imt.detail
      .getByText(/revealed to .*: The reporter may be in danger: welfare check\./)
      .waitFor({ timeout: 30_000 });
    assert.ok(!(await imt.detail.innerText()).includes(reporter.email));
  });
});
