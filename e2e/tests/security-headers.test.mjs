import assert from 'node:assert/strict';
import { screenshotsAtWidths } from '../support/artifacts.mjs';
import { openPage, stack, staff } from '../support/suite.mjs';

const shots = (page, name) => screenshotsAtWidths(page, `issue17-${name}`);

/**
 * Issue 17 item 10: Hosting sends a Content-Security-Policy with `frame-ancestors 'none'` (and the
 * other headers of firebase.json), and the console still works under it: every page below renders
 * its data with no CSP violation reported by the browser.
 */

/** Records every CSP violation of the page's documents (installed before any page script runs). */
async function watchViolations(page) {
  const violations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Runs in the page before its own scripts; the browser reports each violation as an event.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      console.error('Content Security Policy violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));`,
  });
  return violations;
}

describe('Security headers', () => {
  it('Hosting sends the CSP (frame-ancestors none) and the other headers on every path', async () => {
    for (const path of ['/', '/download', '/reports?view=all', '/app', '/assets/missing.js']) {
      const res = await fetch(new URL(path, stack().consoleUrl));
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.match(csp, /default-src 'self'/, path);
      assert.match(csp, /object-src 'none'/, path);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      // The reporter app asks for the place of a report; nothing framed or third-party may.
      assert.match(res.headers.get('permissions-policy') ?? '', /geolocation=\(self\)/, path);
    }
  });

  it('signed out, /login, /download and /app render with no CSP violation', async () => {
    const page = await openPage('/unauthorized');
    const violations = await watchViolations(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto('/download');
    await page.getByRole('link', { name: /Download version/ }).waitFor();
    await shots(page, 'download');
    // The reporter app: its manifest and its service worker, scoped to /app, under the same CSP.
    await page.goto('/app/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
    assert.equal(new URL(scope).pathname, '/app');
    assert.deepEqual(violations, []);
  });

  it('an Admin’s screens (maps, charts, print, a bad page link) render with no CSP violation', async function () {
    // Nine screens, three of them shot at three widths.
    this.timeout(240_000);
    const admin = staff('admin@campus.test');
    const page = await openPage('/unauthorized', admin);
    const violations = await watchViolations(page);
    const h1 = (name) => () => page.getByRole('heading', { level: 1, name, exact: true });
    const screens = [
      ['/', h1('Home')],
      [
        '/reports?view=all',
        async () => {
          // Narrower than the map-beside-the-list width, List/Map is a switch.
          await page.getByRole('button', { name: 'Map', exact: true }).click();
          return page.locator('.leaflet-container');
        },
      ],
      // A cursor no Timestamp holds: the list with a notice, not "Page not found".
      [
        '/reports?view=all&page=2&after=999999999999.0.x',
        async () => {
          await page.getByText(/The page in this link could not be read/).waitFor();
          return page.getByRole('table', { name: 'Incident reports' });
        },
      ],
      ['/reports?id=demo-incident-20', () => page.getByRole('list', { name: 'Timeline' })],
      ['/dashboard?period=30d', h1('Trends and targets')],
      ['/articles', () => page.getByRole('table', { name: 'Articles' })],
      // Issue 17 item 11: the release the download page offers is the one marked Offered.
      ['/releases', () => page.getByRole('cell', { name: 'Offered', exact: true })],
      ['/clery/crime-log', () => page.getByRole('table', { name: 'Daily crime log' })],
      ['/print/reports/demo-incident-20', () => page.getByRole('list', { name: 'Timeline' })],
    ];
    const shot = {
      '/reports?view=all&page=2&after=999999999999.0.x': 'reports-bad-page-link',
      '/reports?id=demo-incident-20': 'report-detail-timeline',
      '/releases': 'releases',
    };
    for (const [path, shown] of screens) {
      await page.goto(path);
      await (await shown()).first().waitFor();
      if (shot[path]) await shots(page, shot[path]);
    }
    assert.deepEqual(violations, []);
  });
});
