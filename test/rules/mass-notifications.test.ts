/**
 * Mass notifications (issue 21): Admins read every alert, an IMT member those reaching their
 * campus; nobody writes an alert, approves it or forges a receipt from a client (the callables
 * and the fan-out do); Admins edit the templates, within their bounds.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  COLLECTIONS,
  DEFAULT_TEMPLATES,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_MESSAGES,
  MASS_NOTIFICATION_MESSAGES_DOC,
  MASS_NOTIFICATION_READ_SHARDS,
  MASS_NOTIFICATION_REPLIES,
  MASS_NOTIFICATION_REPLY_SHARDS,
  MASS_NOTIFICATION_SETTINGS,
} from '@campus-safety/model';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { OTHER_CAMPUS, SAME_CAMPUS } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';

const now = Timestamp.now();
const alert = (campuses: string[]) => ({
  kind: 'emergency',
  title: 'Lockdown',
  body: 'Stay where you are.',
  audience: { allCampuses: false, campuses, staffOnly: false },
  reach: campuses,
  channels: ['inApp'],
  state: 'awaitingApproval',
  author: { uid: 'admin', name: 'Admin' },
  createdAt: now,
  scheduledFor: null,
  approvedBy: null,
  sentAt: null,
  followsUp: null,
  incidentIds: [],
  cleryCrime: null,
  firstReportedAt: null,
});
const MAIN = 'alert-main';
const NORTH = 'alert-north';
/** An alert to the people located on Main Campus: staff read only the answered replies. */
const LOCATED = 'alert-located';
const slot = (answered: boolean) => ({
  name: 'Alice',
  campus: null,
  answered,
  choice: answered ? 1 : null,
  label: answered ? 'I need help' : null,
  needsHelp: answered,
  firstAnsweredAt: answered ? now : null,
  answeredAt: answered ? now : null,
  changes: 0,
  via: answered ? 'app' : null,
  location: null,
});
const receipts = { inApp: { targeted: 1, sent: 1, failed: 0, skipped: 0 } };
const VERSION = { title: 'Lockdown: manatili', body: 'Manatili kung nasaan ka.' };
const withVersions = (translations: Record<string, unknown>) => ({
  ...DEFAULT_TEMPLATES,
  lockdown: { ...DEFAULT_TEMPLATES.lockdown, translations },
});

async function seedAlerts(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, COLLECTIONS.massNotifications, MAIN), alert([SAME_CAMPUS]));
    await setDoc(doc(db, COLLECTIONS.massNotifications, NORTH), alert([OTHER_CAMPUS]));
    await setDoc(
      doc(db, COLLECTIONS.massNotifications, MAIN, MASS_NOTIFICATION_BATCHES, 'b00000'),
      {
        uids: ['app-alice'],
        receipts,
      },
    );
    await setDoc(
      doc(db, COLLECTIONS.massNotifications, MAIN, MASS_NOTIFICATION_READ_SHARDS, 's1'),
      { count: 1 },
    );
    const located = alert([SAME_CAMPUS]);
    await setDoc(doc(db, COLLECTIONS.massNotifications, LOCATED), {
      ...located,
      audience: { ...located.audience, members: false, located: true },
    });
    for (const id of [MAIN, NORTH, LOCATED]) {
      const replies = collection(db, COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_REPLIES);
      await setDoc(doc(replies, 'app-alice'), slot(true));
      await setDoc(doc(replies, 'app-bob'), slot(false));
      await setDoc(
        doc(db, COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_REPLY_SHARDS, 's1'),
        { replied: 1, c1: 1 },
      );
    }
  });
}

describe('mass notifications', () => {
  const fixture = useFixture({ seedExtra: seedAlerts });
  const alertDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.massNotifications, id);
  const settings = (db: Firestore) => doc(db, COLLECTIONS.settings, MASS_NOTIFICATION_SETTINGS.id);
  const rows: Row<Firestore>[] = [
    read('get an alert to Main Campus', SAME_CAMPUS_STAFF, (db) => getDoc(alertDoc(db, MAIN))),
    read('list every alert (Admins)', ADMIN, (db) =>
      getDocs(query(collection(db, COLLECTIONS.massNotifications), orderBy('createdAt', 'desc'))),
    ),
    read('list the alerts reaching Main Campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.massNotifications),
          where('reach', 'array-contains', SAME_CAMPUS),
          orderBy('createdAt', 'desc'),
        ),
      ),
    ),
    read('read the receipts of an alert to Main Campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(collection(alertDoc(db, MAIN), MASS_NOTIFICATION_BATCHES)),
    ),
    read('read the read counters of an alert to Main Campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(collection(alertDoc(db, MAIN), MASS_NOTIFICATION_READ_SHARDS)),
    ),
    write('write an alert directly', NOBODY, (db) =>
      setDoc(alertDoc(db, 'forged'), { ...alert([SAME_CAMPUS]), state: 'sending' }),
    ),
    write('approve an alert directly', NOBODY, (db) =>
      updateDoc(alertDoc(db, MAIN), {
        state: 'sending',
        approvedBy: { uid: 'admin', name: 'Admin', at: now },
      }),
    ),
    write('delete an alert (kept for the Clery record)', NOBODY, (db) =>
      deleteDoc(alertDoc(db, MAIN)),
    ),
    write('forge a receipt', NOBODY, (db) =>
      updateDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_BATCHES, 'b00000'), {
        receipts: { inApp: { targeted: 1, sent: 1000, failed: 0, skipped: 0 } },
      }),
    ),
    write('add a page to the fan-out', NOBODY, (db) =>
      setDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_BATCHES, 'b00001'), { uids: ['app-bob'] }),
    ),
    // Who a page reaches and which messages it queued are server-only (docs/mass-notifications.md).
    read("read a page's mail and SMS list", NOBODY, (db) =>
      getDoc(
        doc(
          alertDoc(db, MAIN),
          MASS_NOTIFICATION_BATCHES,
          'b00000',
          MASS_NOTIFICATION_MESSAGES,
          MASS_NOTIFICATION_MESSAGES_DOC,
        ),
      ),
    ),
    write("start a page's mail and SMS (queue a run of them)", NOBODY, (db) =>
      setDoc(
        doc(
          alertDoc(db, MAIN),
          MASS_NOTIFICATION_BATCHES,
          'b00000',
          MASS_NOTIFICATION_MESSAGES,
          'forged',
        ),
        { mail: ['mass-x-y'], sms: null, targeted: 1 },
      ),
    ),
    write('count a read directly', NOBODY, (db) =>
      setDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_READ_SHARDS, 's2'), { count: 50 }),
    ),
    read('read the replies of an alert to Main Campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(collection(alertDoc(db, MAIN), MASS_NOTIFICATION_REPLIES)),
    ),
    read('read the reply tally of an alert to Main Campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(collection(alertDoc(db, MAIN), MASS_NOTIFICATION_REPLY_SHARDS)),
    ),
    read(
      'read the answered replies of an alert to the people located there',
      SAME_CAMPUS_STAFF,
      (db) =>
        getDocs(
          query(
            collection(alertDoc(db, LOCATED), MASS_NOTIFICATION_REPLIES),
            where('answered', '==', true),
          ),
        ),
    ),
    // Who was located there and has not answered is nobody's to read (docs/locations.md).
    read('list every reply of an alert to the people located there', NOBODY, (db) =>
      getDocs(collection(alertDoc(db, LOCATED), MASS_NOTIFICATION_REPLIES)),
    ),
    read('get an unanswered reply of an alert to the people located there', NOBODY, (db) =>
      getDoc(doc(alertDoc(db, LOCATED), MASS_NOTIFICATION_REPLIES, 'app-bob')),
    ),
    write('forge a reply (answer for someone, or for oneself without the callable)', NOBODY, (db) =>
      updateDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_REPLIES, 'app-bob'), {
        answered: true,
        choice: 0,
        label: "I'm safe",
      }),
    ),
    write('add a reply slot', NOBODY, (db) =>
      setDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_REPLIES, 'app-carol'), slot(true)),
    ),
    write('move the reply tally', NOBODY, (db) =>
      setDoc(doc(alertDoc(db, MAIN), MASS_NOTIFICATION_REPLY_SHARDS, 's2'), {
        replied: 50,
        c0: 50,
      }),
    ),
    write('save the alert templates', ADMIN, (db) =>
      setDoc(settings(db), { templates: DEFAULT_TEMPLATES }),
    ),
    // Which alerts wait for a second Admin is saveSetting's alertApproval (with its history).
    write('turn approval off beside the templates', NOBODY, (db) =>
      setDoc(settings(db), { templates: DEFAULT_TEMPLATES, twoPersonApproval: false }),
    ),
    write('save a template longer than its bound', NOBODY, (db) =>
      setDoc(settings(db), {
        templates: { ...DEFAULT_TEMPLATES, lockdown: { title: 'x'.repeat(81), body: 'b' } },
      }),
    ),
    // Versions in other languages (docs/mass-notifications.md#languages): the model's bounds.
    write('save a template with a Filipino version', ADMIN, (db) =>
      setDoc(settings(db), { templates: withVersions({ fil: VERSION }) }),
    ),
    write('save a template version in an unknown language', NOBODY, (db) =>
      setDoc(settings(db), { templates: withVersions({ xx: VERSION }) }),
    ),
    write('save a sixth template version', NOBODY, (db) =>
      setDoc(settings(db), {
        templates: withVersions(
          Object.fromEntries(['fil', 'es', 'zh', 'ko', 'ja', 'vi'].map((l) => [l, VERSION])),
        ),
      }),
    ),
    write('save a template version longer than its bound', NOBODY, (db) =>
      setDoc(settings(db), {
        templates: withVersions({ fil: { title: 't', body: 'x'.repeat(1001) } }),
      }),
    ),
    write('save a template version with an extra field', NOBODY, (db) =>
      setDoc(settings(db), { templates: withVersions({ fil: { ...VERSION, sms: 'x' } }) }),
    ),
    write('save templates with an extra one', NOBODY, (db) =>
      setDoc(settings(db), {
        templates: { ...DEFAULT_TEMPLATES, party: { title: 't', body: 'b' } },
      }),
    ),
  ];
  describeMatrix('alerts, receipts and templates', rows, firestoreTables(fixture));

  // The other campus's alert: only Admins and that campus's IMT (the matrix's other-campus IMT).
  const otherCampus: Row<Firestore>[] = [
    read('get an alert to North Campus', ['imtOtherCampus', 'admin'], (db) =>
      getDoc(alertDoc(db, NORTH)),
    ),
    read('read the receipts of an alert to North Campus', ['imtOtherCampus', 'admin'], (db) =>
      getDocs(collection(alertDoc(db, NORTH), MASS_NOTIFICATION_BATCHES)),
    ),
    read('read the replies of an alert to North Campus', ['imtOtherCampus', 'admin'], (db) =>
      getDocs(collection(alertDoc(db, NORTH), MASS_NOTIFICATION_REPLIES)),
    ),
  ];
  describeMatrix('an alert to another campus', otherCampus, firestoreTables(fixture));
});
