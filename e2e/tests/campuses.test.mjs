import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from '@campus-safety/testkit/wait';
import { screenshotsAtWidths as shots } from '../support/artifacts.mjs';
import { accounts, db, openPage } from '../support/suite.mjs';

/** Issue 30 item 2: an Admin adds and renames campuses; everything keeps the campus's id. */
describe('Campuses as data (issue 30)', () => {
  const campusesRef = () => db().doc('settings/campuses');
  let seeded;
  before(async () => {
    seeded = (await campusesRef().get()).data();
  });
  after(async () => {
    // The other suites work on the demo campuses as seeded.
    await campusesRef().set(seeded);
  });

  it('an Admin adds a campus from GeoJSON and renames one: reports keep the id and show the new name', async function () {
    this.timeout(240_000);
    const { SECOND_INSTITUTION } = await import('@campus-safety/model/demo');
    const lakeshore = SECOND_INSTITUTION.campuses[0];
    const page = await openPage('/settings', accounts().admin);
    const section = page.getByRole('region', { name: 'Campuses' });
    const campus = section.getByLabel('Campus', { exact: true });
    await campus.waitFor({ timeout: 60_000 });

    // Not GeoJSON: said, and the draft is left as it was.
    await campus.selectOption('new');
    const file = path.join(tmpdir(), `campus-${Date.now()}.geojson`);
    await writeFile(file, 'campus,boundary\nnot,geojson\n');
    await section.getByLabel('Import GeoJSON').setInputFiles(file);
    await section.getByText('The file is not GeoJSON: it is not even JSON.').waitFor();

    // A real file: the grounds and the hall fill in, the map previews them.
    const ring = (r) => [[...r, r[0]].map(([lat, lng]) => [lng, lat])];
    const geojson = path.join(tmpdir(), `lakeshore-${Date.now()}.geojson`);
    await writeFile(
      geojson,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { kind: 'campus', name: 'x' },
            geometry: { type: 'Polygon', coordinates: ring(lakeshore.boundary) },
          },
          {
            type: 'Feature',
            properties: { kind: 'housing', name: 'Mertz Hall' },
            geometry: { type: 'Polygon', coordinates: ring(lakeshore.housing[0].boundary) },
          },
        ],
      }),
    );
    await section.getByLabel('Import GeoJSON').setInputFiles(geojson);
    await waitUntil(
      async () =>
        (await section.getByLabel(/^Boundary/).inputValue()).split('\n').length === 4 || null,
      { timeoutMs: 10_000, what: 'the imported boundary' },
    );
    await section.getByLabel('Name', { exact: true }).fill('Lakeshore Campus');
    await section.getByLabel('Short name').fill('Lakeshore');
    await section.getByLabel('Centre latitude').fill(String(lakeshore.centre.latitude));
    await section.getByLabel('Centre longitude').fill(String(lakeshore.centre.longitude));
    assert.match(
      await section.getByLabel(/^Student housing buildings/).inputValue(),
      /^Mertz Hall: /,
    );
    await section.getByRole('button', { name: 'Add campus' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Lakeshore Campus saved' })
      .waitFor({ timeout: 60_000 });
    const added = await waitUntil(
      async () => (await campusesRef().get()).get('campuses')?.['lakeshore-campus'] ?? null,
      { timeoutMs: 30_000, what: 'the added campus' },
    );
    assert.equal(added.housing[0].name, 'Mertz Hall');
    assert.equal(added.retired, false);
    await shots(page, 'settings-campuses');

    // A boundary that crosses itself is refused before it is sent; nothing changes.
    const boundary = section.getByLabel(/^Boundary/);
    const before = await boundary.inputValue();
    const [a, b, c, d] = before.split('\n');
    await boundary.fill([a, c, b, d].join('\n'));
    await section.getByRole('button', { name: 'Save campus' }).click();
    await section.getByText('Lakeshore Campus: the boundary crosses itself.').waitFor();
    assert.deepEqual(
      (await campusesRef().get()).get('campuses.lakeshore-campus.boundary'),
      added.boundary,
    );

    // A corner dragged on the map moves that point of the boundary; saved, it is stored.
    await boundary.fill(before);
    const corner = section.locator('.leaflet-marker-icon.marker-icon:not(.marker-icon-middle)');
    await corner.first().waitFor({ timeout: 30_000 });
    const box = await corner.first().boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 12, box.y + box.height / 2 + 6, { steps: 5 });
    await page.mouse.up();
    const dragged = await waitUntil(
      async () => {
        const text = await boundary.inputValue();
        return text !== before ? text : null;
      },
      { timeoutMs: 10_000, what: 'the boundary after the drag' },
    );
    assert.equal(dragged.split('\n').length, 4, 'a drag moves a corner, adds none');
    await shots(page, 'settings-campuses-map-edit');
    await section.getByRole('button', { name: 'Save campus' }).click();
    const moved = await waitUntil(
      async () => {
        const stored = (await campusesRef().get()).get('campuses.lakeshore-campus.boundary');
        return JSON.stringify(stored) !== JSON.stringify(added.boundary) ? stored : null;
      },
      { timeoutMs: 30_000, what: 'the dragged boundary saved' },
    );
    assert.equal(moved.length, 4);
    // Opened again: a save still landing re-seeds the form it was made in (the typing after it
    // would go), which is the form's rule for a new version, not what this step tests.
    await page.reload();
    await campus.waitFor({ timeout: 60_000 });

    // Main Campus renamed: its reports keep `main` and the list shows the new name.
    await campus.selectOption('main');
    await section.getByLabel('Name', { exact: true }).fill('Diliman Campus');
    await section.getByRole('button', { name: 'Save campus' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Diliman Campus saved' })
      .waitFor({ timeout: 60_000 });
    const history = page.getByTestId('history-campuses');
    await history.getByText('History of campuses').click();
    await history
      .getByRole('listitem')
      .first()
      .filter({ hasText: 'Main Campus: renamed Diliman Campus' })
      .waitFor();
    const mainReports = await db()
      .collection('incident_reports')
      .where('nearestCampus', '==', 'main')
      .get();
    assert.ok(mainReports.size > 0, 'the seeded Main Campus reports keep their campus id');
    await page.goto(new URL('/reports', page.url()).href);
    const campusCells = page.locator('td[data-label="Campus"]');
    await campusCells.filter({ hasText: 'Diliman Campus' }).first().waitFor({ timeout: 60_000 });
    assert.equal(await campusCells.filter({ hasText: 'Main Campus' }).count(), 0);
  });

  it('an Admin draws a new campus on the map: its corners and centre fill in, and it is saved', async function () {
    this.timeout(180_000);
    // The demo's campuses only, all in Manila (the test before added one in Chicago).
    await campusesRef().set(seeded);
    const page = await openPage('/settings', accounts().admin);
    const section = page.getByRole('region', { name: 'Campuses' });
    const campus = section.getByLabel('Campus', { exact: true });
    await campus.waitFor({ timeout: 60_000 });
    await campus.selectOption('new');
    const map = section.getByRole('region', { name: "Map to draw the new campus's grounds on" });
    const container = map.locator('.leaflet-container');
    await container.waitFor({ timeout: 30_000 });
    await container.scrollIntoViewIfNeeded();
    // The map leaves room around the campuses: its top right is no campus's.
    const box = await container.boundingBox();
    const at = (dx, dy) => [box.x + box.width - dx, box.y + dy];
    const corners = [at(130, 10), at(10, 10), at(10, 70), at(130, 70)];
    for (const [x, y] of corners) await page.mouse.click(x, y);
    await page.mouse.click(...corners[0]);

    const boundary = section.getByLabel(/^Boundary/);
    const drawn = await waitUntil(
      async () => {
        const lines = (await boundary.inputValue()).split('\n').filter(Boolean);
        return lines.length >= 3 ? lines : null;
      },
      { timeoutMs: 10_000, what: 'the drawn boundary' },
    );
    assert.equal(drawn.length, 4, 'one line per corner clicked');
    const ring = drawn.map((line) => line.split(',').map(Number));
    const mean = (i) => ring.reduce((sum, p) => sum + p[i], 0) / ring.length;
    const latitude = Number(await section.getByLabel('Centre latitude').inputValue());
    const longitude = Number(await section.getByLabel('Centre longitude').inputValue());
    assert.ok(Math.abs(latitude - mean(0)) < 1e-5 && Math.abs(longitude - mean(1)) < 1e-5);
    // Drawn, it is the editor's: the corners are handles on the preview.
    await section
      .locator('.leaflet-marker-icon.marker-icon:not(.marker-icon-middle)')
      .first()
      .waitFor({ timeout: 30_000 });
    await shots(page, 'settings-campuses-drawn');

    await section.getByLabel('Name', { exact: true }).fill('Drawn Annex Campus');
    await section.getByLabel('Short name').fill('Annex');
    await section.getByRole('button', { name: 'Add campus' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Drawn Annex Campus saved' })
      .waitFor({ timeout: 60_000 });
    const saved = await waitUntil(
      async () => (await campusesRef().get()).get('campuses')?.['drawn-annex-campus'] ?? null,
      { timeoutMs: 30_000, what: 'the drawn campus' },
    );
    assert.equal(saved.boundary.length, 4);
    assert.equal(saved.centre.latitude, latitude);
  });
});
