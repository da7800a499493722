/**
 * The incident maps (web/src/components/map): the reports map holds every report that matches the
 * list (not just its page), as many as the pager counts and its caption says, and opens them, the report detail shows its location on a small map, Home shows hotspots per campus.
 * There is no network here, so every map runs on its offline fallback (no tiles, plain background).
 */
/* global document -- markerTotal and the waits run in the page. */
import assert from 'node:assert/strict';
import { waitUntil } from '@campus-safety/testkit/wait';
import { assertAccessible, DIALOGS } from '../support/axe.mjs';
import { accounts, openPage, staff } from '../support/suite.mjs';

/** Wide enough for the map beside the list (ListWithMap's 112rem). */
const WIDE = { width: 1920, height: 1000 };
const MARKERS = '.incident-marker, .incident-cluster';

/** Reports on the map: single markers plus the count every cluster carries. */
function markerTotal(page) {
  return page.evaluate(() => {
    const single = document.querySelectorAll('.incident-marker').length;
    const clustered = [...document.querySelectorAll('.incident-cluster [data-count]')].reduce(
      (sum, el) => sum + Number(el.getAttribute('data-count')),
      0,
    );
    return single + clustered;
  });
}

async function reportsPage(account) {
  const page = await openPage('/reports?view=all', account);
  await page.setViewportSize(WIDE);
  const rows = page.getByRole('table', { name: 'Incident reports' }).locator('tbody tr');
  await rows.first().waitFor();
  await page.locator(MARKERS).first().waitFor();
  return { page, rows };
}

/** The first number `pattern` captures in the page's text, or null. */
async function numberIn(page, pattern) {
  const text = await page.evaluate(() => document.body.innerText);
  const match = pattern.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : null;
}

/** Waits until the markers add up to the whole match: the pager's count and the map's caption. */
async function mapHoldsTheMatch(page, rows, what) {
  let last = null;
  await waitUntil(
    async () => {
      last = {
        markers: await markerTotal(page),
        rows: await rows.count(),
        pager: await numberIn(page, /reports \d+–\d+ of ([\d,]+)/),
        caption: await numberIn(page, /The map shows all ([\d,]+) reports? that match\./),
      };
      return (
        last.rows > 0 &&
        last.markers >= last.rows &&
        last.markers === last.pager &&
        last.markers === last.caption
      );
    },
    { timeoutMs: 15_000, what: `${what}: markers equal the matching reports` },
  ).catch((error) => {
    throw new Error(`${error.message} (last: ${JSON.stringify(last)})`);
  });
  return last.markers;
}

/** The first element matching `selector` that lies wholly inside the map's visible box, or null. */
async function visibleOnMap(page, selector) {
  const index = await page.evaluate((selector) => {
    const box = document.querySelector('.leaflet-container').getBoundingClientRect();
    return [...document.querySelectorAll(selector)].findIndex((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom
      );
    });
  }, selector);
  return index < 0 ? null : page.locator(selector).nth(index);
}

/** Clicks into clusters until a single marker shows in view; returns it. */
async function zoomToSingleMarker(page) {
  for (let i = 0; i < 8; i++) {
    const marker = await visibleOnMap(page, '.incident-marker');
    if (marker) return marker;
    const cluster = await visibleOnMap(page, '.incident-cluster');
    assert.ok(cluster, 'a marker or a cluster is in view');
    const handle = await cluster.elementHandle();
    await cluster.click();
    // The clicked cluster is replaced by what it splits into.
    await page.waitForFunction((el) => !el.isConnected, handle);
  }
  throw new Error('no single marker after 8 zoom steps');
}

describe('Incident map', () => {
  it('markers equal the matching reports, with and without a filter', async () => {
    const { page, rows } = await reportsPage(accounts().admin);
    await page.getByRole('region', { name: /^Map of \d+ reports$/ }).waitFor();
    await mapHoldsTheMatch(page, rows, 'unfiltered');
    assert.equal(await page.locator('img.leaflet-tile').count(), 0, 'no broken tile images');
    await page.getByText('Map tiles could not be loaded').waitFor();

    await page.getByRole('combobox', { name: 'Status' }).selectOption('Processing');
    await waitUntil(async () => {
      // The Status cell: the badge, then the threat level under it.
      const statuses = await rows.locator('td:nth-child(5)').allTextContents();
      return statuses.length > 0 && statuses.every((s) => s.trim().startsWith('ProcessingThreat'));
    });
    const processing = await mapHoldsTheMatch(page, rows, 'status Processing');
    const legend = page.getByRole('list', { name: 'Map legend' });
    assert.match(await legend.textContent(), new RegExp(`Processing\\(${processing}\\)`));
    assert.match(await legend.textContent(), /Incident Reported\(0\)/);
    await assertAccessible(page, 'admin-reports-map');
  });

  it('IMT: the map holds only its campus and matches its list', async () => {
    const { page, rows } = await reportsPage(staff('imt.north@campus.test'));
    await mapHoldsTheMatch(page, rows, 'IMT North');
    assert.deepEqual(await page.locator('.campus-name').allTextContents(), ['North Campus']);
  });

  it('a click or Enter on a marker opens that report', async () => {
    const { page } = await reportsPage(accounts().admin);
    const marker = await zoomToSingleMarker(page);
    const id = await marker.locator('[data-report-id]').getAttribute('data-report-id');
    await marker.click();
    const dialog = page.getByRole('dialog', { name: 'Incident report' });
    await dialog.getByText(`ID ${id}`).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('id'), id);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const next = await zoomToSingleMarker(page);
    const nextId = await next.locator('[data-report-id]').getAttribute('data-report-id');
    await next.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Incident report' }).getByText(`ID ${nextId}`).waitFor();
  });

  it('the report detail shows its location on a small map, with the coordinates and link', async () => {
    const page = await openPage('/reports?id=demo-incident-20', accounts().admin);
    const dialog = page.getByRole('dialog', { name: 'Incident report' });
    const map = dialog.getByRole('region', { name: /^Map of the report's location/ });
    await map.locator('.incident-pin').waitFor();
    const campus = (
      await dialog.getByText('Campus', { exact: true }).locator('xpath=..').textContent()
    )
      .replace('Campus', '')
      .trim();
    assert.equal(
      await map.getAttribute('aria-label'),
      `Map of the report's location, on ${campus}`,
    );
    assert.ok((await map.locator('path').count()) >= 1, 'campus areas drawn');
    await dialog.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/).waitFor();
    await dialog.getByRole('link', { name: 'Open in OpenStreetMap' }).waitFor();
    await dialog.getByText('Map tiles could not be loaded').waitFor();
    await assertAccessible(page, 'admin-report-detail-map', DIALOGS);
  });

  it('at 390 px the map replaces the list through the toggle and holds every matching report', async () => {
    const page = await openPage('/reports?view=all', accounts().admin);
    await page.setViewportSize({ width: 390, height: 844 });
    const rows = page.getByRole('table', { name: 'Incident reports' }).locator('tbody tr');
    await rows.first().waitFor();
    const matching = await waitUntil(() => numberIn(page, /reports \d+–\d+ of ([\d,]+)/), {
      timeoutMs: 15_000,
      what: "the pager's count",
    });
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.locator(MARKERS).first().waitFor();
    assert.equal(await rows.count(), 0, 'the list gives way to the map');
    await waitUntil(async () => (await markerTotal(page)) === matching, {
      timeoutMs: 15_000,
      what: `the map holds the ${matching} matching reports`,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no sideways scrolling');
    await assertAccessible(page, 'admin-reports-map-390');
  });

  it('Home shows hotspots per campus of the role over the chosen period', async () => {
    const page = await openPage('/', staff('imt.main@campus.test'));
    const hotspots = page.getByRole('region', { name: /^Hotspots/ });
    await hotspots.getByRole('region', { name: /^Map of reports per campus/ }).waitFor();
    await hotspots.getByLabel('Period').selectOption('90d');
    const perCampus = hotspots.getByRole('list', { name: /Reports per campus over the last 90/ });
    const total = page
      .getByText('All live reports', { exact: true })
      .locator('xpath=following-sibling::p');
    // The seed's reports are all within the last 30 days, so 90 days hold every live one (the
    // period's day docs arrive after the choice: wait for them).
    let items = [];
    await waitUntil(
      async () => {
        items = await perCampus.getByRole('listitem').allTextContents();
        return items[0] === `Main Campus: ${(await total.textContent()).trim()}`;
      },
      { what: 'the 90-day hotspot to count every live report' },
    ).catch(() => undefined);
    assert.equal(items.length, 1, 'IMT sees its own campus only');
    assert.equal(items[0], `Main Campus: ${(await total.textContent()).trim()}`);
    assert.ok(
      (await hotspots.locator('path.leaflet-interactive').count()) >= 1,
      'a circle is drawn',
    );
    await assertAccessible(page, 'imt-dashboard-hotspots');
  });
});
