/** users/{uid} and users/{uid}/notifications: who reads and who changes which fields. */
import { COLLECTIONS, LIMITS, WEB_PUSH_LIMITS } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
  deleteField,
} from 'firebase/firestore';
import {
  ACTORS,
  COLLEAGUE,
  OTHER_CAMPUS,
  SAME_CAMPUS,
  THIRD_CAMPUS,
  type Actor,
} from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  APP_USERS,
  LIVE_ACCOUNTS,
  NOBODY,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { NOTIFICATION } from './support/seed';

const users = COLLECTIONS.users;
const alice = ACTORS.appUser;
const bob = ACTORS.otherAppUser;
const own = (db: Firestore, actor: Actor) => doc(db, users, actor.uid);
const updateOwn = (changes: DocumentData) => (db: Firestore, actor: Actor) =>
  updateDoc(own(db, actor), changes);
/** A subscription shaped as a browser gives it (keys of the real lengths), with `changes`. */
const pushDevice = (i: number, changes: DocumentData = {}) => ({
  endpoint: `https://push.example/send/${i}`,
  p256dh: 'B'.repeat(87),
  auth: 'a'.repeat(22),
  ...changes,
});

describe('users', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const reads: Row<Firestore>[] = [
    read('get one’s own account', LIVE_ACCOUNTS, (db, actor) => getDoc(own(db, actor))),
    read('get an app user’s account', ['appUser', 'admin'], (db) =>
      getDoc(doc(db, users, alice.uid)),
    ),
    // Finding 1 of issue 10: a colleague's profile showed the default-password flag and the
    // registration date the default password is derived from.
    read('get an IMT colleague’s account (private fields)', ADMIN, (db) =>
      getDoc(doc(db, users, COLLEAGUE.uid)),
    ),
    read('list every account', ADMIN, (db) => getDocs(collection(db, users))),
    read('query live IMT accounts of the same campus (the old assignee picker)', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, users),
          where('role', '==', 'IMT'),
          where('campus', '==', SAME_CAMPUS),
          where('isArchived', '==', false),
        ),
      ),
    ),
    read('every live staff account (pickers read staff_directory now)', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, users),
          where('role', 'in', ['Admin', 'IMT']),
          where('isArchived', '==', false),
        ),
      ),
    ),
    read('list IMT accounts of a campus, archived ones included', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, users),
          where('role', '==', 'IMT'),
          where('campus', '==', SAME_CAMPUS),
        ),
      ),
    ),
    read('list every account of a campus (reporters included)', ADMIN, (db) =>
      getDocs(query(collection(db, users), where('campus', '==', SAME_CAMPUS))),
    ),
    read('look a user up by email equality', ADMIN, (db) =>
      getDocs(query(collection(db, users), where('email', '==', alice.email))),
    ),
  ];

  const ownWrites: Row<Firestore>[] = [
    write(
      'update one’s own contact details and photo',
      LIVE_ACCOUNTS,
      updateOwn({
        contactNumber: '+63 911 111 1111',
        address: '2 Campus Road',
        birthday: '1999-12-31',
        profileUrl: 'https://example.com/p.png',
      }),
    ),
    // Reporters read an IMT's name in their notifications: an IMT cannot choose its own.
    write(
      'rename oneself',
      [...APP_USERS, 'admin'],
      updateOwn({ firstName: 'Renamed', lastName: 'Person' }),
    ),

    write('update one’s own push tokens', LIVE_ACCOUNTS, updateOwn({ deviceToken: ['a', 'b'] })),
    write(
      `set ${LIMITS.deviceTokens} push tokens of ${LIMITS.deviceToken} characters (the most allowed)`,
      LIVE_ACCOUNTS,
      updateOwn({
        deviceToken: Array.from({ length: LIMITS.deviceTokens }, (_, i) =>
          `${i}:`.padEnd(LIMITS.deviceToken, 'A'),
        ),
      }),
    ),
    write(
      `set more than ${LIMITS.deviceTokens} push tokens`,
      NOBODY,
      updateOwn({
        deviceToken: Array.from({ length: LIMITS.deviceTokens + 1 }, (_, i) => `token-${i}`),
      }),
    ),
    write(
      `set a push token longer than ${LIMITS.deviceToken} characters`,
      NOBODY,
      updateOwn({ deviceToken: ['ok', 'A'.repeat(LIMITS.deviceToken + 1)] }),
    ),
    write(
      'set push tokens that are not strings',
      NOBODY,
      updateOwn({ deviceToken: [{ token: 'x' }, 42] }),
    ),
    write('set an empty push token', NOBODY, updateOwn({ deviceToken: [''] })),
    write('set a push token holding a line break', NOBODY, updateOwn({ deviceToken: ['a\nb'] })),
    write(
      `set a push token made of ${LIMITS.deviceToken}-character lines (one line break each)`,
      NOBODY,
      updateOwn({
        deviceToken: [Array(40).fill('A'.repeat(LIMITS.deviceToken)).join('\n')],
      }),
    ),
    // Web Push devices (model web-push.ts): the owner's, well-formed, at most five.
    write(
      `set ${WEB_PUSH_LIMITS.subscriptions} Web Push devices of the largest sizes allowed`,
      LIVE_ACCOUNTS,
      updateOwn({
        webPush: Array.from({ length: WEB_PUSH_LIMITS.subscriptions }, (_, i) =>
          pushDevice(i, {
            endpoint: `https://push.example/${i}/`.padEnd(WEB_PUSH_LIMITS.endpoint, 'e'),
            p256dh: 'B'.repeat(WEB_PUSH_LIMITS.p256dh - 2) + '==',
            auth: 'a'.repeat(WEB_PUSH_LIMITS.auth - 2) + '==',
          }),
        ),
      }),
    ),
    write(
      'turn Web Push off on every device (an empty list)',
      LIVE_ACCOUNTS,
      updateOwn({ webPush: [] }),
    ),
    write(
      `set a ${WEB_PUSH_LIMITS.subscriptions + 1}th Web Push device`,
      NOBODY,
      updateOwn({
        webPush: Array.from({ length: WEB_PUSH_LIMITS.subscriptions + 1 }, (_, i) => pushDevice(i)),
      }),
    ),
    ...(
      [
        ['an endpoint that is not https', { endpoint: 'http://push.example/x' }],
        ['an endpoint holding a space', { endpoint: 'https://push.example/a b' }],
        [
          `an endpoint longer than ${WEB_PUSH_LIMITS.endpoint} characters`,
          { endpoint: 'https://push.example/'.padEnd(WEB_PUSH_LIMITS.endpoint + 1, 'e') },
        ],
        [
          `a key longer than ${WEB_PUSH_LIMITS.p256dh}`,
          { p256dh: 'B'.repeat(WEB_PUSH_LIMITS.p256dh + 1) },
        ],
        ['a key that is not base64url', { auth: 'a+b/c' }],
        ['a field of its own', { expirationTime: null }],
      ] as const
    ).map(([what, change]) =>
      write(
        `set a Web Push device with ${what}`,
        NOBODY,
        updateOwn({ webPush: [pushDevice(0, change)] }),
      ),
    ),
    write('set a Web Push device without its auth key', NOBODY, (db, actor) => {
      const { auth: _auth, ...partial } = pushDevice(0);
      return updateDoc(own(db, actor), { webPush: [partial] });
    }),
    write(
      'set a first name holding a right-to-left override',
      NOBODY,
      updateOwn({ firstName: 'Ana\u202Egnp.exe' }),
    ),
    write(
      'set a last name holding a zero-width space',
      NOBODY,
      updateOwn({ lastName: 'Cr\u200Buz' }),
    ),
    write('set a first name holding a NUL', NOBODY, updateOwn({ firstName: 'Ana\u0000' })),
    // The language alerts reach one in (docs/mass-notifications.md#languages): one's own choice.
    write('choose one’s own language', LIVE_ACCOUNTS, updateOwn({ language: 'fil' })),
    write('clear one’s own language', LIVE_ACCOUNTS, updateOwn({ language: deleteField() })),
    write('choose an unsupported language', NOBODY, updateOwn({ language: 'xx' })),
    write('choose a language tag with a region', NOBODY, updateOwn({ language: 'fil-PH' })),
    write('set the language to null', NOBODY, updateOwn({ language: null })),
    write('set the language to a list', NOBODY, updateOwn({ language: ['fil'] })),
    write('change one’s own role', NOBODY, (db, actor) =>
      updateDoc(own(db, actor), { role: actor.claims?.role === 'Admin' ? 'User' : 'Admin' }),
    ),
    // An app user's campus and affiliation are their own (what alerts to a campus reach); a
    // staff campus changes only through setStaffAccess, with the claims.
    write('change one’s own campus', APP_USERS, updateOwn({ campus: THIRD_CAMPUS })),
    // The Admin's campus is null already: no change. An IMT may not leave its campus.
    write('say one is on no campus', [...APP_USERS, 'admin'], updateOwn({ campus: null })),
    write('set one’s own affiliation', APP_USERS, updateOwn({ affiliation: 'faculty' })),
    write(
      'set one’s own campus and affiliation together',
      APP_USERS,
      updateOwn({ campus: THIRD_CAMPUS, affiliation: 'visitor' }),
    ),
    write('move oneself to an unknown campus', NOBODY, updateOwn({ campus: 'atlantis' })),
    write('move oneself to a retired campus', NOBODY, updateOwn({ campus: 'old-campus' })),
    write('set one’s own campus to an empty name', NOBODY, updateOwn({ campus: '' })),
    write('set one’s own campus to a number', NOBODY, updateOwn({ campus: 42 })),
    write('set one’s own campus to a list', NOBODY, updateOwn({ campus: [THIRD_CAMPUS] })),
    write('set an affiliation not on the list', NOBODY, updateOwn({ affiliation: 'alumni' })),
    write(
      'set an affiliation by its label, not its key',
      NOBODY,
      updateOwn({ affiliation: 'Student' }),
    ),
    write('set the affiliation to null', NOBODY, updateOwn({ affiliation: null })),
    write(
      'change one’s own campus and role together',
      NOBODY,
      updateOwn({ campus: THIRD_CAMPUS, role: 'IMT' }),
    ),
    write(
      'change one’s own campus and mark one’s email verified',
      NOBODY,
      updateOwn({ campus: THIRD_CAMPUS, emailVerified: true }),
    ),
    write(
      'set one’s own affiliation with an unknown field',
      NOBODY,
      updateOwn({ affiliation: 'student', campusVerified: true }),
    ),
    write('archive or restore oneself', NOBODY, (db, actor) =>
      updateDoc(own(db, actor), { isArchived: actor.name !== 'archivedStaff' }),
    ),
    write('change one’s own email', NOBODY, updateOwn({ email: 'new@example.com' })),
    write(
      'clear one’s own default-password flag',
      NOBODY,
      updateOwn({ isUsingDefaultPassword: true }),
    ),
    write(
      'extend one’s own default-password expiry',
      NOBODY,
      updateOwn({ defaultPasswordExpiresAt: Timestamp.fromMillis(Date.now() + 1e12) }),
    ),
    write(
      'set one’s own firstNameLowerCase (server-computed)',
      NOBODY,
      updateOwn({
        firstNameLowerCase: 'zzz',
      }),
    ),
    write(
      'change one’s own registrationDate',
      NOBODY,
      updateOwn({ registrationDate: '2020-01-01' }),
    ),
    write(
      'change one’s own registrationDateTimestamp',
      NOBODY,
      updateOwn({
        registrationDateTimestamp: Timestamp.fromMillis(0),
      }),
    ),
    write(
      `set a first name longer than ${LIMITS.name} characters`,
      NOBODY,
      updateOwn({
        firstName: 'x'.repeat(LIMITS.name + 1),
      }),
    ),
    write('set an empty last name', NOBODY, updateOwn({ lastName: '' })),
    write(
      `set an address longer than ${LIMITS.address} characters`,
      NOBODY,
      updateOwn({
        address: 'x'.repeat(LIMITS.address + 1),
      }),
    ),
    write(
      `set a contact number longer than ${LIMITS.contactNumber}`,
      NOBODY,
      updateOwn({
        contactNumber: '1'.repeat(LIMITS.contactNumber + 1),
      }),
    ),
    write('set a birthday that is not an ISO date', NOBODY, updateOwn({ birthday: '31/12/1999' })),
    write('set push tokens that are not a list', NOBODY, updateOwn({ deviceToken: 'token' })),
    write('add an unknown field to one’s own account', NOBODY, updateOwn({ isAdmin: true })),
    write('delete one’s own account document', NOBODY, (db, actor) => deleteDoc(own(db, actor))),
  ];

  const othersWrites: Row<Firestore>[] = [
    write('update another user’s contact number', ['otherAppUser', 'admin'], (db) =>
      updateDoc(doc(db, users, bob.uid), { contactNumber: '+63 922 222 2222' }),
    ),
    // A reporter's campus and affiliation are theirs alone: no other reporter, IMT or Admin.
    write('set the app user’s campus and affiliation', ['appUser'], (db) =>
      updateDoc(doc(db, users, alice.uid), { campus: THIRD_CAMPUS, affiliation: 'staff' }),
    ),
    // Issue 17: role, campus and archive change only through the setStaffAccess callable.
    write('make an app user IMT of a campus', NOBODY, (db) =>
      updateDoc(doc(db, users, alice.uid), { role: 'IMT', campus: OTHER_CAMPUS }),
    ),
    write('archive a staff account', NOBODY, (db) =>
      updateDoc(doc(db, users, COLLEAGUE.uid), { isArchived: true }),
    ),
    write('restore an archived staff account', NOBODY, (db) =>
      updateDoc(doc(db, users, ACTORS.archivedStaff.uid), { isArchived: false }),
    ),
    write('make someone IMT without a campus', NOBODY, (db) =>
      updateDoc(doc(db, users, alice.uid), { role: 'IMT', campus: null }),
    ),
    write('give someone an unknown role', NOBODY, (db) =>
      updateDoc(doc(db, users, alice.uid), { role: 'Superuser' }),
    ),
    write('move someone to an unknown campus', NOBODY, (db) =>
      updateDoc(doc(db, users, COLLEAGUE.uid), { campus: 'Atlantis' }),
    ),
    write('change another user’s email', NOBODY, (db) =>
      updateDoc(doc(db, users, alice.uid), { email: 'taken@example.com' }),
    ),
    write('change another user’s push tokens', NOBODY, (db) =>
      updateDoc(doc(db, users, COLLEAGUE.uid), { deviceToken: ['stolen'] }),
    ),
    write('add a Web Push device to another user', NOBODY, (db) =>
      updateDoc(doc(db, users, COLLEAGUE.uid), { webPush: [pushDevice(0)] }),
    ),
    write('extend another account’s default-password expiry', NOBODY, (db) =>
      updateDoc(doc(db, users, COLLEAGUE.uid), {
        defaultPasswordExpiresAt: Timestamp.fromMillis(Date.now() + 1e12),
      }),
    ),
    write('mark another account’s email verified', NOBODY, (db) =>
      updateDoc(doc(db, users, ACTORS.unverifiedImt.uid), { emailVerified: true }),
    ),
    write('reset another user’s default-password flag', NOBODY, (db) =>
      updateDoc(doc(db, users, alice.uid), { isUsingDefaultPassword: true }),
    ),
    write('create a staff account document directly', NOBODY, (db) =>
      setDoc(doc(db, users, 'new-staff'), {
        firstName: 'New',
        lastName: 'Staff',
        email: 'new-staff@campus.example',
        role: 'IMT',
        campus: SAME_CAMPUS,
        isArchived: false,
      }),
    ),
    write('delete another user’s account document', NOBODY, (db) =>
      deleteDoc(doc(db, users, bob.uid)),
    ),
  ];

  describeMatrix('users/{uid}: reads', reads, options);
  describeMatrix('users/{uid}: one’s own account', ownWrites, options);
  describeMatrix('users/{uid}: other people’s accounts', othersWrites, options);

  const aliceNotification = (db: Firestore) =>
    doc(db, users, alice.uid, COLLECTIONS.notifications, NOTIFICATION);
  const notifications: Row<Firestore>[] = [
    read('get a notification of the app user', ['appUser'], (db) => getDoc(aliceNotification(db))),
    read('list the app user’s notifications', ['appUser'], (db) =>
      getDocs(collection(db, users, alice.uid, COLLECTIONS.notifications)),
    ),
    read('list one’s own notifications', LIVE_ACCOUNTS, (db, actor) =>
      getDocs(collection(db, users, actor.uid, COLLECTIONS.notifications)),
    ),
    write('mark the app user’s notification read', ['appUser'], (db) =>
      updateDoc(aliceNotification(db), { isRead: true }),
    ),
    write('set isRead to something not a bool', NOBODY, (db) =>
      updateDoc(aliceNotification(db), { isRead: 'yes' }),
    ),
    write('change the notification’s message', NOBODY, (db) =>
      updateDoc(aliceNotification(db), { message: 'Changed' }),
    ),
    write('create a notification in one’s own list', NOBODY, (db, actor) =>
      setDoc(doc(db, users, actor.uid, COLLECTIONS.notifications, 'forged'), {
        title: 'Resolved',
        color: 'blue',
        icon: 'report',
        message: 'Forged',
        isRead: false,
        timestamp: serverTimestamp(),
        type_id: 'x',
        type: 'report',
      }),
    ),
    write('delete the app user’s notification', NOBODY, (db) => deleteDoc(aliceNotification(db))),
  ];
  describeMatrix('users/{uid}/notifications', notifications, options);

  // Sign-up in the mobile app: the Auth user exists, its users doc and claims do not yet.
  const newcomer = ACTORS.newcomer;
  const signUp =
    (changes: DocumentData = {}) =>
    (db: Firestore, actor: Actor) =>
      setDoc(own(db, actor), {
        firstName: 'New',
        lastName: 'Reporter',
        email: actor.email,
        contactNumber: '+63 933 333 3333',
        role: 'User',
        campus: SAME_CAMPUS,
        isArchived: false,
        deviceToken: ['device-new'],
        registrationDate: '2026-11-22T10:00:00.000Z',
        registrationDateTimestamp: serverTimestamp(),
        ...changes,
      });
  const signUpRows: Row<Firestore>[] = [
    read('get the newcomer’s account before it exists', ['newcomer', 'admin'], (db) =>
      getDoc(own(db, newcomer)),
    ),
    write('create one’s own app-user account', ['newcomer'], signUp()),
    write('create one’s own account as Admin', NOBODY, signUp({ role: 'Admin', campus: null })),
    write('create one’s own account as IMT', NOBODY, signUp({ role: 'IMT' })),
    write('create one’s own account already archived', NOBODY, signUp({ isArchived: true })),
    write(
      'create one’s own account with someone else’s email',
      NOBODY,
      signUp({
        email: alice.email,
      }),
    ),
    write(
      'create one’s own account already marked verified',
      NOBODY,
      signUp({ emailVerified: true }),
    ),
    write(
      'create one’s own account with server fields',
      NOBODY,
      signUp({
        firstNameLowerCase: 'new',
        isUsingDefaultPassword: false,
      }),
    ),
    write(
      'create one’s own account with an unknown campus',
      NOBODY,
      signUp({ campus: 'Atlantis' }),
    ),
    write(
      'create one’s own account on no campus, with an affiliation',
      ['newcomer'],
      signUp({ campus: null, affiliation: 'student' }),
    ),
    write(
      'create one’s own account with an affiliation not on the list',
      NOBODY,
      signUp({ affiliation: 'alumni' }),
    ),
    write(
      'create one’s own account with a client-chosen registration time',
      NOBODY,
      signUp({
        registrationDateTimestamp: Timestamp.fromMillis(0),
      }),
    ),
    write('create an account document for another uid', NOBODY, (db, actor) =>
      signUp()(db, { ...actor, uid: 'someone-else' }),
    ),
  ];
  describeMatrix('users/{uid}: sign-up from the mobile app', signUpRows, {
    ...options,
    actors: ['newcomer', 'appUser', 'admin', 'signedOut'],
  });

  // Nothing acts for an unverified address: such a reporter cannot place themselves either.
  const unverifiedPlace: Row<Firestore>[] = [
    write(
      'set one’s own campus and affiliation',
      ['appUser'],
      updateOwn({ campus: OTHER_CAMPUS, affiliation: 'student' }),
    ),
  ];
  describeMatrix('users/{uid}: an unverified reporter’s campus', unverifiedPlace, {
    ...options,
    actors: ['appUser', 'unverifiedUser'],
  });

  // Tokens outlive changes to the account: the users doc wins.
  const staleTokens: Row<Firestore>[] = [
    read('read one’s own account', NOBODY, (db, actor) => getDoc(own(db, actor))),
    read('list the staff directory of the token’s campus', NOBODY, (db) =>
      getDocs(
        query(collection(db, COLLECTIONS.staffDirectory), where('campus', '==', SAME_CAMPUS)),
      ),
    ),
    write('update one’s own profile', NOBODY, updateOwn({ firstName: 'Stale' })),
  ];
  describeMatrix('users/{uid}: tokens older than a role or campus change', staleTokens, {
    ...options,
    actors: ['demotedStaff', 'movedImt', 'archivedStaff'],
  });
});
