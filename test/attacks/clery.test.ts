/**
 * Clery records and legal holds from the outside: only Admins classify, withhold and hold (the
 * callables), nobody writes the records or holds directly, a held incident cannot be archived.
 * Each refusal leaves the record, the hold and the incident as they were.
 */
import assert from 'node:assert/strict';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { admin, incident, refused, type Attacker } from './support';

describe('attacks: Clery records and legal holds', () => {
  let c: Cast;
  let everyone: Attacker[];
  let resolved: string;
  let held: string;
  let watched: string[];
  const record = (id: string) => ({
    incidentId: id,
    campus: 'main',
    reportedAt: new Date(),
    isCrime: true,
    offences: [{ offence: 'robbery', bias: null }],
    geography: 'onCampus',
    generalLocation: 'Library',
    nature: 'Robbery',
    disposition: 'Closed - arrest',
    withheld: null,
  });
  const classification = (id: string) => ({
    incidentId: id,
    isCrime: false,
    offences: [],
    arrests: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
    referrals: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
    geography: 'outside',
    noncampusProperty: null,
    occurredAt: null,
    generalLocation: 'Nowhere',
    nature: 'Nothing',
    disposition: 'Unfounded',
    unfoundedReason: 'Found baseless by the campus police',
  });

  before(async () => {
    c = await theCast();
    everyone = [c.newbie, c.reporter, c.imtMain, c.imtNorth, c.imtRiverside, c.archived];
    resolved = await incident('main', c.reporter, { status: 'Resolved' });
    held = await incident('main', c.reporter, { status: 'Declined' });
    await admin.db.doc(`clery_records/${resolved}`).set(record(resolved));
    await admin.db
      .doc(`legal_holds/${held}`)
      .set({ active: true, reason: 'Litigation', updatedBy: 'x', updatedAt: new Date() });
    await admin.db
      .doc(`clery_records/${resolved}/log/first`)
      .set({ action: 'classified', at: new Date(), by: c.admin.uid, note: null });
    await admin.db
      .doc(`legal_holds/${held}/log/first`)
      .set({ action: 'legalHoldSet', at: new Date(), by: c.admin.uid, note: 'Litigation' });
    watched = [
      `clery_records/${resolved}/log`,
      `legal_holds/${held}/log`,
      `clery_records/${resolved}`,
      `clery_records/${held}`,
      `legal_holds/${held}`,
      `legal_holds/${resolved}`,
      `fire_log/${resolved}`,
      `incident_reports/${resolved}`,
      `incident_reports/${held}`,
    ];
  });

  it('non-Admins cannot classify, withhold, release, set and lift legal holds or log fires', async () => {
    for (const who of everyone) {
      const calls: [string, unknown][] = [
        ['classifyIncident', classification(resolved)],
        ['classifyIncident', classification(held)],
        ['withholdCrimeLogEntry', { incidentId: resolved, reason: 'investigation', note: 'x' }],
        ['withholdCrimeLogEntry', { incidentId: resolved, reason: null, note: 'x' }],
        ['setLegalHold', { incidentId: held, active: false, reason: 'x' }],
        ['setLegalHold', { incidentId: resolved, active: true, reason: 'x' }],
        [
          'recordFire',
          {
            incidentId: resolved,
            facility: 'Acacia Residence Hall',
            occurredAt: null,
            nature: 'Forged fire',
            generalLocation: 'Acacia Residence Hall',
            cause: 'Intentional',
            injuries: 0,
            deaths: 0,
            damage: '$0–99',
          },
        ],
      ];
      for (const [name, data] of calls)
        await refused(() => who.call(name, data), watched, [
          'permission-denied',
          'unauthenticated',
        ]);
    }
  });

  it('nobody, Admins included, writes or deletes records and holds directly', async () => {
    for (const who of [...everyone, c.admin]) {
      await refused(() => setDoc(doc(who.db, 'clery_records', held), record(held)), watched);
      await refused(
        () =>
          updateDoc(doc(who.db, 'clery_records', resolved), {
            withheld: null,
            geography: 'outside',
          }),
        watched,
      );
      await refused(() => deleteDoc(doc(who.db, 'clery_records', resolved)), watched);
      await refused(() => updateDoc(doc(who.db, 'legal_holds', held), { active: false }), watched);
      await refused(() => deleteDoc(doc(who.db, 'legal_holds', held)), watched);
    }
  });

  it('nobody, Admins included, adds, rewrites or deletes a line of the history (issue 17 item 9)', async () => {
    for (const who of [...everyone, c.admin]) {
      for (const parent of [`clery_records/${resolved}`, `legal_holds/${held}`]) {
        const forged = { action: 'classified', at: new Date(), by: who.uid, note: null };
        await refused(() => setDoc(doc(who.db, `${parent}/log/forged`), forged), watched);
        await refused(
          () => updateDoc(doc(who.db, `${parent}/log/first`), { by: who.uid }),
          watched,
        );
        await refused(() => deleteDoc(doc(who.db, `${parent}/log/first`)), watched);
      }
    }
    for (const who of everyone)
      await refused(() => getDocs(collection(who.db, `clery_records/${resolved}/log`)), watched);
  });

  it('100 withhold/release pairs leave who classified the record, and when (issue 17 item 9)', async function () {
    this.timeout(300_000);
    const id = await incident('main', c.reporter, { status: 'Resolved' });
    await c.admin.call('classifyIncident', classification(id));
    for (let pair = 0; pair < 100; pair++) {
      await c.admin.call('withholdCrimeLogEntry', {
        incidentId: id,
        reason: 'investigation',
        note: `withheld ${pair}`,
      });
      await c.admin.call('withholdCrimeLogEntry', {
        incidentId: id,
        reason: null,
        note: `released ${pair}`,
      });
    }
    // Read as the Admin reads it, through the rules.
    const lines = (
      await getDocs(query(collection(c.admin.db, `clery_records/${id}/log`), orderBy('at')))
    ).docs.map((d) => d.data());
    assert.equal(lines.length, 201);
    assert.deepEqual(
      { action: lines[0]!.action, by: lines[0]!.by },
      { action: 'classified', by: c.admin.uid },
    );
    assert.equal(lines.at(-1)!.note, 'released 99');
  });

  it('staff other than Admins cannot read the records or holds', async () => {
    for (const who of everyone) {
      await refused(() => getDoc(doc(who.db, 'clery_records', resolved)), watched);
      await refused(() => getDoc(doc(who.db, 'legal_holds', held)), watched);
    }
  });

  it('an Admin cannot archive an incident on legal hold, nor delete it', async () => {
    await refused(
      () => updateDoc(doc(c.admin.db, 'incident_reports', held), { isArchived: true }),
      watched,
    );
    await refused(() => deleteDoc(doc(c.admin.db, 'incident_reports', held)), watched);
  });

  it('only Admins change the holiday calendar, only through the callable and only with dates', async () => {
    const calendar = ['settings/clery_calendar'];
    await admin.db.doc(calendar[0]!).set({ holidays: ['2026-12-25'], updatedBy: 'x' });
    // A holiday every day would keep every entry from ever falling due.
    const everyDay = { holidays: ['2026-12-24', '2026-12-26'] };
    for (const who of everyone)
      await refused(() => who.call('saveCleryCalendar', everyDay), calendar, [
        'permission-denied',
        'unauthenticated',
      ]);
    for (const who of [...everyone, c.admin])
      await refused(
        () => setDoc(doc(who.db, 'settings', 'clery_calendar'), { holidays: [] }),
        calendar,
      );
    for (const holidays of [['tomorrow'], ['2026-13-01'], Array(101).fill('2026-12-25'), 'x'])
      await refused(() => c.admin.call('saveCleryCalendar', { holidays }), calendar, [
        'invalid-argument',
      ]);
  });
});
