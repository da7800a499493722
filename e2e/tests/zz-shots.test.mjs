import { Timestamp } from 'firebase-admin/firestore';
import { db, openPage, staff } from '../support/suite.mjs';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 768, height: 1000 },
  { width: 390, height: 844 },
];
const OUT = '/work/shots/s4';

describe('zz shots', () => {
  it('shots', async () => {
    const admin = staff('admin@campus.test');
    const now = Date.now();
    await db()
      .collection('warning_decisions')
      .doc('demo-incident-20')
      .set({
        incidentId: 'demo-incident-20',
        campus: 'Riverside Campus',
        reportedAt: Timestamp.fromMillis(now - 86_400_000),
        reason:
          'Suspect identified and arrested on site within minutes; no continuing threat to the campus community.',
        decidedAt: Timestamp.fromMillis(now),
        decidedBy: 'x',
        decidedByName: 'Alex Morgan',
        retainUntil: Timestamp.fromMillis(now),
      });
    await db()
      .collection('emergency_tests')
      .doc('shot-test')
      .set({
        testedAt: Timestamp.fromMillis(now - 2 * 86_400_000),
        announced: false,
        campuses: ['Main Campus', 'North Campus'],
        description:
          'Unannounced lockdown drill: alert sent by push, mail and SMS; doors locked in 4 minutes; all clear after 20 minutes.',
        followUp: 'Two library doors did not lock: work orders filed.',
        recordedAt: Timestamp.fromMillis(now),
        recordedBy: 'x',
        recordedByName: 'Alex Morgan',
        retainUntil: Timestamp.fromMillis(now),
      });
    for (const viewport of SIZES) {
      const w = viewport.width;
      const page = await openPage('/reports?id=demo-incident-05', admin, { viewport });
      const detail = page.getByRole('dialog', { name: 'Incident report' });
      await detail.getByText('Anonymous reporter').first().waitFor();
      await page.screenshot({ path: `${OUT}/anon-detail-${w}.png`, fullPage: false });
      await detail.getByRole('button', { name: 'Reveal reporter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal the anonymous reporter' });
      await dialog
        .getByLabel('Reason')
        .fill('Welfare check: the reporter wrote they are hiding in room 204.');
      await page.screenshot({ path: `${OUT}/reveal-form-${w}.png` });
      await dialog.getByRole('button', { name: 'Reveal reporter' }).click();
      await page.waitForTimeout(8000);
      await page.screenshot({ path: `${OUT}/reveal-wait-${w}.png` });
      await dialog.getByText('Contact number').waitFor({ timeout: 60_000 });
      await page.screenshot({ path: `${OUT}/reveal-done-${w}.png` });

      const warnings = await openPage('/clery/warnings', admin, { viewport });
      await warnings.getByRole('table', { name: 'Tests of the emergency response' }).waitFor();
      await warnings.screenshot({ path: `${OUT}/warnings-${w}.png`, fullPage: true });
      await warnings.getByRole('button', { name: 'Record a test' }).click();
      await warnings.getByRole('dialog').waitFor();
      await warnings.screenshot({ path: `${OUT}/test-dialog-${w}.png` });
    }
  });
});
