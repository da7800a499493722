/**
 * Every screen of the route table (docs/requirements.md#routes), opened as a role that may see it:
 * it must render its data, it is saved as a full-page screenshot (test-artifacts/e2e/<name>.png),
 * and axe-core must find no serious or critical violation on it.
 */
import { assertAccessible } from '../support/axe.mjs';
import { accounts, adminAuth, openPage, staff, submitSignIn } from '../support/suite.mjs';

const ADMIN = () => accounts().admin;
const IMT = () => staff('imt.main@campus.test');

/** The dashboard's "Reports in period" once the seed's reports are counted (never 0 over 30 days). */
const reportsCounted = (page) =>
  page
    .getByText('Reports in period', { exact: true })
    .locator('xpath=following-sibling::p')
    .filter({ hasNotText: /^0$/ });

/**
 * name, path, who (signed out when absent), the h1 it shows (or the dialog open over it), and what
 * proves its data arrived: a table (by caption) with rows, or a `ready` locator.
 */
const SCREENS = [
  { name: 'login', path: '/login', heading: 'Sign in' },
  {
    name: 'download',
    path: '/download',
    heading: 'Campus Safety app',
    ready: (page) => page.getByRole('link', { name: /^Download version / }),
  },
  { name: 'unauthorized', path: '/unauthorized', heading: 'Not allowed' },
  { name: 'not-found', path: '/no-such-screen', heading: 'Page not found' },
  { name: 'admin-dashboard', path: '/', as: ADMIN, heading: 'Home' },
  {
    name: 'admin-trends',
    path: '/dashboard?period=30d',
    as: ADMIN,
    heading: 'Trends and targets',
    ready: (page) => reportsCounted(page),
  },
  {
    name: 'imt-trends',
    path: '/dashboard?period=30d',
    as: IMT,
    heading: 'Trends and targets',
    ready: (page) => reportsCounted(page),
  },
  {
    name: 'admin-reports',
    path: '/reports',
    as: ADMIN,
    heading: 'Incident reports',
    table: 'Waiting for assignment',
  },
  {
    name: 'admin-reports-all',
    path: '/reports?view=all',
    as: ADMIN,
    heading: 'Incident reports',
    table: 'Incident reports',
  },
  {
    name: 'admin-report-detail',
    path: '/reports?id=demo-incident-20',
    as: ADMIN,
    dialog: 'Incident report',
  },
  {
    name: 'admin-accomplishments',
    path: '/accomplishment',
    as: ADMIN,
    heading: 'Accomplishment reports',
    table: 'Accomplishment reports',
  },
  { name: 'admin-profile', path: '/profiles', as: ADMIN, heading: 'Profile' },
  { name: 'admin-accounts', path: '/accounts', as: ADMIN, heading: 'Accounts', table: 'Accounts' },
  { name: 'admin-articles', path: '/articles', as: ADMIN, heading: 'Articles', table: 'Articles' },
  {
    name: 'admin-announcements',
    path: '/announcements',
    as: ADMIN,
    heading: 'Announcements',
    table: 'Announcements',
  },
  { name: 'admin-tags', path: '/tags', as: ADMIN, heading: 'Tags', table: 'Tags' },
  {
    name: 'admin-releases',
    path: '/releases',
    as: ADMIN,
    heading: 'App releases',
    table: 'App releases',
  },
  {
    name: 'archived-reports',
    path: '/archives/reports',
    as: ADMIN,
    heading: 'Archived incident reports',
    table: 'Incident reports',
  },
  {
    name: 'archived-accomplishments',
    path: '/archives/accomplishments',
    as: ADMIN,
    heading: 'Archived accomplishment reports',
    table: 'Accomplishment reports',
  },
  {
    name: 'archived-accounts',
    path: '/archives/accounts',
    as: ADMIN,
    heading: 'Archived accounts',
    table: 'Accounts',
  },
  {
    name: 'archived-articles',
    path: '/archives/articles',
    as: ADMIN,
    heading: 'Archived articles',
    table: 'Articles',
  },
  {
    name: 'archived-announcements',
    path: '/archives/announcements',
    as: ADMIN,
    heading: 'Archived announcements',
    table: 'Announcements',
  },
  {
    name: 'admin-crime-log',
    path: '/clery/crime-log',
    as: ADMIN,
    heading: 'Daily crime log',
    table: 'Daily crime log',
  },
  {
    name: 'admin-clery-annual',
    path: '/clery/annual',
    as: ADMIN,
    heading: 'Annual statistics',
    table: 'Criminal offences',
  },
  {
    name: 'admin-fire-log',
    path: '/clery/fire-log',
    as: ADMIN,
    heading: 'Fire log',
    table: 'Annual fire statistics',
  },
  {
    name: 'admin-clery-warnings',
    path: '/clery/warnings',
    as: ADMIN,
    heading: 'Warnings and emergency tests',
  },
  {
    name: 'admin-mass-notifications',
    path: '/mass-notifications',
    as: ADMIN,
    heading: 'Mass notifications',
  },
  {
    name: 'imt-mass-notifications',
    path: '/mass-notifications',
    as: IMT,
    heading: 'Mass notifications',
  },
  { name: 'imt-dashboard', path: '/', as: IMT, heading: 'Home' },
  {
    name: 'imt-reports',
    path: '/reports',
    as: IMT,
    heading: 'Incident reports',
    table: 'Waiting for assignment',
  },
  {
    name: 'imt-accomplishments',
    path: '/accomplishment',
    as: IMT,
    heading: 'Accomplishment reports',
    table: 'Accomplishment reports',
  },
  { name: 'imt-profile', path: '/profiles', as: IMT, heading: 'Profile' },
  {
    name: 'admin-escalations',
    path: '/escalations',
    as: ADMIN,
    heading: 'Escalations',
    ready: (page) => page.getByRole('link', { name: 'Open report' }).first(),
  },
  {
    name: 'imt-escalations',
    path: '/escalations',
    as: IMT,
    heading: 'Escalations',
    ready: (page) => page.getByRole('link', { name: 'Open report' }).first(),
  },
  {
    name: 'admin-on-call',
    path: '/on-call',
    as: ADMIN,
    heading: 'On call',
    ready: (page) => page.getByRole('button', { name: 'Save policy' }).first(),
  },
  {
    name: 'imt-emergencies',
    path: '/emergencies',
    as: IMT,
    heading: 'Emergencies',
    // The seed opens none (an emergency pages its campus at once); the emergency suite's show here.
    ready: (page) => page.locator('main table, main :text("No emergencies yet")').first(),
  },
  {
    name: 'admin-settings',
    path: '/settings',
    as: ADMIN,
    heading: 'Settings',
    ready: (page) => page.getByLabel('Critical, assign within, minutes'),
  },
  {
    name: 'imt-on-call',
    path: '/on-call',
    as: IMT,
    heading: 'On call',
    ready: (page) => page.getByText('Maria Santos (IMT, Main Campus)').first(),
  },
  {
    name: 'admin-report-print',
    path: '/print/reports/demo-incident-20',
    as: ADMIN,
    heading: 'Incident report',
    ready: (page) => page.getByRole('list', { name: 'Timeline' }).locator('li').nth(3),
  },
];

/** Waits until the screen has its heading (or dialog), its data and no loading indicator left. */
async function settled(page, screen) {
  if (screen.dialog) {
    // An open dialog hides the page behind it from assistive tech, heading included.
    const dialog = page.getByRole('dialog', { name: screen.dialog });
    await dialog.getByRole('list', { name: 'Timeline' }).locator('li').first().waitFor();
  } else {
    await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
  }
  if (screen.table) {
    await page.getByRole('table', { name: screen.table }).locator('tbody tr').first().waitFor();
  }
  if (screen.ready) await screen.ready(page).waitFor();
  // Spinners and overlays are role="status"; no toast is shown on a freshly opened screen.
  await page.locator('[aria-busy="true"], [role="status"]').first().waitFor({ state: 'detached' });
}

describe('Every screen renders and passes an accessibility scan', () => {
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path}${screen.as ? '' : ', signed out'})`, async () => {
      const page = await openPage(screen.path, screen.as?.() ?? null);
      await settled(page, screen);
      await assertAccessible(page, screen.name);
    });
  }

  it('email-verification (/email-verification, signed in with an unverified email)', async () => {
    const email = `unverified.${Date.now()}@campus.test`;
    await adminAuth().createUser({ email, password: 'unverified-pass', emailVerified: false });
    const page = await openPage('/login');
    await submitSignIn(page, email, 'unverified-pass');
    await page.waitForURL('**/email-verification');
    await settled(page, { heading: 'Verify your email' });
    await page.getByText(email).waitFor();
    await assertAccessible(page, 'email-verification');
  });
});
