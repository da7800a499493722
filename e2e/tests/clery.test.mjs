import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { db, openPage, staff } from '../support/suite.mjs';

const DAY = 86_400_000;
/** The programme zone (Asia/Manila) is UTC+8 all year. */
const ZONE_OFFSET = 8 * 3_600_000;
const MAIN_CENTRE = { latitude: 14.6549, longitude: 121.0645 };
const NONE = { weapons: 0, drugAbuse: 0, liquorLaw: 0 };

async function clearCleryRecords() {
  const snap = await db().collection('clery_records').get();
  await Promise.all(snap.docs.map((d) => d.ref.delete()));
}

function incident(daysAgo, status = 'Resolved') {
  return {
    timestamp: Timestamp.fromMillis(Date.now() - daysAgo * DAY),
    geoLoc: MAIN_CENTRE,
    nearestCampus: 'main',
    status,
    isArchived: false,
    email: 'reporter1@campus.test',
    incidentType: 'Theft',
    description: 'Clery e2e',
  };
}

function record(id, reportedAtMs, fields = {}) {
  return {
    incidentId: id,
    campus: 'main',
    reportedAt: Timestamp.fromMillis(reportedAtMs),
    occurredAt: null,
    isCrime: true,
    offences: [{ offence: 'burglary', bias: null }],
    arrests: NONE,
    referrals: NONE,
    geography: 'onCampus',
    noncampusProperty: null,
    generalLocation: 'Library',
    nature: 'Burglary',
    disposition: 'Closed - arrest',
    withheld: null,
    log: [],
    classifiedAt: Timestamp.now(),
    classifiedBy: 'e2e',
    retainUntil: Timestamp.fromMillis(reportedAtMs + 8 * 365 * DAY),
    ...fields,
  };
}

describe('Clery records', () => {
  const admin = () => staff('admin@campus.test');

  it("the crime log's print view lists the right incidents", async () => {
    await clearCleryRecords();
    const incidents = db().collection('incident_reports');
    const records = db().collection('clery_records');
    const id = (name) => `e2e-clery-${name}`;
    const days = { crime: 3, withheld: 4, notCrime: 5, unclassified: 9, old: 70, viaUi: 2 };
    for (const [name, ago] of Object.entries(days))
      await incidents.doc(id(name)).set(incident(ago));
    const at = (name) => Date.now() - days[name] * DAY;
    await records.doc(id('crime')).set(record(id('crime'), at('crime')));
    await records.doc(id('withheld')).set(
      record(id('withheld'), at('withheld'), {
        withheld: { reason: 'victimConfidentiality', note: 'e2e' },
      }),
    );
    await records
      .doc(id('notCrime'))
      .set(record(id('notCrime'), at('notCrime'), { isCrime: false, offences: [] }));
    await records.doc(id('old')).set(record(id('old'), at('old')));

    const page = await openPage('/clery/crime-log', admin());
    await page.getByRole('heading', { level: 1, name: 'Daily crime log' }).waitFor();
    const row = (name) => page.getByRole('row').filter({ hasText: id(name) });
    await row('unclassified').getByText('Overdue: not classified').waitFor();
    await row('withheld').getByText('Withheld: Victim confidentiality').waitFor();
    assert.equal(await row('old').count(), 0, 'older than 60 days: not on the default log');

    // Classify one through the dialog, as a director would.
    await page.getByRole('button', { name: `Classify ${id('viaUi')}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Burglary').check();
    await assertAccessible(page, 'admin-clery-classify-dialog', DIALOGS);
    await dialog.getByLabel('General location').fill('Science Hall');
    await dialog.getByLabel('Nature').fill('Burglary of an office');
    await dialog.getByLabel('Disposition').selectOption('Open - under investigation');
    await dialog.getByRole('button', { name: 'Save classification' }).click();
    // The first call of a function loads it in the Functions emulator: allow for that.
    await row('viaUi').getByText('On the log').waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });

    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('crime-log-print');
    await printed.waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    const lines = await printed
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
      );
    assert.deepEqual(
      lines.map((cells) => cells[0]),
      [id('viaUi'), id('crime')],
    );
    const [viaUi] = lines;
    assert.deepEqual(viaUi.slice(2), [
      'Unknown',
      'Main Campus',
      'Science Hall',
      'Burglary of an office',
      'Open - under investigation',
    ]);
    const stored = (await records.doc(id('viaUi')).get()).data();
    assert.equal(stored.geography, 'onCampus');
    // The record's history is its append-only log sub-collection.
    const log = await records.doc(id('viaUi')).collection('log').get();
    assert.deepEqual(
      log.docs.map((l) => l.get('action')),
      ['classified'],
    );
  });

  it('an open case is classified the day it is reported; a closed one asks for its disposition; holidays move the due date', async () => {
    const incidents = db().collection('incident_reports');
    const id = (name) => `e2e-clery-open-${name}`;
    await incidents.doc(id('today')).set(incident(0, 'Processing'));
    await incidents.doc(id('closed')).set(incident(3, 'Resolved'));
    await db()
      .collection('clery_records')
      .doc(id('closed'))
      .set(
        record(id('closed'), Date.now() - 3 * DAY, { disposition: 'Open - under investigation' }),
      );
    // Reported five days ago: the four whole days since hold two weekdays at least, so it is
    // overdue; with each day since a holiday it is not.
    const reportedAt = Date.now() - 5 * DAY;
    await incidents.doc(id('due')).set(incident(5, 'Reported'));
    const manilaDate = (ms) => new Date(ms + ZONE_OFFSET).toISOString().slice(0, 10);
    const since = [1, 2, 3, 4, 5].map((k) => manilaDate(reportedAt + k * DAY));

    const page = await openPage('/clery/crime-log', admin());
    const row = (name) => page.getByRole('row').filter({ hasText: id(name) });
    await row('closed').getByText('Case closed: update disposition').waitFor();
    await row('due').getByText('Overdue: not classified').waitFor();

    await page.getByRole('button', { name: `Classify ${id('today')}` }).click();
    const classify = page.getByRole('dialog');
    assert.equal(
      await classify.getByLabel('Disposition').inputValue(),
      'Open - under investigation',
    );
    await classify.getByLabel('Burglary').check();
    await classify.getByRole('button', { name: 'Save classification' }).click();
    await row('today').getByText('On the log').waitFor({ timeout: 60_000 });
    await classify.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Holidays', exact: true }).click();
    const holidays = page.getByRole('dialog', { name: 'Holidays' });
    for (const day of since) {
      await holidays.getByLabel('Add a holiday').fill(day);
      await holidays.getByRole('button', { name: 'Add', exact: true }).click();
      await holidays.getByRole('button', { name: `Remove ${day}` }).waitFor();
    }
    await assertAccessible(page, 'admin-clery-holidays-dialog', DIALOGS);
    await holidays.getByRole('button', { name: 'Save holidays' }).click();
    await holidays.waitFor({ state: 'detached', timeout: 60_000 });
    const saved = await db().doc('settings/clery_calendar').get();
    assert.deepEqual(saved.get('holidays'), [...since].sort());
    await row('due').getByText('Not classified', { exact: true }).waitFor();
    await db().doc('settings/clery_calendar').delete();
  });

  it('a fire reported in a residence hall goes on the fire log and into the fire statistics', async () => {
    const incidents = db().collection('incident_reports');
    const id = 'e2e-fire-kitchen';
    await incidents.doc(id).set({ ...incident(1, 'Processing'), incidentType: 'Fire' });
    // Last year's fire, logged before: it counts in the annual statistics.
    const lastYear = new Date().getUTCFullYear() - 1;
    const reportedLastYear = Timestamp.fromMillis(Date.UTC(lastYear, 5, 15, 4));
    await db()
      .collection('fire_log')
      .doc('e2e-fire-last-year')
      .set({
        incidentId: 'e2e-fire-last-year',
        campus: 'north',
        facility: 'Narra Residence Hall',
        reportedAt: reportedLastYear,
        occurredAt: null,
        nature: 'Electrical fire',
        generalLocation: 'Narra Residence Hall',
        cause: 'Unintentional: electrical',
        injuries: 1,
        deaths: 0,
        damage: '$10,000–24,999',
        recordedAt: reportedLastYear,
        recordedBy: 'e2e',
        retainUntil: Timestamp.fromMillis(Date.UTC(lastYear + 8, 0, 1)),
      });

    const log = await openPage('/clery/crime-log', admin());
    await log.getByRole('button', { name: `Log fire ${id}` }).click();
    const dialog = log.getByRole('dialog', { name: `Log a fire for ${id}` });
    assert.equal(await dialog.getByLabel('Housing facility').inputValue(), 'Acacia Residence Hall');
    await dialog.getByLabel('Nature').fill('Kitchen fire');
    await dialog.getByLabel('Cause').selectOption('Unintentional: cooking');
    await dialog.getByLabel('Property damage').selectOption('$100–999');
    await dialog.getByLabel('Injuries treated at a medical facility').fill('1');
    await assertAccessible(log, 'admin-clery-fire-dialog', DIALOGS);
    await dialog.getByRole('button', { name: 'Log fire' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await log.getByRole('row').filter({ hasText: id }).getByText('On the fire log').waitFor();

    const page = await openPage('/clery/fire-log', admin());
    const entry = page
      .getByRole('table', { name: 'Fire log' })
      .getByRole('row')
      .filter({ hasText: id });
    await entry.getByText('Kitchen fire').waitFor();
    const narra = page
      .getByRole('table', { name: 'Annual fire statistics' })
      .locator(`tr[data-row="north/Narra Residence Hall/${lastYear}"]`);
    await narra.getByText('Unintentional: electrical').waitFor();
    assert.equal(await narra.locator('td[data-cell="Fires"]').textContent(), '1');
    assert.equal(await narra.locator('td[data-cell="Injuries"]').textContent(), '1');

    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('fire-log-print');
    await printed.waitFor();
    const text = await printed.textContent();
    assert.ok(text.includes(id) && text.includes('Kitchen fire'), 'the printed log lists the fire');
  });

  it('a decision not to warn is recorded from the crime log; a test of the emergency response is recorded and listed for the year', async () => {
    const incidents = db().collection('incident_reports');
    const id = 'e2e-clery-no-warning';
    await incidents.doc(id).set(incident(1, 'Resolved'));
    await db()
      .collection('clery_records')
      .doc(id)
      .set(record(id, Date.now() - DAY));

    const log = await openPage('/clery/crime-log', admin());
    await log.getByRole('button', { name: `No warning for ${id}` }).click();
    const decide = log.getByRole('dialog', { name: `No Timely Warning for ${id}` });
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await decide.getByText('Reason is required.').waitFor();
    await decide.getByLabel('Reason').fill('Suspect arrested on site: no continuing threat.');
    await assertAccessible(log, 'admin-clery-warning-decision-dialog', DIALOGS);
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await decide.waitFor({ state: 'detached', timeout: 60_000 });
    await log
      .getByRole('row')
      .filter({ hasText: id })
      .getByText('No Timely Warning: decided')
      .waitFor();

    const page = await openPage('/clery/warnings', admin());
    const decisions = page.getByRole('table', { name: 'Decisions not to issue a Timely Warning' });
    await decisions
      .getByRole('row')
      .filter({ hasText: id })
      .getByText('Suspect arrested on site')
      .waitFor();
    await page.getByRole('button', { name: 'Record a test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a test of the emergency response' });
    await dialog.getByRole('button', { name: 'Record test' }).click();
    await dialog.getByText('Choose at least one campus.').waitFor();
    await dialog.getByText('Choose whether it was announced.').waitFor();
    // Yesterday at 10:00 in the programme zone, as the field takes it.
    const day = new Date(Date.now() - DAY + ZONE_OFFSET).toISOString().slice(0, 10);
    await dialog.getByLabel(/^Date and time/).fill(`${day}T10:00`);
    await dialog.getByLabel('Announced or not').selectOption('Unannounced');
    await dialog.getByLabel('Main Campus').check();
    await dialog.getByLabel('Description').fill('E2E: unannounced lockdown drill, all buildings.');
    await assertAccessible(page, 'admin-clery-emergency-test-dialog', DIALOGS);
    await dialog.getByRole('button', { name: 'Record test' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    const tests = page.getByRole('table', { name: 'Tests of the emergency response' });
    await tests.getByRole('row').filter({ hasText: 'E2E: unannounced lockdown drill' }).waitFor();
    assert.ok(
      (await tests.innerText()).includes('Unannounced'),
      'the test is listed as unannounced',
    );
  });

  it('the annual table counts a generated set of classified incidents exactly', async () => {
    await clearCleryRecords();
    const localYear = (ms) => Number(new Date(ms + ZONE_OFFSET).toISOString().slice(0, 4));
    const thisYear = localYear(Date.now());
    const years = [thisYear - 3, thisYear - 2, thisYear - 1];
    let seed = 20261123;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const pick = (list) => list[Math.floor(random() * list.length)];
    const offencesPool = [
      'murder',
      'negligentManslaughter',
      'rape',
      'fondling',
      'robbery',
      'aggravatedAssault',
      'burglary',
      'motorVehicleTheft',
      'arson',
      'stalking',
      'datingViolence',
    ];
    const campuses = ['main', 'north', 'riverside'];
    const geographies = ['onCampus', 'onCampusHousing', 'noncampus', 'publicProperty', 'outside'];
    const startOfYear = (y) => Date.UTC(y, 0, 1) - ZONE_OFFSET;
    const generated = [];
    for (let i = 0; i < 60; i++) {
      const year = pick([thisYear - 4, ...years, ...years, thisYear]);
      const chosen = [...new Set([pick(offencesPool), pick(offencesPool), pick(offencesPool)])]
        .slice(0, 1 + Math.floor(random() * 3))
        .map((offence) => ({
          offence,
          bias: offence === 'aggravatedAssault' && random() < 0.5 ? 'religion' : null,
        }));
      generated.push({
        campus: pick(campuses),
        reportedAt: startOfYear(year) + Math.floor(random() * 364 * DAY),
        geography: pick(geographies),
        offences: chosen,
        arrests: { ...NONE, liquorLaw: random() < 0.2 ? 2 : 0 },
        referrals: { ...NONE, drugAbuse: random() < 0.2 ? 1 : 0 },
        disposition: random() < 0.1 ? 'Unfounded' : 'Closed - arrest',
      });
    }
    // The edges of a year in the programme zone: 23:30 on 31 December and 00:30 on 1 January.
    const edge = startOfYear(years[2]);
    for (const reportedAt of [edge - 30 * 60_000, edge + 30 * 60_000])
      generated.push({
        campus: 'north',
        reportedAt,
        geography: 'publicProperty',
        offences: [{ offence: 'robbery', bias: null }],
        arrests: NONE,
        referrals: NONE,
        disposition: 'Closed - arrest',
      });
    const batch = db().batch();
    generated.forEach((g, i) => {
      const id = `e2e-annual-${i}`;
      batch.set(
        db().collection('clery_records').doc(id),
        record(id, g.reportedAt, { ...g, reportedAt: Timestamp.fromMillis(g.reportedAt) }),
      );
    });
    await batch.commit();

    // Brute force: rank order of the hierarchy, sex offences apart, arson always.
    const hierarchy = [
      'murder',
      'negligentManslaughter',
      'rape',
      'fondling',
      'incest',
      'statutoryRape',
      'robbery',
      'aggravatedAssault',
      'burglary',
      'motorVehicleTheft',
      'arson',
    ];
    const sex = new Set(['rape', 'fondling', 'incest', 'statutoryRape']);
    const expectedFor = (campus) => {
      const counts = new Map();
      const bump = (key, by = 1) => by && counts.set(key, (counts.get(key) ?? 0) + by);
      for (const g of generated) {
        const year = localYear(g.reportedAt);
        if (campus && g.campus !== campus) continue;
        if (!years.includes(year) || g.geography === 'outside') continue;
        const columns =
          g.geography === 'onCampusHousing' ? ['onCampus', 'onCampusHousing'] : [g.geography];
        if (g.disposition === 'Unfounded') {
          // A report of a criminal offence, hate crime or VAWA offence counts once as unfounded.
          const crimeReport = g.offences.some(
            (o) =>
              hierarchy.includes(o.offence) ||
              o.bias ||
              ['stalking', 'datingViolence', 'domesticViolence'].includes(o.offence),
          );
          if (crimeReport) for (const c of columns) bump(`unfounded/crimes/${year}/${c}`);
          continue;
        }
        const criminal = g.offences
          .map((o) => o.offence)
          .filter((o) => hierarchy.includes(o))
          .sort((a, b) => hierarchy.indexOf(a) - hierarchy.indexOf(b));
        const counted = [
          ...criminal.filter((o) => !sex.has(o) && o !== 'arson').slice(0, 1),
          ...criminal.filter((o) => sex.has(o)).slice(0, 1),
          ...criminal.filter((o) => o === 'arson'),
        ];
        for (const c of columns) {
          for (const o of counted) bump(`criminal/${o}/${year}/${c}`);
          for (const o of g.offences) {
            if (o.bias) bump(`hate/${o.offence}:${o.bias}/${year}/${c}`);
            if (['stalking', 'datingViolence', 'domesticViolence'].includes(o.offence))
              bump(`vawa/${o.offence}/${year}/${c}`);
          }
          bump(`arrests/liquorLaw/${year}/${c}`, g.arrests.liquorLaw);
          bump(`referrals/drugAbuse/${year}/${c}`, g.referrals.drugAbuse);
        }
      }
      return Object.fromEntries([...counts].sort());
    };

    const page = await openPage('/clery/annual', admin());
    await page.getByRole('heading', { level: 1, name: 'Annual statistics' }).waitFor();
    const shown = () =>
      // The crime tables' rows (the fire statistics below them count other things).
      page.locator('tr[data-row]:not([data-row*="Residence Hall"])').evaluateAll((rows) => {
        const cells = {};
        for (const row of rows)
          for (const td of row.querySelectorAll('td[data-cell]')) {
            const value = Number(td.textContent);
            if (value) cells[`${row.dataset.row}/${td.dataset.cell}`] = value;
          }
        return Object.fromEntries(Object.entries(cells).sort());
      });
    const all = expectedFor(null);
    assert.ok(Object.keys(all).length > 40, 'the generated set fills many cells');
    assert.equal(all[`criminal/robbery/${years[1]}/publicProperty`] > 0, true);
    await waitUntil(async () => JSON.stringify(await shown()) === JSON.stringify(all) || null, {
      timeoutMs: 20_000,
      what: 'the annual tables to show the generated counts',
    }).catch(async (error) => {
      assert.deepEqual(await shown(), all);
      throw error;
    });
    await page.getByLabel('Campus').selectOption('north');
    const north = expectedFor('north');
    await waitUntil(async () => JSON.stringify(await shown()) === JSON.stringify(north) || null, {
      timeoutMs: 10_000,
      what: 'the North Campus tables',
    }).catch(async (error) => {
      assert.deepEqual(await shown(), north);
      throw error;
    });
    assert.ok(
      Object.keys(north).some((k) => k.startsWith('unfounded/')) ||
        Object.keys(all).some((k) => k.startsWith('unfounded/')),
      'the generated set has unfounded crimes',
    );

    // Printed, the tables are one document: every section, the campus, how they are counted.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('annual-print');
    await printed.waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Annual statistics' }).isVisible(), false);
    const text = await printed.textContent();
    for (const part of ['North Campus', 'Criminal offences', 'Unfounded crimes', 'hierarchy rule'])
      assert.ok(text.includes(part), `the printed report says ${part}`);
    assert.equal(
      await printed.locator('caption').count(),
      7,
      'seven tables: criminal, hate, VAWA, arrests, referrals, unfounded, fires',
    );
    assert.ok(text.includes('Narra Residence Hall'), 'the fire statistics of North Campus');
    assert.ok(!text.includes('Acacia Residence Hall'), 'and of no other campus');
  });
});
