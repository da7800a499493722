/**
 * Clery records and legal holds from the outside: only Admins classify, withhold and hold (the
 * callables), nobody writes the records or holds directly, a held incident cannot be archived.
 * Each refusal leaves the record, the hold and the incident as they were.
 */
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
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
    campus: 'Main Campus',
    reportedAt: new Date(),
    isCrime: true,
    offences: [{ offence: 'robbery', bias: null }],
    geography: 'onCampus',
    generalLocation: 'Library',
    nature: 'Robbery',
    disposition: 'Closed - arrest',
    withheld: null,
    log: [],
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
  });

  before(async () => {
    c = await theCast();
    everyone = [c.newbie, c.reporter, c.imtMain, c.imtNorth, c.imtRiverside, c.archived];
    resolved = await incident('Main Campus', c.reporter, { status: 'Resolved' });
    held = await incident('Main Campus', c.reporter, { status: 'Declined' });
    await admin.db.doc(`clery_records/${resolved}`).set(record(resolved));
    await admin.db
      .doc(`legal_holds/${held}`)
      .set({ active: true, reason: 'Litigation', updatedBy: 'x', updatedAt: new Date(), log: [] });
    watched = [
      `clery_records/${resolved}`,
      `clery_records/${held}`,
      `legal_holds/${held}`,
      `legal_holds/${resolved}`,
      `incident_reports/${resolved}`,
      `incident_reports/${held}`,
    ];
  });

  it('non-Admins cannot classify, withhold, release or set and lift legal holds', async () => {
    for (const who of everyone) {
      const calls: [string, unknown][] = [
        ['classifyIncident', classification(resolved)],
        ['classifyIncident', classification(held)],
        ['withholdCrimeLogEntry', { incidentId: resolved, reason: 'investigation', note: 'x' }],
        ['withholdCrimeLogEntry', { incidentId: resolved, reason: null, note: 'x' }],
        ['setLegalHold', { incidentId: held, active: false, reason: 'x' }],
        ['setLegalHold', { incidentId: resolved, active: true, reason: 'x' }],
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

  it('an Admin cannot classify an incident that is still open', async () => {
    const open = await incident('Main Campus', c.reporter);
    await refused(
      () => c.admin.call('classifyIncident', classification(open)),
      [`clery_records/${open}`, `incident_reports/${open}`],
      ['failed-precondition'],
    );
  });
});
