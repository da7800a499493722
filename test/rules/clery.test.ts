/**
 * Clery records, legal holds and the fire log: only Admins read them, nobody writes them from a
 * client (the Admin-only callables do), and an active legal hold blocks archiving its incident.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { CLERY_LOG, COLLECTIONS } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { SAME_CAMPUS } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { REPORTS } from './support/seed';

const now = Timestamp.now();
const classified = {
  incidentId: REPORTS.resolved,
  campus: SAME_CAMPUS,
  reportedAt: now,
  occurredAt: null,
  isCrime: true,
  offences: [{ offence: 'robbery', bias: null }],
  arrests: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
  referrals: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
  geography: 'onCampus',
  noncampusProperty: null,
  generalLocation: 'Library',
  nature: 'Robbery',
  disposition: 'Closed - arrest',
  withheld: null,
  classifiedAt: now,
  classifiedBy: 'admin',
  retainUntil: now,
};
const hold = (active: boolean) => ({
  active,
  reason: 'Litigation',
  updatedAt: now,
  updatedBy: 'admin',
});
const logLine = { action: 'classified', at: now, by: 'admin', note: null };
const fire = {
  incidentId: REPORTS.resolved,
  campus: SAME_CAMPUS,
  facility: 'Acacia Residence Hall',
  reportedAt: now,
  occurredAt: null,
  nature: 'Kitchen fire',
  generalLocation: 'Acacia Residence Hall',
  cause: 'Unintentional: cooking',
  injuries: 0,
  deaths: 0,
  damage: '$100–999',
  recordedAt: now,
  recordedBy: 'admin',
  retainUntil: now,
};

const decision = {
  incidentId: REPORTS.resolved,
  campus: SAME_CAMPUS,
  reportedAt: now,
  reason: 'Suspect arrested on site: no continuing threat.',
  decidedAt: now,
  decidedBy: 'admin',
  decidedByName: 'Ada Admin',
  retainUntil: now,
};
const drill = {
  testedAt: now,
  announced: false,
  campuses: [SAME_CAMPUS],
  description: 'Unannounced lockdown drill, all buildings.',
  followUp: 'Two doors did not lock: work orders filed.',
  recordedAt: now,
  recordedBy: 'admin',
  recordedByName: 'Ada Admin',
  retainUntil: now,
};
const TEST_ID = 'drill-1';

async function seedClery(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, COLLECTIONS.cleryRecords, REPORTS.resolved), classified);
    await setDoc(doc(db, COLLECTIONS.legalHolds, REPORTS.declined), hold(true));
    await setDoc(doc(db, COLLECTIONS.legalHolds, REPORTS.resolved), hold(false));
    await setDoc(doc(db, COLLECTIONS.legalHolds, REPORTS.archived), hold(true));
    await setDoc(doc(db, COLLECTIONS.cleryRecords, REPORTS.resolved, CLERY_LOG, 'l1'), logLine);
    await setDoc(doc(db, COLLECTIONS.legalHolds, REPORTS.declined, CLERY_LOG, 'l1'), logLine);
    await setDoc(doc(db, COLLECTIONS.fireLog, REPORTS.resolved), fire);
    await setDoc(doc(db, COLLECTIONS.fireLog, REPORTS.resolved, CLERY_LOG, 'l1'), logLine);
    await setDoc(doc(db, COLLECTIONS.warningDecisions, REPORTS.resolved), decision);
    await setDoc(doc(db, COLLECTIONS.emergencyTests, TEST_ID), drill);
    await setDoc(doc(db, COLLECTIONS.emergencyTests, TEST_ID, CLERY_LOG, 'l1'), logLine);
  });
}

describe('Clery records and legal holds', () => {
  const fixture = useFixture({ seedExtra: seedClery });
  const record = (db: Firestore, id: string) => doc(db, COLLECTIONS.cleryRecords, id);
  const holdDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.legalHolds, id);
  const report = (db: Firestore, id: string) => doc(db, COLLECTIONS.incidentReports, id);
  const fireDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.fireLog, id);
  const rows: Row<Firestore>[] = [
    read('get a Clery record', ADMIN, (db) => getDoc(record(db, REPORTS.resolved))),
    read('list the Clery records (crime log, annual tables)', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.cleryRecords)),
    ),
    write('classify an incident directly', NOBODY, (db) =>
      setDoc(record(db, REPORTS.declined), { ...classified, incidentId: REPORTS.declined }),
    ),
    write('withhold an entry directly', NOBODY, (db) =>
      updateDoc(record(db, REPORTS.resolved), {
        withheld: { reason: 'investigation', note: 'x' },
      }),
    ),
    write('delete a Clery record', NOBODY, (db) => deleteDoc(record(db, REPORTS.resolved))),
    // The history is append-only, and only the callables append (issue 17 item 9).
    read('read a Clery record’s history', ADMIN, (db) =>
      getDocs(collection(record(db, REPORTS.resolved), CLERY_LOG)),
    ),
    write('add a line to a Clery record’s history', NOBODY, (db) =>
      setDoc(doc(record(db, REPORTS.resolved), CLERY_LOG, 'forged'), logLine),
    ),
    write('rewrite a line of a Clery record’s history', NOBODY, (db) =>
      updateDoc(doc(record(db, REPORTS.resolved), CLERY_LOG, 'l1'), { by: 'someone' }),
    ),
    write('delete a line of a Clery record’s history', NOBODY, (db) =>
      deleteDoc(doc(record(db, REPORTS.resolved), CLERY_LOG, 'l1')),
    ),
    read('read a legal hold’s history', ADMIN, (db) =>
      getDocs(collection(holdDoc(db, REPORTS.declined), CLERY_LOG)),
    ),
    write('delete a line of a legal hold’s history', NOBODY, (db) =>
      deleteDoc(doc(holdDoc(db, REPORTS.declined), CLERY_LOG, 'l1')),
    ),
    read('get a legal hold', ADMIN, (db) => getDoc(holdDoc(db, REPORTS.declined))),
    write('lift a legal hold directly', NOBODY, (db) =>
      updateDoc(holdDoc(db, REPORTS.declined), { active: false }),
    ),
    write('set a legal hold directly', NOBODY, (db) =>
      setDoc(holdDoc(db, REPORTS.reported), hold(true)),
    ),
    write('delete a legal hold', NOBODY, (db) => deleteDoc(holdDoc(db, REPORTS.declined))),
    write('archive a report on legal hold', NOBODY, (db) =>
      updateDoc(report(db, REPORTS.declined), { isArchived: true }),
    ),
    write('archive a report whose hold was lifted', ADMIN, (db) =>
      updateDoc(report(db, REPORTS.resolved), { isArchived: true }),
    ),
    write('restore an archived report on legal hold', ADMIN, (db) =>
      updateDoc(report(db, REPORTS.archived), { isArchived: false }),
    ),
    // The fire log: Admins read it, the recordFire callable alone writes it and its history.
    read('list the fire log', ADMIN, (db) => getDocs(collection(db, COLLECTIONS.fireLog))),
    read('read a fire log entry’s history', ADMIN, (db) =>
      getDocs(collection(fireDoc(db, REPORTS.resolved), CLERY_LOG)),
    ),
    write('log a fire directly', NOBODY, (db) =>
      setDoc(fireDoc(db, REPORTS.declined), { ...fire, incidentId: REPORTS.declined }),
    ),
    write('lower a fire’s deaths directly', NOBODY, (db) =>
      updateDoc(fireDoc(db, REPORTS.resolved), { deaths: 0, injuries: 0 }),
    ),
    write('delete a fire log entry', NOBODY, (db) => deleteDoc(fireDoc(db, REPORTS.resolved))),
    write('add a line to a fire log entry’s history', NOBODY, (db) =>
      setDoc(doc(fireDoc(db, REPORTS.resolved), CLERY_LOG, 'forged'), logLine),
    ),
    // Decisions not to warn and emergency tests: Admins read, the callables alone write.
    read('list the decisions not to issue a warning', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.warningDecisions)),
    ),
    write('record a decision not to warn directly', NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.warningDecisions, REPORTS.declined), {
        ...decision,
        incidentId: REPORTS.declined,
      }),
    ),
    write('rewrite the reason of a decision not to warn', NOBODY, (db) =>
      updateDoc(doc(db, COLLECTIONS.warningDecisions, REPORTS.resolved), { reason: 'Other' }),
    ),
    write('delete a decision not to warn', NOBODY, (db) =>
      deleteDoc(doc(db, COLLECTIONS.warningDecisions, REPORTS.resolved)),
    ),
    read('list the tests of the emergency response', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.emergencyTests)),
    ),
    read('read a test’s history', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.emergencyTests, TEST_ID, CLERY_LOG)),
    ),
    write('record a test directly', NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.emergencyTests, 'forged'), drill),
    ),
    write('mark a test announced after the fact', NOBODY, (db) =>
      updateDoc(doc(db, COLLECTIONS.emergencyTests, TEST_ID), { announced: true }),
    ),
    write('delete a test', NOBODY, (db) => deleteDoc(doc(db, COLLECTIONS.emergencyTests, TEST_ID))),
    write('add a line to a test’s history', NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.emergencyTests, TEST_ID, CLERY_LOG, 'forged'), logLine),
    ),
  ];
  describeMatrix(
    'clery_records, legal_holds, fire_log, warning_decisions and emergency_tests',
    rows,
    firestoreTables(fixture),
  );
});
