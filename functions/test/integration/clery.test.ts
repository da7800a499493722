import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import {
  CLERY_CALENDAR,
  CLERY_LOG,
  COLLECTIONS,
  OPEN_DISPOSITION,
  type CleryChangeResponse,
  type SaveCleryCalendarResponse,
} from '@campus-safety/model';
import { account, callError, closeAll, db, docData, unique, type SignedIn } from './stack';

const NONE = { weapons: 0, drugAbuse: 0, liquorLaw: 0 };
/** 10:00 on 2 March 2025 in Manila. */
const REPORTED = new Date('2025-03-02T02:00:00Z');

async function incidentWith(campus: string, status = 'Resolved') {
  const ref = db.collection(COLLECTIONS.incidentReports).doc(unique('clery'));
  await ref.set({
    timestamp: Timestamp.fromDate(REPORTED),
    geoLoc: { latitude: 14.6549, longitude: 121.0645 },
    nearestCampus: campus,
    status,
    isArchived: false,
    email: 'r@campus.test',
    incidentType: 'Theft',
  });
  return ref.id;
}

/** The history entries of a record or hold, oldest first. */
async function history(collection: string, id: string) {
  const entries = await db.collection(`${collection}/${id}/${CLERY_LOG}`).orderBy('at').get();
  return entries.docs.map((d) => d.data() as { action: string; by: string; note: string | null });
}

const classification = (incidentId: string, change: Record<string, unknown> = {}) => ({
  incidentId,
  isCrime: true,
  offences: [
    { offence: 'robbery', bias: null },
    { offence: 'burglary', bias: null },
  ],
  arrests: NONE,
  referrals: { ...NONE, liquorLaw: 2 },
  geography: 'onCampusHousing',
  noncampusProperty: null,
  occurredAt: '2025-03-01T22:00:00+08:00',
  generalLocation: 'Acacia Residence Hall',
  nature: 'Robbery',
  disposition: 'Closed - arrest',
  ...change,
});

describe('Clery callables', () => {
  let admin: SignedIn;
  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  after(closeAll);

  it('classifies a closed incident with its report time, campus, retention and history', async () => {
    const id = await incidentWith('main', 'Declined');
    const answer = await admin.call<CleryChangeResponse>('classifyIncident', classification(id));
    assert.deepEqual(answer, { incidentId: id });
    const record = await docData(`${COLLECTIONS.cleryRecords}/${id}`);
    assert.equal(record?.campus, 'main');
    assert.equal(record?.reportedAt.toDate().toISOString(), REPORTED.toISOString());
    assert.equal(record?.occurredAt.toDate().toISOString(), '2025-03-01T14:00:00.000Z');
    // Counted in 2025, kept until the start of 2033 in Manila.
    assert.equal(record?.retainUntil.toDate().toISOString(), '2032-12-31T16:00:00.000Z');
    assert.deepEqual(record?.referrals, { ...NONE, liquorLaw: 2 });
    assert.deepEqual(
      (await history(COLLECTIONS.cleryRecords, id)).map((l) => [l.action, l.by]),
      [['classified', admin.uid]],
    );
    assert.equal(record?.log, undefined);
  });

  it('classifies a case still open, so its entry is on the log within two business days', async () => {
    const id = await incidentWith('north', 'Processing');
    await admin.call('classifyIncident', classification(id, { disposition: OPEN_DISPOSITION }));
    const record = await docData(`${COLLECTIONS.cleryRecords}/${id}`);
    assert.equal(record?.disposition, OPEN_DISPOSITION);
    assert.equal(record?.campus, 'north');
    assert.equal(record?.unfoundedReason, null);

    // Closed as unfounded: the reason is kept with the record; none, and nothing changes.
    const unfounded = { disposition: 'Unfounded', unfoundedReason: '  Baseless (campus police)  ' };
    await admin.call('classifyIncident', classification(id, unfounded));
    assert.equal(
      (await docData(`${COLLECTIONS.cleryRecords}/${id}`))?.unfoundedReason,
      'Baseless (campus police)',
    );
    const missing = await callError(
      admin.call('classifyIncident', classification(id, { disposition: 'Unfounded' })),
    );
    assert.equal(missing.code, 'functions/invalid-argument');
    assert.equal((await docData(`${COLLECTIONS.cleryRecords}/${id}`))?.disposition, 'Unfounded');
  });

  it('saves the holidays in date order with who saved them; refuses a bad list and non-Admins', async () => {
    const path = `${CLERY_CALENDAR.collection}/${CLERY_CALENDAR.id}`;
    const saved = await admin.call<SaveCleryCalendarResponse>('saveCleryCalendar', {
      holidays: ['2026-12-25', '2026-11-30'],
    });
    assert.deepEqual(saved.holidays, ['2026-11-30', '2026-12-25']);
    const calendar = await docData(path);
    assert.deepEqual(calendar?.holidays, ['2026-11-30', '2026-12-25']);
    assert.equal(calendar?.updatedBy, admin.uid);

    const bad = await callError(admin.call('saveCleryCalendar', { holidays: ['2026-02-30'] }));
    assert.equal(bad.code, 'functions/invalid-argument');
    const imt = await account({ role: 'IMT', campus: 'main' });
    const refused = await callError(imt.call('saveCleryCalendar', { holidays: [] }));
    assert.equal(refused.code, 'functions/permission-denied');
    assert.deepEqual((await docData(path))?.holidays, ['2026-11-30', '2026-12-25']);
  });

  it('keeps a withheld entry withheld when reclassified, and logs withhold and release', async () => {
    const id = await incidentWith('north');
    await admin.call('classifyIncident', classification(id, { geography: 'onCampus' }));
    await admin.call('withholdCrimeLogEntry', {
      incidentId: id,
      reason: 'victimConfidentiality',
      note: 'Victim asked',
    });
    await admin.call('classifyIncident', classification(id, { geography: 'publicProperty' }));
    let record = await docData(`${COLLECTIONS.cleryRecords}/${id}`);
    assert.deepEqual(record?.withheld, { reason: 'victimConfidentiality', note: 'Victim asked' });
    assert.equal(record?.geography, 'publicProperty');
    await admin.call('withholdCrimeLogEntry', {
      incidentId: id,
      reason: null,
      note: 'Case closed',
    });
    record = await docData(`${COLLECTIONS.cleryRecords}/${id}`);
    assert.equal(record?.withheld, null);
    assert.deepEqual(
      (await history(COLLECTIONS.cleryRecords, id)).map((l) => [l.action, l.note]),
      [
        ['classified', null],
        ['withheld', 'Victim asked'],
        ['reclassified', null],
        ['released', 'Case closed'],
      ],
    );
    const again = await callError(
      admin.call('withholdCrimeLogEntry', { incidentId: id, reason: null, note: 'x' }),
    );
    assert.equal(again.code, 'functions/failed-precondition');
  });

  it('refuses a geography the campus does not have and a time after the report', async () => {
    const id = await incidentWith('riverside');
    const noncampus = await callError(
      admin.call(
        'classifyIncident',
        classification(id, {
          geography: 'noncampus',
          noncampusProperty: 'Downtown Extension Office',
        }),
      ),
    );
    assert.equal(noncampus.code, 'functions/invalid-argument');
    assert.match(noncampus.message, /Riverside Campus has no noncampus geography/);
    const late = await callError(
      admin.call(
        'classifyIncident',
        classification(id, { occurredAt: '2025-03-03T10:00:00+08:00' }),
      ),
    );
    assert.match(late.message, /cannot be after the incident was reported/);
    const ancient = await callError(
      admin.call('classifyIncident', classification(id, { occurredAt: '0099-03-01T10:00:00Z' })),
    );
    assert.equal(ancient.code, 'functions/invalid-argument');
    assert.match(ancient.message, /Occurred at must be in 1990 or later/);
    const hate = await callError(
      admin.call(
        'classifyIncident',
        classification(id, { offences: [{ offence: 'vandalism', bias: null }] }),
      ),
    );
    assert.match(hate.message, /counted only as a hate crime/);
    assert.equal(await docData(`${COLLECTIONS.cleryRecords}/${id}`), undefined);
  });

  it('logs a fire in a housing facility of the incident’s campus, revises it, and logs both', async () => {
    const id = await incidentWith('main', 'Processing');
    const fire = {
      incidentId: id,
      facility: 'Acacia Residence Hall',
      occurredAt: '2025-03-01T23:30:00+08:00',
      nature: 'Kitchen fire',
      generalLocation: 'Acacia Residence Hall, kitchen',
      cause: 'Unintentional: cooking',
      injuries: 1,
      deaths: 0,
      damage: '$1,000–9,999',
    };
    await admin.call('recordFire', fire);
    const entry = await docData(`${COLLECTIONS.fireLog}/${id}`);
    assert.equal(entry?.campus, 'main');
    assert.equal(entry?.reportedAt.toDate().toISOString(), REPORTED.toISOString());
    assert.equal(entry?.occurredAt.toDate().toISOString(), '2025-03-01T15:30:00.000Z');
    assert.equal(entry?.recordedBy, admin.uid);
    assert.equal(entry?.retainUntil.toDate().toISOString(), '2032-12-31T16:00:00.000Z');
    await admin.call('recordFire', { ...fire, injuries: 2 });
    assert.equal((await docData(`${COLLECTIONS.fireLog}/${id}`))?.injuries, 2);
    assert.deepEqual(
      (await history(COLLECTIONS.fireLog, id)).map((l) => l.action),
      ['fireRecorded', 'fireRevised'],
    );

    // Another campus's hall, a time after the report, a non-Admin: refused, nothing changed.
    const elsewhere = await callError(
      admin.call('recordFire', { ...fire, facility: 'Narra Residence Hall' }),
    );
    assert.equal(elsewhere.code, 'functions/invalid-argument');
    const later = await callError(
      admin.call('recordFire', { ...fire, occurredAt: '2025-03-03T10:00:00+08:00' }),
    );
    assert.equal(later.code, 'functions/invalid-argument');
    const imt = await account({ role: 'IMT', campus: 'main' });
    assert.equal(
      (await callError(imt.call('recordFire', fire))).code,
      'functions/permission-denied',
    );
    assert.equal((await docData(`${COLLECTIONS.fireLog}/${id}`))?.injuries, 2);
  });

  it('records a decision not to issue a Timely Warning with its reason; a revision keeps the earlier one', async () => {
    const id = await incidentWith('main');
    await admin.call('recordWarningDecision', {
      incidentId: id,
      reason: 'Suspect identified and arrested on site: no continuing threat.',
    });
    const decision = await docData(`${COLLECTIONS.warningDecisions}/${id}`);
    assert.equal(decision?.campus, 'main');
    assert.equal(decision?.decidedBy, admin.uid);
    assert.equal(decision?.reportedAt.toDate().toISOString(), REPORTED.toISOString());
    assert.equal(decision?.retainUntil.toDate().toISOString(), '2032-12-31T16:00:00.000Z');
    await admin.call('recordWarningDecision', {
      incidentId: id,
      reason: 'Victim knew the suspect.',
    });
    assert.equal(
      (await docData(`${COLLECTIONS.warningDecisions}/${id}`))?.reason,
      'Victim knew the suspect.',
    );
    assert.deepEqual(
      (await history(COLLECTIONS.warningDecisions, id)).map((l) => [l.action, l.note]),
      [
        ['warningDecisionRecorded', null],
        [
          'warningDecisionRevised',
          'Earlier reason: Suspect identified and arrested on site: no continuing threat.',
        ],
      ],
    );
    const noReason = await callError(admin.call('recordWarningDecision', { incidentId: id }));
    assert.equal(noReason.code, 'functions/invalid-argument');
    const gone = await callError(
      admin.call('recordWarningDecision', { incidentId: 'no-such-incident', reason: 'x' }),
    );
    assert.equal(gone.code, 'functions/not-found');
    const imt = await account({ role: 'IMT', campus: 'main' });
    assert.equal(
      (await callError(imt.call('recordWarningDecision', { incidentId: id, reason: 'x' }))).code,
      'functions/permission-denied',
    );
  });

  it('records a test of the emergency response and revises it; refuses a future date and unknown campuses', async () => {
    const test = {
      testedAt: '2025-10-14T10:00:00+08:00',
      announced: false,
      campuses: ['main', 'north'],
      description: 'Unannounced lockdown drill: alert sent, doors locked, all-clear after 20 min.',
      followUp: 'Two doors in the library did not lock: work orders filed.',
    };
    const { id } = await admin.call<{ id: string }>('recordEmergencyTest', test);
    const saved = await docData(`${COLLECTIONS.emergencyTests}/${id}`);
    assert.equal(saved?.testedAt.toDate().toISOString(), '2025-10-14T02:00:00.000Z');
    assert.deepEqual(saved?.campuses, ['main', 'north']);
    assert.equal(saved?.announced, false);
    assert.equal(saved?.recordedBy, admin.uid);
    assert.equal(saved?.retainUntil.toDate().toISOString(), '2032-12-31T16:00:00.000Z');
    await admin.call('recordEmergencyTest', { ...test, id, followUp: 'Doors fixed on 20 Oct.' });
    assert.equal(
      (await docData(`${COLLECTIONS.emergencyTests}/${id}`))?.followUp,
      'Doors fixed on 20 Oct.',
    );
    assert.deepEqual(
      (await history(COLLECTIONS.emergencyTests, id)).map((l) => l.action),
      ['emergencyTestRecorded', 'emergencyTestRevised'],
    );

    const future = await callError(
      admin.call('recordEmergencyTest', {
        ...test,
        testedAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    assert.equal(future.code, 'functions/invalid-argument');
    assert.match(future.message, /cannot be in the future/);
    const twice = await callError(
      admin.call('recordEmergencyTest', { ...test, campuses: ['main', 'main'] }),
    );
    assert.equal(twice.code, 'functions/invalid-argument');
    const unknown = await callError(admin.call('recordEmergencyTest', { ...test, id: 'nope' }));
    assert.equal(unknown.code, 'functions/not-found');
  });

  it('sets and lifts a legal hold once each, with its history', async () => {
    const id = await incidentWith('main');
    await admin.call('setLegalHold', { incidentId: id, active: true, reason: 'Lawsuit filed' });
    const twice = await callError(
      admin.call('setLegalHold', { incidentId: id, active: true, reason: 'Again' }),
    );
    assert.equal(twice.code, 'functions/failed-precondition');
    await admin.call('setLegalHold', { incidentId: id, active: false, reason: 'Settled' });
    const hold = await docData(`${COLLECTIONS.legalHolds}/${id}`);
    assert.equal(hold?.active, false);
    assert.deepEqual(
      (await history(COLLECTIONS.legalHolds, id)).map((l) => [l.action, l.note]),
      [
        ['legalHoldSet', 'Lawsuit filed'],
        ['legalHoldLifted', 'Settled'],
      ],
    );
  });
});
