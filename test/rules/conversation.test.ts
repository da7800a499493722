/**
 * The conversation of an incident (issue 19 item 1): its reporter (verified) and the staff who may
 * read the report read and add messages; nobody else. Author, role and time are the caller's and
 * the commit's; the text is bounded; no message is changed or removed; the report holds at most
 * LIMITS.messagesPerReport and each author sends at most LIMITS.messagesPerWindow per window.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  COLLECTIONS,
  CONVERSATION_READ,
  LIMITS,
  QUICK_QUESTIONS_SETTINGS,
} from '@campus-safety/model';
import {
  Timestamp,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  orderBy,
  query,
  setDoc,
  serverTimestamp,
  updateDoc,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { ACTORS, COLLEAGUE, type Actor, type ActorName } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import {
  messageCountRef,
  messagePaceRef,
  messagesOf,
  sendMessage,
  type MessageWrite,
} from './support/messages';
import { recordCountRef } from './support/record-counts';
import { MESSAGE, REPORTS, SEEDED_MESSAGE_COUNT } from './support/seed';

const REPORTER_OR_SAME_CAMPUS_STAFF: readonly ActorName[] = ['appUser', ...SAME_CAMPUS_STAFF];

/** The actor's side: staff for a staff role, else reporter. */
function roleOf(actor: Actor): 'reporter' | 'staff' {
  return actor.claims?.role === 'IMT' || actor.claims?.role === 'Admin' ? 'staff' : 'reporter';
}

/** The signed-in actor sends a message on `reportId` as their own side, with `write` on top. */
const send =
  (reportId: string, write: Partial<MessageWrite> = {}) =>
  (db: Firestore, actor: Actor) =>
    sendMessage(
      db,
      reportId,
      { uid: actor.uid, role: roleOf(actor) },
      { count: SEEDED_MESSAGE_COUNT + 1, ...write },
    );

describe('incident conversation', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const rows: Row<Firestore>[] = [
    read('list the conversation of a report, oldest first', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(messagesOf(db, REPORTS.reported), orderBy('sentAt', 'asc'))),
    ),
    read('get a message of a report', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDoc(doc(messagesOf(db, REPORTS.reported), MESSAGE)),
    ),
    read(
      "list another reporter's conversation (other campus)",
      ['otherAppUser', ...OTHER_CAMPUS_STAFF],
      (db) => getDocs(messagesOf(db, REPORTS.otherCampus)),
    ),
    read('list the conversation of an archived report', ['appUser', ...ADMIN], (db) =>
      getDocs(messagesOf(db, REPORTS.archived)),
    ),
    read('get the message count of a report', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDoc(recordCountRef(db, REPORTS.reported, 'messages')),
    ),
    write(
      'send a message on a same-campus report',
      REPORTER_OR_SAME_CAMPUS_STAFF,
      send(REPORTS.reported),
    ),
    write(
      'send a message on an other-campus report',
      ['otherAppUser', ...OTHER_CAMPUS_STAFF],
      send(REPORTS.otherCampus),
    ),
    write('send a message on an archived report', NOBODY, send(REPORTS.archived)),
    write(
      `send a message of exactly ${LIMITS.message} characters with line breaks`,
      REPORTER_OR_SAME_CAMPUS_STAFF,
      send(REPORTS.reported, { changes: { text: `a\nb\t${'x'.repeat(LIMITS.message - 4)}` } }),
    ),
    write(
      `send a message over ${LIMITS.message} characters`,
      NOBODY,
      send(REPORTS.reported, { changes: { text: 'x'.repeat(LIMITS.message + 1) } }),
    ),
    write('send an empty message', NOBODY, send(REPORTS.reported, { changes: { text: '' } })),
    write(
      'send a message with a right-to-left override',
      NOBODY,
      send(REPORTS.reported, { changes: { text: 'safe \u202Eton' } }),
    ),
    write(
      'send a message with a zero-width space',
      NOBODY,
      send(REPORTS.reported, { changes: { text: 'sa\u200Bfe' } }),
    ),
    write(
      'send a message as someone else (authorUid)',
      NOBODY,
      send(REPORTS.reported, { changes: { authorUid: COLLEAGUE.uid } }),
    ),
    write('send a message as the other side (authorRole)', NOBODY, (db, actor) =>
      send(REPORTS.reported, {
        changes: { authorRole: roleOf(actor) === 'staff' ? 'reporter' : 'staff' },
      })(db, actor),
    ),
    write(
      'send a message under a name of its own',
      NOBODY,
      send(REPORTS.reported, { changes: { authorName: 'Campus Police Chief' } }),
    ),
    write(
      'send a message dated by the client clock',
      NOBODY,
      send(REPORTS.reported, { changes: { sentAt: Timestamp.fromMillis(Date.now() - 60_000) } }),
    ),
    write('send a message without counting it', NOBODY, send(REPORTS.reported, { counter: null })),
    write(
      'send a message counted twice',
      NOBODY,
      send(REPORTS.reported, { count: SEEDED_MESSAGE_COUNT + 2 }),
    ),
    write('send a message without pacing it', NOBODY, send(REPORTS.reported, { pace: null })),
    write(
      'send a message whose pace starts a window in the past',
      NOBODY,
      send(REPORTS.reported, {
        pace: { windowStart: Timestamp.fromMillis(Date.now() - 3_600_000) },
      }),
    ),
    write('edit a message', NOBODY, (db) =>
      updateDoc(doc(messagesOf(db, REPORTS.reported), MESSAGE), { text: 'He ran the other way.' }),
    ),
    write('delete a message', NOBODY, (db) =>
      deleteDoc(doc(messagesOf(db, REPORTS.reported), MESSAGE)),
    ),
    write('set the message count back', NOBODY, (db) =>
      setDoc(recordCountRef(db, REPORTS.reported, 'messages'), { count: 0, lastId: MESSAGE }),
    ),
    write('set my pace back without a message', NOBODY, (db, actor) =>
      setDoc(messagePaceRef(db, REPORTS.reported, actor.uid), {
        windowStart: Timestamp.now(),
        sent: 0,
        lastId: MESSAGE,
      }),
    ),
    write('mark the conversation read', SAME_CAMPUS_STAFF, (db) =>
      updateDoc(doc(db, COLLECTIONS.incidentReports, REPORTS.reported), { ...CONVERSATION_READ }),
    ),
    write('set the unread count to a number of its own', NOBODY, (db) =>
      updateDoc(doc(db, COLLECTIONS.incidentReports, REPORTS.reported), {
        unreadFromReporter: 5,
        reporterReplied: true,
      }),
    ),
  ];
  describeMatrix('incident_reports/{id}/messages', rows, options);

  const quick = (questions: unknown) => (db: Firestore) =>
    setDoc(doc(db, COLLECTIONS.settings, QUICK_QUESTIONS_SETTINGS.id), { questions });
  const quickRows: Row<Firestore>[] = [
    write('save the quick questions', ADMIN, quick(['Are you safe right now?', 'Is anyone hurt?'])),
    write(
      `save ${LIMITS.quickQuestions} quick questions of ${LIMITS.quickQuestion} characters`,
      ADMIN,
      quick(
        Array.from({ length: LIMITS.quickQuestions }, (_, i) =>
          `${i}`.padEnd(LIMITS.quickQuestion, 'x'),
        ),
      ),
    ),
    write(
      `save ${LIMITS.quickQuestions + 1} quick questions`,
      NOBODY,
      quick(Array.from({ length: LIMITS.quickQuestions + 1 }, (_, i) => `Q${i}`)),
    ),
    write(
      'save a quick question over the length',
      NOBODY,
      quick(['x'.repeat(LIMITS.quickQuestion + 1)]),
    ),
    write('save a quick question with a line break', NOBODY, quick(['Are you safe?\nReply now'])),
    write('save a quick question with a bidi override', NOBODY, quick(['Are you \u202Esafe'])),
    write('save no quick questions', NOBODY, quick([])),
    write('save the security settings', NOBODY, (db) =>
      setDoc(doc(db, COLLECTIONS.settings, 'security'), { adminsRequireSecondFactor: false }),
    ),
  ];
  describeMatrix('settings/quick_questions', quickRows, options);

  describe('unverified accounts', () => {
    beforeEach(async () => {
      await fixture().ensureSeeded();
      fixture().markDirty();
    });
    it('an unverified IMT of the campus neither reads nor sends', async () => {
      const db = fixture().firestore('unverifiedImt');
      await assertFails(getDocs(messagesOf(db, REPORTS.reported)));
      await assertFails(send(REPORTS.reported)(db, ACTORS.unverifiedImt));
    });
    it('a reporter whose email is unverified neither reads nor sends on their own report', async () => {
      const reporter = ACTORS.unverifiedUser;
      const reportId = 'unverified-report';
      await fixture().env.withSecurityRulesDisabled(async (context) => {
        const admin = context.firestore() as unknown as Firestore;
        const source = await getDoc(doc(admin, COLLECTIONS.incidentReports, REPORTS.reported));
        await setDoc(doc(admin, COLLECTIONS.incidentReports, reportId), {
          ...(source.data() as DocumentData),
          reporterId: reporter.uid,
          email: reporter.email,
        });
      });
      const db = fixture().firestore(reporter);
      await assertFails(getDocs(messagesOf(db, reportId)));
      await assertFails(
        sendMessage(db, reportId, { uid: reporter.uid, role: 'reporter' }, { count: 1 }),
      );
    });
  });

  describe('bounds', () => {
    beforeEach(async () => {
      await fixture().ensureSeeded();
      fixture().markDirty();
    });
    it(`the ${LIMITS.messagesPerReport}th message is taken, the next is refused`, async () => {
      await fixture().env.withSecurityRulesDisabled((context) =>
        setDoc(
          recordCountRef(context.firestore() as unknown as Firestore, REPORTS.reported, 'messages'),
          { count: LIMITS.messagesPerReport - 1, lastId: MESSAGE },
        ),
      );
      const imt = ACTORS.imtSameCampus;
      const db = fixture().firestore(imt);
      await assertSucceeds(send(REPORTS.reported, { count: LIMITS.messagesPerReport })(db, imt));
      await assertFails(
        send(REPORTS.reported, {
          count: LIMITS.messagesPerReport + 1,
          pace: { windowStart: Timestamp.now(), sent: 2 },
        })(db, imt),
      );
    });
    it(`an author's ${LIMITS.messagesPerWindow}th message in a window is taken, the next is refused, a new window may not start early`, async () => {
      const alice = ACTORS.appUser;
      const db = fixture().firestore(alice);
      const windowStart = Timestamp.fromMillis(Date.now() - 60_000);
      await fixture().env.withSecurityRulesDisabled((context) =>
        setDoc(
          messagePaceRef(context.firestore() as unknown as Firestore, REPORTS.reported, alice.uid),
          {
            windowStart,
            sent: LIMITS.messagesPerWindow - 1,
            lastId: MESSAGE,
          },
        ),
      );
      let count = SEEDED_MESSAGE_COUNT;
      const next = (pace: MessageWrite['pace']) =>
        send(REPORTS.reported, { count: count + 1, pace })(db, alice).then(() => {
          count += 1;
        });
      await assertSucceeds(next({ windowStart, sent: LIMITS.messagesPerWindow }));
      await assertFails(next({ windowStart, sent: LIMITS.messagesPerWindow + 1 }));
      // Starting a fresh window while the current one is open is the same flood.
      await assertFails(next({}));
    });
    it(`messages queued offline (the app's batch, increments) count into a closed window up to ${LIMITS.messagesPerWindow}, then only a new window takes more`, async () => {
      const alice = ACTORS.appUser;
      const db = fixture().firestore(alice);
      await fixture().env.withSecurityRulesDisabled((context) =>
        setDoc(
          messagePaceRef(context.firestore() as unknown as Firestore, REPORTS.reported, alice.uid),
          {
            windowStart: Timestamp.fromMillis(Date.now() - 3_600_000),
            sent: LIMITS.messagesPerWindow - 2,
            lastId: MESSAGE,
          },
        ),
      );
      // The reporter app's batch (web/src/data/firestore.ts createQueuedCounted).
      const queued = (pace: 'same' | 'new') => {
        const batch = writeBatch(db);
        const message = doc(messagesOf(db, REPORTS.reported));
        batch.set(message, {
          text: 'Written without signal',
          authorUid: alice.uid,
          authorRole: 'reporter',
          sentAt: serverTimestamp(),
        });
        batch.set(
          messageCountRef(db, REPORTS.reported),
          { count: increment(1), lastId: message.id },
          { merge: true },
        );
        const paceRef = messagePaceRef(db, REPORTS.reported, alice.uid);
        if (pace === 'same') batch.update(paceRef, { sent: increment(1), lastId: message.id });
        else batch.set(paceRef, { windowStart: serverTimestamp(), sent: 1, lastId: message.id });
        return batch.commit();
      };
      await assertSucceeds(queued('same'));
      await assertSucceeds(queued('same'));
      await assertFails(queued('same'));
      await assertSucceeds(queued('new'));
      await assertFails(queued('new'));
      // Each queued message counted one, whatever the device saw of the count.
      let count: unknown;
      await fixture().env.withSecurityRulesDisabled(async (context) => {
        const counter = messageCountRef(
          context.firestore() as unknown as Firestore,
          REPORTS.reported,
        );
        count = (await getDoc(counter)).get('count');
      });
      if (count !== SEEDED_MESSAGE_COUNT + 3) throw new Error(`count ${String(count)}`);
    });
  });
});
