/**
 * Emergencies (SOS, docs/security-rules.md#emergencies): any signed-in email account that is not
 * archived opens its own, verified or not, at most EMERGENCY_LIMITS.emergenciesPerPersonPerHour an
 * hour (emergency_quotas moves in the same batch); only its person moves its location (paced,
 * onto a bounded track) and closes it; nobody writes the acknowledgement or the timeline; its
 * person and the staff of its campus (Admins: all) read it.
 */
import { COLLECTIONS, EMERGENCY_LIMITS, LIMITS } from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
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
import type { Actor, ActorName } from './support/actors';
import { useFixture } from './support/fixture';
import {
  NOBODY,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { messageCountRef, messagesOf, sendMessage, type MessageWrite } from './support/messages';

const HOUR_AGO = () => Timestamp.fromMillis(Date.now() - 3_600_000);
/** A fix as the phone stamps it (its own clock: the SDK puts no server time inside a list). */
const point = (at: Timestamp = Timestamp.now()) => ({
  lat: 14.655,
  lng: 121.064,
  accuracy: 12,
  at,
});

/** The one point of the seeded tracks, an hour old. */
const OLD_POINT = {
  lat: 14.655,
  lng: 121.064,
  accuracy: 12,
  at: Timestamp.fromMillis(1_800_000_000_000 - 3_600_000),
};

/** Alice's open emergency on Main Campus; Bob's, paced a moment ago; a closed one of Alice's. */
async function seedEmergencies(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const base = {
      email: 'app-alice@campus.example',
      emailVerified: true,
      campus: 'main',
      campusFrom: 'location',
      openedAt: HOUR_AGO(),
      movedAt: HOUR_AGO(),
    };
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-alice'), {
      ...base,
      uid: 'app-alice',
      status: 'open',
      location: OLD_POINT,
      track: [OLD_POINT],
    });
    // A track at its bound: a new point moves `location` and leaves the track as it is.
    const full = Array.from({ length: EMERGENCY_LIMITS.emergencyTrackPoints }, () => OLD_POINT);
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-alice-full'), {
      ...base,
      uid: 'app-alice',
      status: 'acknowledged',
      location: OLD_POINT,
      track: full,
    });
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-alice-closed'), {
      ...base,
      uid: 'app-alice',
      status: 'closed',
      closedAt: HOUR_AGO(),
      location: OLD_POINT,
      track: [OLD_POINT],
    });
    // Bob's last write is "later than now": any new one comes within the pace.
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-bob'), {
      ...base,
      email: 'app-bob@campus.example',
      uid: 'app-bob',
      campus: 'north',
      status: 'open',
      movedAt: Timestamp.fromMillis(Date.now() + 3_600_000),
      location: OLD_POINT,
      track: [OLD_POINT],
    });
    // Alice's chat on a third emergency: each of its members at the pace's limit in the window.
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-alice-paced'), {
      ...base,
      uid: 'app-alice',
      status: 'open',
      location: OLD_POINT,
      track: [OLD_POINT],
    });
    // An SOS of an account that has not verified its email yet: its chat is open to it too.
    await setDoc(doc(db, COLLECTIONS.emergencies, 'sos-unverified'), {
      ...base,
      uid: 'app-unverified',
      email: 'app-unverified@campus.example',
      emailVerified: false,
      status: 'open',
      location: OLD_POINT,
      track: [OLD_POINT],
    });
    pacedWindowStart = Timestamp.now();
    for (const uid of ['app-alice', 'imt-main', 'admin'])
      await setDoc(
        doc(db, COLLECTIONS.emergencies, 'sos-alice-paced', COLLECTIONS.messagePace, uid),
        { windowStart: pacedWindowStart, sent: LIMITS.messagesPerWindow, lastId: 'older' },
      );
    // imt-north has opened the most an hour allows; app-bob did too, but two hours ago.
    await setDoc(doc(db, COLLECTIONS.emergencyQuotas, 'imt-north'), {
      windowStart: Timestamp.fromMillis(Date.now() - 600_000),
      opened: EMERGENCY_LIMITS.emergenciesPerPersonPerHour,
      lastId: 'older',
    });
    await setDoc(doc(db, COLLECTIONS.emergencyQuotas, 'app-bob'), {
      windowStart: Timestamp.fromMillis(Date.now() - 7_200_000),
      opened: EMERGENCY_LIMITS.emergenciesPerPersonPerHour,
      lastId: 'older',
    });
  });
}

/** When the seeded paces of sos-alice-paced started their window (set when seeded). */
let pacedWindowStart = Timestamp.now();

let opened = 0;
const newId = () => `sos-new-${Date.now()}-${(opened += 1)}`;

/** The app's SOS: the emergency and its quota in one batch; `changes` over the emergency. */
async function openEmergency(
  db: Firestore,
  actor: { uid: string; email: string | null; emailVerified?: false },
  changes: Record<string, unknown> = {},
  quota: (previous: Record<string, unknown> | undefined) => Record<string, unknown> = (p) =>
    p && (p.windowStart as Timestamp).toMillis() > Date.now() - 3_600_000
      ? { ...p, opened: (p.opened as number) + 1 }
      : { windowStart: serverTimestamp(), opened: 1 },
  withQuota = true,
) {
  const id = newId();
  const fix = point();
  const quotaRef = doc(db, COLLECTIONS.emergencyQuotas, actor.uid);
  const previous = withQuota ? (await getDoc(quotaRef).catch(() => null))?.data() : undefined;
  const batch = writeBatch(db).set(doc(db, COLLECTIONS.emergencies, id), {
    uid: actor.uid,
    email: actor.email,
    emailVerified: actor.emailVerified ?? true,
    campus: 'main',
    campusFrom: 'location',
    status: 'open',
    openedAt: serverTimestamp(),
    movedAt: serverTimestamp(),
    location: fix,
    track: [fix],
    ...changes,
  });
  if (withQuota) batch.set(quotaRef, { ...quota(previous), lastId: id });
  await batch.commit();
}

/** A move as the app sends it: the new point as `location`, appended to the track as it was. */
async function move(
  db: Firestore,
  id: string,
  trackSize = 1,
  append = true,
  fresh: Record<string, unknown> = point(),
) {
  const current = Array.from({ length: trackSize }, () => OLD_POINT);
  await updateDoc(doc(db, COLLECTIONS.emergencies, id), {
    location: fresh,
    track: append ? [...current, fresh] : current,
    movedAt: serverTimestamp(),
  });
}

// Everyone who may open one: any signed-in, non-archived email account, by its own uid.
// imtOtherCampus is at its hourly limit (seeded), so its SOS is refused.
const MAY_OPEN: readonly ActorName[] = ['appUser', 'otherAppUser', 'imtSameCampus', 'admin'];

describe('emergencies', () => {
  const fixture = useFixture({ seedExtra: seedEmergencies });
  const ref = (db: Firestore, id: string) => doc(db, COLLECTIONS.emergencies, id);
  const rows: Row<Firestore>[] = [
    read(
      "get Alice's emergency (Alice, staff of Main Campus)",
      ['appUser', ...SAME_CAMPUS_STAFF],
      (db) => getDoc(ref(db, 'sos-alice')),
    ),
    read('list the open emergencies of Main Campus (its staff)', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.emergencies),
          where('campus', '==', 'main'),
          where('status', '==', 'open'),
        ),
      ),
    ),
    read('list every emergency (Admins)', ['admin'], (db) =>
      getDocs(collection(db, COLLECTIONS.emergencies)),
    ),
    read("list one's own emergencies (Alice; Admins list all)", ['appUser', 'admin'], (db) =>
      getDocs(query(collection(db, COLLECTIONS.emergencies), where('uid', '==', 'app-alice'))),
    ),
    read("read Alice's emergency timeline", ['appUser', ...SAME_CAMPUS_STAFF], (db) =>
      getDocs(collection(db, COLLECTIONS.emergencies, 'sos-alice', COLLECTIONS.timeline)),
    ),
    write("open one's own emergency with its quota", MAY_OPEN, (db, actor) =>
      openEmergency(db, actor),
    ),
    write("open one's own emergency without a location (blocked)", MAY_OPEN, (db, actor) =>
      openEmergency(db, actor, { location: null, track: [] }),
    ),
    write("open one's own emergency without moving its quota", NOBODY, (db, actor) =>
      openEmergency(db, actor, {}, undefined, false),
    ),
    write('open one whose quota counts nothing', NOBODY, (db, actor) =>
      openEmergency(db, actor, {}, () => ({ windowStart: HOUR_AGO(), opened: 1 })),
    ),
    write('open one for another person', NOBODY, (db, actor) =>
      openEmergency(db, { ...actor, uid: actor.uid }, { uid: 'app-carol' }),
    ),
    write('open one with another email', NOBODY, (db, actor) =>
      openEmergency(db, actor, { email: 'someone@else.example' }),
    ),
    write('open one claiming a verified email it does not have', NOBODY, (db, actor) =>
      openEmergency(db, actor, { emailVerified: false }),
    ),
    write('open one already acknowledged', NOBODY, (db, actor) =>
      openEmergency(db, actor, { status: 'acknowledged' }),
    ),
    write('open one on a campus that does not exist', NOBODY, (db, actor) =>
      openEmergency(db, actor, { campus: 'Moon Campus' }),
    ),
    write('open one with a time of its own', NOBODY, (db, actor) =>
      openEmergency(db, actor, { openedAt: HOUR_AGO() }),
    ),
    write('open one with a point out of range', NOBODY, (db, actor) =>
      openEmergency(db, actor, {
        location: { ...point(), lat: 91 },
        track: [{ ...point(), lat: 91 }],
      }),
    ),
    write('open one with an accuracy past the bound', NOBODY, (db, actor) => {
      const far = { ...point(), accuracy: EMERGENCY_LIMITS.emergencyAccuracyMeters + 1 };
      return openEmergency(db, actor, { location: far, track: [far] });
    }),
    write('open one with a track of its own', NOBODY, (db, actor) =>
      openEmergency(db, actor, { track: [OLD_POINT, point()] }),
    ),
    write('open one with an extra field', NOBODY, (db, actor) =>
      openEmergency(db, actor, { acknowledgedBy: { uid: actor.uid, name: 'Me' } }),
    ),
    write("move one's own location (Alice)", ['appUser'], (db) => move(db, 'sos-alice')),
    write('move a location within the pace (Bob, a moment ago)', NOBODY, (db) =>
      move(db, 'sos-bob'),
    ),
    write('move a location without adding it to the track', NOBODY, (db) =>
      move(db, 'sos-alice', 1, false),
    ),
    write('move a location with a fix an hour old', NOBODY, (db) =>
      move(db, 'sos-alice', 1, true, point(HOUR_AGO())),
    ),
    write('move a location without its pace time', NOBODY, (db) =>
      updateDoc(ref(db, 'sos-alice'), { location: point(), track: [OLD_POINT, point()] }),
    ),
    write('move a location onto a full track: the track stays (Alice)', ['appUser'], (db) =>
      move(db, 'sos-alice-full', EMERGENCY_LIMITS.emergencyTrackPoints, false),
    ),
    write('grow a full track past its bound', NOBODY, (db) =>
      move(db, 'sos-alice-full', EMERGENCY_LIMITS.emergencyTrackPoints),
    ),
    write('move the location of a closed emergency', NOBODY, (db) => move(db, 'sos-alice-closed')),
    write("say I'm safe: close one's own (Alice)", ['appUser'], (db) =>
      updateDoc(ref(db, 'sos-alice'), { status: 'closed', closedAt: serverTimestamp() }),
    ),
    write('acknowledge an emergency by writing it', NOBODY, (db, actor) =>
      updateDoc(ref(db, 'sos-alice'), {
        status: 'acknowledged',
        acknowledgedAt: serverTimestamp(),
        acknowledgedBy: { uid: actor.uid, name: 'X' },
      }),
    ),
    write('change the campus of an emergency', NOBODY, (db) =>
      updateDoc(ref(db, 'sos-alice'), { campus: 'north' }),
    ),
    write('write a timeline entry', NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.emergencies, 'sos-alice', COLLECTIONS.timeline, 'x'), {
        kind: 'acknowledged',
      }),
    ),
    read("get one's own emergency quota (Alice)", ['appUser'], (db) =>
      getDoc(doc(db, COLLECTIONS.emergencyQuotas, 'app-alice')),
    ),
    write("reset one's own quota alone", NOBODY, (db, actor) =>
      setDoc(doc(db, COLLECTIONS.emergencyQuotas, actor.uid), {
        windowStart: serverTimestamp(),
        opened: 0,
        lastId: 'x',
      }),
    ),
  ];
  describeMatrix('who opens, moves, closes and reads an emergency', rows, firestoreTables(fixture));

  // The chat (docs/security-rules.md#emergency-chat): the report conversation's rules and bounds.
  const chatOf = (id: string) => [COLLECTIONS.emergencies, id] as const;
  const side = (actor: Actor) => (actor.claims?.role === 'User' ? 'reporter' : 'staff');
  const say =
    (id: string, write: Partial<MessageWrite> = {}) =>
    (db: Firestore, actor: Actor) =>
      sendMessage(db, chatOf(id), { uid: actor.uid, role: side(actor) }, { count: 1, ...write });
  const ALICE_AND_HER_CAMPUS: readonly ActorName[] = ['appUser', ...SAME_CAMPUS_STAFF];
  const chat: Row<Firestore>[] = [
    read("list Alice's emergency chat", ALICE_AND_HER_CAMPUS, (db) =>
      getDocs(messagesOf(db, chatOf('sos-alice'))),
    ),
    read("get the chat's message count", ALICE_AND_HER_CAMPUS, (db) =>
      getDoc(messageCountRef(db, chatOf('sos-alice'))),
    ),
    write(
      'write in the chat (the person, staff of its campus)',
      ALICE_AND_HER_CAMPUS,
      say('sos-alice'),
    ),
    write(
      "write in Bob's (North Campus) chat",
      ['otherAppUser', 'imtOtherCampus', 'admin'],
      say('sos-bob'),
    ),
    write('write in the chat of a closed emergency', NOBODY, say('sos-alice-closed')),
    write(
      `write ${LIMITS.message} characters with line breaks`,
      ALICE_AND_HER_CAMPUS,
      say('sos-alice', { changes: { text: `a\nb\t${'x'.repeat(LIMITS.message - 4)}` } }),
    ),
    write(
      `write over ${LIMITS.message} characters`,
      NOBODY,
      say('sos-alice', { changes: { text: 'x'.repeat(LIMITS.message + 1) } }),
    ),
    write('write an empty message', NOBODY, say('sos-alice', { changes: { text: '' } })),
    write(
      'write with a right-to-left override',
      NOBODY,
      say('sos-alice', { changes: { text: 'safe \u202Eton' } }),
    ),
    write(
      'write as someone else (authorUid)',
      NOBODY,
      say('sos-alice', { changes: { authorUid: 'imt-main-2' } }),
    ),
    write('write without a uid', NOBODY, say('sos-alice', { withoutAuthorUid: true })),
    write('write as the other side (authorRole)', NOBODY, (db, actor) =>
      say('sos-alice', {
        changes: { authorRole: side(actor) === 'staff' ? 'reporter' : 'staff' },
      })(db, actor),
    ),
    write(
      'write under a name of its own',
      NOBODY,
      say('sos-alice', { changes: { authorName: 'Campus Police Chief' } }),
    ),
    write(
      'write with media',
      NOBODY,
      say('sos-alice', { changes: { mediaIds: ['a'.repeat(20)] } }),
    ),
    write(
      'write dated by the client clock',
      NOBODY,
      say('sos-alice', { changes: { sentAt: Timestamp.fromMillis(Date.now() - 60_000) } }),
    ),
    write('write without counting it', NOBODY, say('sos-alice', { counter: null })),
    write('write counted twice', NOBODY, say('sos-alice', { count: 2 })),
    write('write without pacing it', NOBODY, say('sos-alice', { pace: null })),
    write(
      `write a message past ${LIMITS.messagesPerWindow} in ${LIMITS.messageWindowMinutes} minutes`,
      NOBODY,
      (db, actor) =>
        say('sos-alice-paced', {
          pace: { windowStart: pacedWindowStart, sent: LIMITS.messagesPerWindow + 1 },
        })(db, actor),
    ),
    write('start a new pace window early', NOBODY, say('sos-alice-paced')),
    write('set the message count back', NOBODY, (db) =>
      setDoc(messageCountRef(db, chatOf('sos-alice')), { count: 0, lastId: 'x' }),
    ),
  ];
  describeMatrix('emergencies/{id}/messages (the chat)', chat, firestoreTables(fixture));

  const unverified: Row<Firestore>[] = [
    write(
      "open one's own with an unverified email (or none verified yet)",
      ['appUser', 'unverifiedUser', 'newcomer'],
      (db, actor) => openEmergency(db, actor),
    ),
    write(
      "write in one's own emergency chat, unverified (its person only)",
      ['unverifiedUser'],
      say('sos-unverified'),
    ),
  ];
  describeMatrix('an unverified account', unverified, {
    ...firestoreTables(fixture),
    actors: ['appUser', 'unverifiedUser', 'newcomer'],
  });
});
