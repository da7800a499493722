import assert from 'node:assert/strict';
import { Timestamp } from 'firebase-admin/firestore';
import { CLERY_LOG, COLLECTIONS, type CleryChangeResponse } from '@campus-safety/model';
import { account, callError, closeAll, db, docData, unique, type SignedIn } from './stack';

const NONE = { weapons: 0, drugAbuse: 0, liquorLaw: 0 };
/** 10:00 on 2 March 2025 in Manila. */
const REPORTED = new Date('2025-03-02T02:00:00Z');

async function closedIncident(campus: string, status = 'Resolved') {
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
    const id = await closedIncident('Main Campus', 'Declined');
    const answer = await admin.call<CleryChangeResponse>('classifyIncident', classification(id));
    assert.deepEqual(answer, { incidentId: id });
    const record = await docData(`${COLLECTIONS.cleryRecords}/${id}`);
    assert.equal(record?.campus, 'Main Campus');
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

  it('keeps a withheld entry withheld when reclassified, and logs withhold and release', async () => {
    const id = await closedIncident('North Campus');
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
    const id = await closedIncident('Riverside Campus');
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

  it('sets and lifts a legal hold once each, with its history', async () => {
    const id = await closedIncident('Main Campus');
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
