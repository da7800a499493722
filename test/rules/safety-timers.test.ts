/**
 * Safety timers (docs/security-rules.md#safety-timers): any signed-in email account that is not
 * archived starts its own running timer, verified or not, one running at a time (the
 * safety_timer_current pointer moves in the same batch), within SAFETY_TIMER_LIMITS; its person
 * moves its location (paced), checks in, cancels or adds 15 minutes, and nothing else; nobody else
 * reads or writes it, staff included (the emergency it raises carries what they need).
 */
import { COLLECTIONS, SAFETY_TIMER_LIMITS } from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { ROLE_COLUMNS, type Actor } from './support/actors';
import { useFixture } from './support/fixture';
import { NOBODY, describeMatrix, firestoreTables, read, write, type Row } from './support/matrix';

const MINUTE = 60_000;
const HOUR_AGO = () => Timestamp.fromMillis(Date.now() - 60 * MINUTE);
const point = () => ({ lat: 14.655, lng: 121.064, accuracy: 12, at: Timestamp.now() });
/** Alice's running timer: due in an hour, its last move an hour ago (outside the pace). */
const ALICE_DUE = Timestamp.fromMillis(1_900_000_000_000);

async function seedTimers(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const base = {
      status: 'running',
      durationMinutes: 60,
      startedAt: HOUR_AGO(),
      dueAt: ALICE_DUE,
      destination: 'Library, east wing',
      guardians: [{ kind: 'phone', address: '+639175550100' }],
      location: null,
      movedAt: HOUR_AGO(),
    };
    await setDoc(doc(db, COLLECTIONS.safetyTimers, 'timer-alice'), { ...base, uid: 'app-alice' });
    await setDoc(doc(db, COLLECTIONS.safetyTimerCurrent, 'app-alice'), { timerId: 'timer-alice' });
    // imt-main's latest timer has ended: a new one may start.
    await setDoc(doc(db, COLLECTIONS.safetyTimers, 'timer-imt-ended'), {
      ...base,
      uid: 'imt-main',
      status: 'checkedIn',
      endedAt: HOUR_AGO(),
    });
    await setDoc(doc(db, COLLECTIONS.safetyTimerCurrent, 'imt-main'), {
      timerId: 'timer-imt-ended',
    });
  });
}

let started = 0;
const newId = () => `timer-new-${Date.now()}-${(started += 1)}`;

/** The app's start: the timer and the pointer in one batch; `changes` over the timer. */
function startTimer(
  db: Firestore,
  actor: Actor,
  changes: Record<string, unknown> = {},
  withPointer = true,
) {
  const id = newId();
  const durationMinutes = (changes.durationMinutes as number | undefined) ?? 30;
  const batch = writeBatch(db).set(doc(db, COLLECTIONS.safetyTimers, id), {
    uid: actor.uid,
    status: 'running',
    durationMinutes,
    startedAt: serverTimestamp(),
    dueAt: Timestamp.fromMillis(Date.now() + durationMinutes * MINUTE),
    destination: 'Dorm B',
    guardians: [
      { kind: 'phone', address: '+639175550100' },
      { kind: 'email', address: 'mum@home.example' },
    ],
    location: point(),
    movedAt: serverTimestamp(),
    ...changes,
  });
  if (withPointer) batch.set(doc(db, COLLECTIONS.safetyTimerCurrent, actor.uid), { timerId: id });
  return batch.commit();
}

const guardians = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'email', address: `g${i}@home.example` }));

// Who may start one: every signed-in, non-archived email account with no timer running. Alice's
// runs (seeded), so hers is refused: one running at a time.
const MAY_START = ['otherAppUser', 'imtSameCampus', 'imtOtherCampus', 'admin'] as const;
const SIGNED_IN = ROLE_COLUMNS.filter((name) => name !== 'signedOut');

describe('safety timers', () => {
  const fixture = useFixture({ seedExtra: seedTimers });
  const alice = (db: Firestore) => doc(db, COLLECTIONS.safetyTimers, 'timer-alice');
  const rows: Row<Firestore>[] = [
    read("get Alice's timer (Alice only: not staff of her campus, not Admins)", ['appUser'], (db) =>
      getDoc(alice(db)),
    ),
    read(
      'get a timer that does not exist yet (the app listens before its start arrives)',
      SIGNED_IN,
      (db) => getDoc(doc(db, COLLECTIONS.safetyTimers, 'timer-not-yet')),
    ),
    read('list timers, even by uid', NOBODY, (db) =>
      getDocs(query(collection(db, COLLECTIONS.safetyTimers), where('uid', '==', 'app-alice'))),
    ),
    read("get Alice's pointer (Alice)", ['appUser'], (db) =>
      getDoc(doc(db, COLLECTIONS.safetyTimerCurrent, 'app-alice')),
    ),
    write("start one's own running timer (not while one runs: Alice)", MAY_START, (db, actor) =>
      startTimer(db, actor),
    ),
    write("start one's own without moving the pointer", NOBODY, (db, actor) =>
      startTimer(db, actor, {}, false),
    ),
    write('start one for another person', NOBODY, (db, actor) =>
      startTimer(db, actor, { uid: 'app-carol' }),
    ),
    write('start one already checked in', NOBODY, (db, actor) =>
      startTimer(db, actor, { status: 'checkedIn' }),
    ),
    write('start one already raised', NOBODY, (db, actor) =>
      startTimer(db, actor, { emergencyId: 'sos-x' }),
    ),
    write('start one at the bounds: 5 minutes', MAY_START, (db, actor) =>
      startTimer(db, actor, { durationMinutes: SAFETY_TIMER_LIMITS.safetyTimerMinMinutes }),
    ),
    write('start one at the bounds: 4 hours', MAY_START, (db, actor) =>
      startTimer(db, actor, { durationMinutes: SAFETY_TIMER_LIMITS.safetyTimerMaxMinutes }),
    ),
    write('start one shorter than 5 minutes', NOBODY, (db, actor) =>
      startTimer(db, actor, { durationMinutes: SAFETY_TIMER_LIMITS.safetyTimerMinMinutes - 1 }),
    ),
    write('start one longer than 4 hours', NOBODY, (db, actor) =>
      startTimer(db, actor, { durationMinutes: SAFETY_TIMER_LIMITS.safetyTimerMaxMinutes + 1 }),
    ),
    write('start one due later than its duration says', NOBODY, (db, actor) =>
      startTimer(db, actor, { dueAt: Timestamp.fromMillis(Date.now() + 90 * MINUTE) }),
    ),
    write('start one with 5 guardians', MAY_START, (db, actor) =>
      startTimer(db, actor, { guardians: guardians(SAFETY_TIMER_LIMITS.safetyTimerGuardians) }),
    ),
    write('start one with 6 guardians', NOBODY, (db, actor) =>
      startTimer(db, actor, {
        guardians: guardians(SAFETY_TIMER_LIMITS.safetyTimerGuardians + 1),
      }),
    ),
    write('start one with a guardian whose address is markup', NOBODY, (db, actor) =>
      startTimer(db, actor, { guardians: [{ kind: 'email', address: '<b>x</b>@home.example' }] }),
    ),
    write('start one with a guardian phone not in E.164', NOBODY, (db, actor) =>
      startTimer(db, actor, { guardians: [{ kind: 'phone', address: '0917 555 0100' }] }),
    ),
    write('start one with a destination of 200 characters', MAY_START, (db, actor) =>
      startTimer(db, actor, {
        destination: 'd'.repeat(SAFETY_TIMER_LIMITS.safetyTimerDestinationChars),
      }),
    ),
    write('start one with a destination of 201 characters', NOBODY, (db, actor) =>
      startTimer(db, actor, {
        destination: 'd'.repeat(SAFETY_TIMER_LIMITS.safetyTimerDestinationChars + 1),
      }),
    ),
    write('start one with an extra field', NOBODY, (db, actor) =>
      startTimer(db, actor, { raisedBy: 'expired' }),
    ),
    write("move its location (Alice's own)", ['appUser'], (db) =>
      updateDoc(alice(db), { location: point(), movedAt: serverTimestamp() }),
    ),
    write("check in (Alice's own)", ['appUser'], (db) =>
      updateDoc(alice(db), { status: 'checkedIn', endedAt: serverTimestamp() }),
    ),
    write("cancel (Alice's own)", ['appUser'], (db) =>
      updateDoc(alice(db), { status: 'cancelled', endedAt: serverTimestamp() }),
    ),
    write("add 15 minutes (Alice's own)", ['appUser'], (db) =>
      updateDoc(alice(db), {
        durationMinutes: 60 + SAFETY_TIMER_LIMITS.safetyTimerExtendMinutes,
        dueAt: Timestamp.fromMillis(
          ALICE_DUE.toMillis() + SAFETY_TIMER_LIMITS.safetyTimerExtendMinutes * MINUTE,
        ),
      }),
    ),
    write('add an hour at once', NOBODY, (db) =>
      updateDoc(alice(db), {
        durationMinutes: 120,
        dueAt: Timestamp.fromMillis(ALICE_DUE.toMillis() + 60 * MINUTE),
      }),
    ),
    write('expire it (the server alone)', NOBODY, (db) =>
      updateDoc(alice(db), { status: 'expired', endedAt: serverTimestamp() }),
    ),
    write('change its guardians', NOBODY, (db) =>
      updateDoc(alice(db), { guardians: guardians(1) }),
    ),
    write('change its destination', NOBODY, (db) => updateDoc(alice(db), { destination: 'Gym' })),
    write('give it to another person', NOBODY, (db) => updateDoc(alice(db), { uid: 'app-bob' })),
    write('check in an ended timer', NOBODY, (db) =>
      updateDoc(doc(db, COLLECTIONS.safetyTimers, 'timer-imt-ended'), {
        status: 'cancelled',
        endedAt: serverTimestamp(),
      }),
    ),
    write('delete a timer', NOBODY, (db) => deleteDoc(alice(db))),
    write("point Alice's pointer at another timer", NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.safetyTimerCurrent, 'app-alice'), {
        timerId: 'timer-imt-ended',
      }),
    ),
  ];
  describeMatrix(
    'who starts, moves, ends and reads a safety timer',
    rows,
    firestoreTables(fixture),
  );

  const unverified: Row<Firestore>[] = [
    write(
      "start one's own with an unverified email (or none verified yet)",
      ['otherAppUser', 'unverifiedUser', 'newcomer'],
      (db, actor) => startTimer(db, actor),
    ),
  ];
  describeMatrix('an unverified account', unverified, {
    ...firestoreTables(fixture),
    actors: ['otherAppUser', 'unverifiedUser', 'newcomer'],
  });
});
