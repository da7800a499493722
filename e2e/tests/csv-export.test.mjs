import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import { parseCsv } from '@campus-safety/testkit/csv';
import { waitUntil } from '@campus-safety/testkit/wait';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage, staff } from '../support/suite.mjs';

/** More rows than one export page (EXPORT_PAGE_SIZE, 500), so the file spans two pages. */
const MATCHING = 520;
const DAY = '2019-06-15';
const TRICKY_DAY = '2019-06-16';
/** A comma, a quote, a line break and non-ASCII text (accents, CJK, a symbol) in one field. */
const TRICKY = 'Gate forced, "again"\nSeñora Dela Cruz — 東京 ✓ café';

/**
 * Reports of a day years before the demo seed, written as the server leaves them once handled
 * (status Responded: the creation trigger only acts on new Reported ones). Noon UTC stays on the
 * same calendar day in the browser's zone, which the date filters read.
 */
function handledReport(campus, day, index, fields = {}) {
  return {
    timestamp: Timestamp.fromDate(new Date(Date.parse(`${day}T12:00:00Z`) + index * 1000)),
    geoLoc: { latitude: 14.5869, longitude: 121.1025 },
    nearestCampus: campus,
    status: 'Responded',
    isArchived: false,
    email: 'export.reporter@campus.test',
    reporterId: 'e2e-export-reporter',
    incidentType: 'Theft',
    description: `Export row ${index}`,
    threatLevel: 'High',
    assignedTo: { id: 'e2e-imt', displayName: 'Rae Rivera', email: 'rae@campus.test' },
    waitingTimeInMinutes: 3,
    responseTimeInMinutes: 12.5,
    tags: [],
    ...fields,
  };
}

/**
 * Writes `docs` (id → data) in batches of at most 500, the limit of one batch, with the keywords
 * the trigger would write (as the seed does), so the trigger does not write them and run again.
 */
async function writeAll(docs) {
  // The model is TypeScript: importable once the stack's start has registered tsx.
  const { incidentKeywords } = await import('@campus-safety/model');
  const entries = Object.entries(docs);
  for (let i = 0; i < entries.length; i += 500) {
    const batch = db().batch();
    for (const [id, data] of entries.slice(i, i + 500))
      batch.set(db().collection('incident_reports').doc(id), {
        ...data,
        keywords: incidentKeywords(data),
      });
    await batch.commit();
  }
}

/**
 * Waits until the campus stats (kept by a trigger on every report write) count the live reports.
 * Meaningful while the pending trigger events all move the count the same way (only creates, or
 * only deletes): the Home dashboard of later suites reads these stats.
 */
async function statsAgree() {
  const live = db().collection('incident_reports').where('isArchived', '==', false);
  await waitUntil(
    async () => {
      const stats = await db().collection('incident_stats').get();
      const counted = stats.docs.reduce((sum, d) => sum + (d.get('total') ?? 0), 0);
      return counted === (await live.count().get()).data().count;
    },
    { timeoutMs: 600_000, intervalMs: 2_000, what: 'the campus stats to count the live reports' },
  );
}

/**
 * The reports list with these filters, opened from its address (how a shared link opens it): this
 * suite is about the export; the filter fields have their own tests.
 */
function filteredReports({ campus, status, day }) {
  const params = new URLSearchParams({ view: 'all' });
  if (status) params.set('status', status);
  if (campus) params.set('campus', campus);
  params.set('from', day);
  params.set('to', day);
  return `/reports?${params}`;
}

/**
 * Clicks Export CSV and reads the downloaded file back (bytes, so the BOM is seen). The toast that
 * names the rows is awaited from before the click: it closes itself after a few seconds, which a
 * loaded machine can spend between the download and a later look.
 */
async function exportCsv(page, rowCount) {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  // `520 rows · incident-reports-….csv`
  const toastShown = page
    .getByText(`${rowCount} ${rowCount === 1 ? 'row' : 'rows'} · `)
    .waitFor({ timeout: 60_000 })
    .then(
      () => null,
      (error) => error,
    );
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const text = (await readFile(await download.path())).toString('utf8');
  const { bom, rows } = parseCsv(text);
  const [header, ...body] = rows;
  assert.equal(body.length, rowCount, 'the file has one row per matching report');
  const toastMissing = await toastShown;
  if (toastMissing) throw toastMissing;
  assert.ok(bom, 'the file starts with a UTF-8 byte-order mark');
  assert.match(download.suggestedFilename(), /^[a-z-]+-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  return { header, body, column: (name) => body.map((r) => r[header.indexOf(name)]) };
}

describe('CSV export', () => {
  const riverside = {};
  const main = {};
  before(async function () {
    // 523 reports at once start 523 runs of the report trigger (their keywords are written with
    // them); with one trigger per effect and the keywords' own update they were 4,700 and took
    // Google's emulator just over 5 min on 2 cores, which is what the bound still allows for.
    this.timeout(700_000);
    for (let i = 0; i < MATCHING; i++)
      riverside[`e2e-export-${i}`] = handledReport('riverside', DAY, i);
    // Same day, not matching: another status, and another campus (an IMT of Main gets these).
    riverside['e2e-export-resolved'] = handledReport('riverside', DAY, 900, {
      status: 'Resolved',
    });
    for (let i = 0; i < 2; i++) main[`e2e-export-main-${i}`] = handledReport('main', DAY, i);
    riverside['e2e-export-tricky'] = handledReport('riverside', TRICKY_DAY, 0, {
      description: TRICKY,
    });
    await writeAll({ ...riverside, ...main });
    // Every create is counted before anything is deleted, so that afterwards only deletes are
    // pending and stats equal to the reports mean the trigger is done (see statsAgree).
    await statsAgree();
  });
  after(async function () {
    this.timeout(700_000);
    // Later suites compare the dashboard with the stored reports: leave none behind, and let the
    // stats trigger work through the deletes.
    const ids = [...Object.keys(riverside), ...Object.keys(main)];
    for (let i = 0; i < ids.length; i += 500) {
      const batch = db().batch();
      for (const id of ids.slice(i, i + 500))
        batch.delete(db().collection('incident_reports').doc(id));
      await batch.commit();
    }
    await statsAgree();
  });

  it('the CSV of a filtered list has exactly the filter’s row count across pages', async function () {
    this.timeout(180_000);
    const page = await openPage(
      filteredReports({ campus: 'riverside', status: 'Responded', day: DAY }),
      accounts().admin,
    );
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    await page.getByText(/^Page 1 · reports 1–25 of \d/).waitFor();

    const expected = (
      await db()
        .collection('incident_reports')
        .where('isArchived', '==', false)
        .where('nearestCampus', '==', 'riverside')
        .where('status', '==', 'Responded')
        .where('timestamp', '>=', new Date(`${DAY}T00:00:00`))
        .where('timestamp', '<=', new Date(`${DAY}T23:59:59.999`))
        // The list's order, so the same indexes serve it.
        .orderBy('timestamp', 'desc')
        .count()
        .get()
    ).data().count;
    assert.equal(expected, MATCHING, 'only the seeded rows match');

    const file = await exportCsv(page, MATCHING);
    assert.equal(file.header[0], 'ID');
    assert.equal(file.body.length, expected, 'one row per matching report');
    const ids = file.column('ID');
    assert.equal(new Set(ids).size, ids.length, 'no report twice across pages');
    assert.deepEqual(
      [...ids].sort(),
      Array.from({ length: MATCHING }, (_, i) => `e2e-export-${i}`).sort(),
    );
    assert.deepEqual([...new Set(file.column('Campus'))], ['Riverside Campus']);
    assert.deepEqual([...new Set(file.column('Status'))], ['Responded']);
    // Newest first, as the list.
    assert.equal(ids[0], `e2e-export-${MATCHING - 1}`);
  });

  it('a field with a comma, a quote, a newline and non-ASCII text survives the round trip', async () => {
    const page = await openPage(
      filteredReports({ campus: 'riverside', day: TRICKY_DAY }),
      accounts().admin,
    );
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    await page.getByText(/^Page 1 · reports 1–1 of \d/).waitFor();

    const file = await exportCsv(page, 1);
    assert.equal(file.body.length, 1);
    assert.equal(file.column('ID')[0], 'e2e-export-tricky');
    assert.equal(file.column('Description')[0], TRICKY);
    // The time is written in the programme time zone (Manila, UTC+8), which the header names.
    assert.equal(file.column('Reported at (Asia/Manila)')[0], `${TRICKY_DAY} 20:00:00`);
    assert.equal(file.column('Assignee')[0], 'Rae Rivera');
    assert.equal(file.column('Response time (min)')[0], '12.5');
  });

  it('an IMT exports only its own campus’s reports', async () => {
    const page = await openPage(filteredReports({ day: DAY }), staff('imt.main@campus.test'));
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    await page.getByText(/^Page 1 · reports 1–2 of \d/).waitFor();

    const file = await exportCsv(page, 2);
    assert.deepEqual([...file.column('ID')].sort(), Object.keys(main).sort());
  });

  it('shows its progress with a Cancel that stops the export without a file', async () => {
    const page = await openPage(
      filteredReports({ campus: 'riverside', status: 'Responded', day: DAY }),
      accounts().admin,
    );
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    await page.getByText(/^Page 1 · reports 1–25 of \d/).waitFor();
    const downloads = [];
    page.on('download', (d) => downloads.push(d));
    // Hold the count back, so the export stays on its first step long enough to look at.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/runAggregationQuery/, async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporting incident reports' });
    await dialog.getByText('Counting the matching rows…').waitFor();
    await assertAccessible(page, 'dialog-export-progress', DIALOGS);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Export cancelled').waitFor();

    const counted = page.waitForResponse(/runAggregationQuery/);
    release();
    await counted;
    await page.unroute(/runAggregationQuery/);
    // Exporting again gives one file: the cancelled export wrote none when its count came back.
    await exportCsv(page, MATCHING);
    assert.equal(downloads.length, 1);
  });

  it('refuses an export over 50,000 rows with a message saying what to do, reading no row', async () => {
    const page = await openPage('/reports?view=all', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Incident reports' }).waitFor();
    // Seeding 50,001 reports would take minutes: the count's answer says so instead.
    await page.route(/runAggregationQuery/, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /"integerValue":\s*"\d+"/,
        '"integerValue":"50001"',
      );
      await route.fulfill({ response, body });
    });
    const downloads = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Too many rows to export' });
    await dialog
      .getByText(
        'These filters match 50,001 rows; one export holds at most 50,000. Narrow the filters',
      )
      .waitFor();
    await assertAccessible(page, 'dialog-export-too-large', DIALOGS);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(downloads.length, 0);
  });

  it('exports every live accomplishment report of the Admin’s scope', async () => {
    const page = await openPage('/accomplishment', accounts().admin);
    await page.getByRole('heading', { level: 1, name: 'Accomplishment reports' }).waitFor();
    const live = await db()
      .collection('accomplishment_reports')
      .where('isArchived', '==', false)
      .get();
    assert.ok(live.size > 0, 'the seed has accomplishment reports');

    const file = await exportCsv(page, live.size);
    assert.deepEqual([...file.column('ID')].sort(), live.docs.map((d) => d.id).sort());
    const first = live.docs.find((d) => d.id === file.column('ID')[0]).data();
    assert.equal(file.column('Title')[0], first.title);
    const { DEMO_CAMPUSES } = await import('@campus-safety/model/demo');
    assert.equal(
      file.column('Campus')[0],
      DEMO_CAMPUSES.find((c) => c.id === first.report.campus).name,
    );
  });
});
