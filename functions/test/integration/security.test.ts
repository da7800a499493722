/**
 * Issue 10, findings 1, 3, 4 and 10: each attack performed, its refusal or harmlessness asserted,
 * and that nothing changed.
 */
import assert from 'node:assert/strict';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_PASSWORD_TTL_HOURS,
  LIMITS,
  PROCESSED_EVENT_TTL_DAYS,
  cleanTagName,
  tagId,
  type CreateAccountResponse,
  type HousekeepingResponse,
} from '@campus-safety/model';
import {
  account,
  auth,
  callError,
  closeAll,
  db,
  docData,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  signIn,
  staffMember,
  unique,
  timelineOf,
  waitFor,
} from './stack';

const users = () => db.collection(COLLECTIONS.users);
const directory = () => db.collection(COLLECTIONS.staffDirectory);
const HOUR = 3_600_000;

function newStaff(extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${unique('grace')}@campus.test`,
    role: 'IMT',
    campus: 'main',
    contactNumber: '+63 912 000 2222',
    address: '3 Campus Road',
    birthday: '1990-12-09',
    ...extra,
  };
}

async function refusedSignIn(email: string, password: string): Promise<string> {
  try {
    await signIn(email, password);
  } catch (error) {
    return String((error as { code?: string }).code);
  }
  throw new Error(`${email} signed in with a password that should no longer work`);
}

describe('staff directory (finding 1)', () => {
  after(closeAll);

  it('holds exactly the assign dialog’s fields of live staff, and nothing of app users', async () => {
    const admin = await account({ role: 'Admin' });
    const input = newStaff();
    const { uid } = await admin.call<CreateAccountResponse>('createAccount', input);
    const entry = await waitFor(
      async () => (await directory().doc(uid).get()).data(),
      (d) => d !== undefined,
    );
    assert.deepEqual(entry, {
      firstName: 'Grace',
      lastName: 'Hopper',
      firstNameLowerCase: 'grace',
      displayName: 'Grace Hopper',
      email: input.email,
      role: 'IMT',
      campus: 'main',
    });

    const rep = await account({ role: 'User' });
    // The mirrored verification shows the user trigger has run on the app user's profile.
    await waitFor(
      async () => (await users().doc(rep.uid).get()).get('emailVerified'),
      (verified) => verified === true,
    );
    assert.equal((await directory().doc(rep.uid).get()).exists, false);

    await users().doc(uid).update({ firstName: 'Amazing' });
    await waitFor(
      async () => (await directory().doc(uid).get()).get('displayName'),
      (name) => name === 'Amazing Hopper',
    );

    await users().doc(uid).update({ isArchived: true });
    await waitFor(
      async () => (await directory().doc(uid).get()).exists,
      (exists) => !exists,
    );
  });
});

describe('default passwords expire (finding 1)', () => {
  after(closeAll);

  it('records the invitation’s expiry (72 h) on the new account', async () => {
    const admin = await account({ role: 'Admin' });
    const { uid } = await admin.call<CreateAccountResponse>('createAccount', newStaff());
    const profile = await docData(`${COLLECTIONS.users}/${uid}`);
    const registered = Date.parse(profile!.registrationDate);
    assert.equal(
      (profile!.defaultPasswordExpiresAt as Timestamp).toMillis() - registered,
      DEFAULT_PASSWORD_TTL_HOURS * HOUR,
    );
  });

  it('an account created before expiry existed gets one counted from its registration', async () => {
    const admin = await account({ role: 'Admin' });
    const email = `${unique('legacy')}@campus.test`;
    const password = 'le#20261101';
    const { uid } = await auth.createUser({ email, password });
    const registered = Date.now() - 4 * 24 * HOUR;
    await users()
      .doc(uid)
      .set({
        firstName: 'Lee',
        lastName: 'Legacy',
        email,
        role: 'IMT',
        campus: 'main',
        isArchived: false,
        isUsingDefaultPassword: true,
        registrationDate: new Date(registered).toISOString(),
        registrationDateTimestamp: Timestamp.fromMillis(registered),
        deviceToken: [],
      });
    const expiry = await waitFor(
      async () => (await users().doc(uid).get()).get('defaultPasswordExpiresAt') as unknown,
      (v) => v instanceof Timestamp,
    );
    assert.equal((expiry as Timestamp).toMillis(), registered + DEFAULT_PASSWORD_TTL_HOURS * HOUR);
    await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.match(await refusedSignIn(email, password), /auth\//);
  });

  it('refuses the housekeeping callable to IMT, changing nothing', async () => {
    const imt = await account({ role: 'IMT' });
    const email = `${unique('legacy')}@campus.test`;
    const password = 'le#20261101';
    const { uid } = await auth.createUser({ email, password });
    await users()
      .doc(uid)
      .set({
        firstName: 'Lou',
        lastName: 'Legacy',
        email,
        role: 'IMT',
        campus: 'main',
        isArchived: false,
        isUsingDefaultPassword: true,
        defaultPasswordExpiresAt: Timestamp.fromMillis(Date.now() - 1000),
        deviceToken: [],
      });
    const err = await callError(imt.call('runHousekeeping'));
    assert.equal(err.code, 'functions/permission-denied');
    // Nothing expired by that call: the password still works until a real run.
    const still = await signIn(email, password);
    assert.equal(still.uid, uid);
  });
});

const orange = (list: DocumentData[]) => list.some((n) => n.color === 'orange');

describe('what a reporter is shown comes from trusted data (finding 3)', () => {
  it('a forged assignedTo.displayName reaches neither the notification nor the push', async () => {
    const forged = 'Campus Police. Call +1-555-0100 and give your card number';
    const rep = await reporter(['device-forged']);
    const assignee = await staffMember('Ana', 'Cruz');
    const ref = await reportFiledBy(rep, {}, 10);
    // Written with the admin SDK: a console that got past the rules could write no more.
    await ref.update({
      status: 'Processing',
      threatLevel: 'Low',
      assignedTo: { ...assignee, displayName: forged },
    });
    const list = await waitFor(() => notificationsOf(rep.uid), orange);
    const message = list.find((n) => n.color === 'orange')!.message as string;
    assert.match(message, /^Ana Cruz is now handling/);
    assert.ok(!message.includes('555'), message);
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (p) => p.some((x) => /handling/.test(x.payload.body)),
    );
    for (const push of pushes) assert.ok(!JSON.stringify(push.payload).includes('555'));
  });

  it('an assignee id that names no staff account gives "The safety team"', async () => {
    const rep = await reporter();
    const ref = await reportFiledBy(rep, {}, 10);
    await ref.update({
      status: 'Processing',
      threatLevel: 'Low',
      assignedTo: { id: 'nobody-here', displayName: 'Totally Real Officer', email: 'x@y.z' },
    });
    const list = await waitFor(() => notificationsOf(rep.uid), orange);
    assert.match(list.find((n) => n.color === 'orange')!.message as string, /^The safety team/);
  });
});

describe('triggers succeed on the largest documents the rules allow (finding 4)', () => {
  after(closeAll);

  const longest = (n: number, seed: string) => seed.padEnd(n, 'x');

  it('assignment with the most and longest tags, largest texts and most push tokens', async () => {
    const tokens = Array.from({ length: LIMITS.deviceTokens }, (_, i) =>
      longest(LIMITS.deviceToken, `device-${i}-`),
    );
    const rep = await reporter(tokens);
    const tagNames = Array.from({ length: LIMITS.tagsPerItem }, (_, i) =>
      longest(LIMITS.tagName, `${unique('t')}-${i} `),
    );
    // Half exist in the tags collection; the trigger drops the others.
    const known = tagNames.filter((_, i) => i % 2 === 0);
    for (const name of known) {
      await db
        .collection(COLLECTIONS.tags)
        .doc(tagId(name))
        .set({ name: cleanTagName(name) });
    }
    const assignee = await staffMember(longest(LIMITS.name, 'A'), longest(LIMITS.name, 'B'));
    const ref = await reportFiledBy(
      rep,
      {
        description: longest(LIMITS.body, 'Smoke '),
      },
      10,
    );
    await ref.update({
      status: 'Processing',
      threatLevel: 'Critical',
      tags: tagNames,
      assignedTo: assignee,
    });
    const list = await waitFor(() => notificationsOf(rep.uid), orange, 60_000);
    const message = list.find((n) => n.color === 'orange')!.message as string;
    assert.ok(message.startsWith(`${assignee.displayName} is now handling`), message);
    await waitFor(
      () => timelineOf(ref.path),
      (t) => t.some((e) => e.status === 'Processing'),
    );
    const incident = await docData(ref.path);
    assert.equal(typeof incident!.waitingTimeInMinutes, 'number');
    assert.deepEqual(incident!.tags, known);
    const pushes = await waitFor(
      () => pushesFor('payload.type_id', ref.id),
      (p) => p.some((x) => /handling/.test(x.payload.body)),
    );
    const push = pushes.find((x) => /handling/.test(x.payload.body))!;
    assert.equal(push.state, 'sent');
    assert.equal(push.tokens.length, LIMITS.deviceTokens);
  });

  it('the largest accomplishment report is copied and resolves its incident', async () => {
    const rep = await reporter();
    const assignee = await staffMember('Ana', 'Cruz');
    const ref = await reportFiledBy(
      rep,
      {
        status: 'Responded',
        assignedTo: assignee,
        threatLevel: 'Low',
        description: longest(LIMITS.body, 'Smoke '),
      },
      10,
    );
    const aid = unique('acc');
    await ref
      .collection(COLLECTIONS.accomplishmentReports)
      .doc(aid)
      .set({
        title: longest(LIMITS.title, 'Title '),
        description: longest(LIMITS.body, 'Done '),
        resolveCode: 'Resolved on site',
        timestamp: Timestamp.now(),
        imageUrl: longest(LIMITS.url, 'https://example.com/'),
        threatLevel: 'Critical',
        isArchived: false,
      });
    const copy = await waitFor(
      () => docData(`${COLLECTIONS.accomplishmentReports}/${aid}`),
      (d) => d !== undefined,
    );
    assert.equal(copy!.report.assignee, 'Ana Cruz');
    await waitFor(
      () => docData(ref.path),
      (d) => d?.status === 'Resolved',
    );
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.some((n) => n.color === 'blue'),
    );
  });

  it('the largest user profile gets its lower-case name and directory entry (and never claims)', async () => {
    const email = `${unique('big')}@campus.test`;
    const created = await auth.createUser({ email, password: 'secret-123' });
    await users()
      .doc(created.uid)
      .set({
        firstName: longest(LIMITS.name, 'Z'),
        lastName: longest(LIMITS.name, 'Y'),
        email,
        contactNumber: '1'.repeat(LIMITS.contactNumber),
        address: longest(LIMITS.address, 'Street '),
        birthday: '1990-01-01',
        profileUrl: longest(LIMITS.url, 'https://example.com/'),
        role: 'IMT',
        campus: 'main',
        isArchived: false,
        isUsingDefaultPassword: false,
        deviceToken: Array.from({ length: LIMITS.deviceTokens }, (_, i) =>
          longest(LIMITS.deviceToken, `t${i}-`),
        ),
      });
    const entry = await waitFor(
      async () => (await directory().doc(created.uid).get()).data(),
      (d) => d !== undefined,
    );
    assert.equal(entry!.displayName.length, 2 * LIMITS.name + 1);
    // Claims come only from setStaffAccess and createAccount, never from what a doc says.
    assert.equal((await auth.getUser(created.uid)).customClaims, undefined);
    assert.equal(
      (await docData(`${COLLECTIONS.users}/${created.uid}`))!.firstNameLowerCase,
      longest(LIMITS.name, 'z'),
    );
  });
});

describe('processed_events expire (finding 10)', () => {
  after(closeAll);

  it('markers carry expiresAt; the housekeeping run removes expired ones only', async () => {
    const start = Timestamp.now();
    const rep = await reporter();
    await reportFiledBy(rep, {}, 10);
    await waitFor(
      () => notificationsOf(rep.uid),
      (l) => l.length > 0,
    );
    const markers = await db.collection(COLLECTIONS.processedEvents).where('at', '>=', start).get();
    assert.ok(markers.size > 0);
    for (const marker of markers.docs) {
      const ahead = (marker.get('expiresAt') as Timestamp).toMillis() - Date.now();
      const ttl = PROCESSED_EVENT_TTL_DAYS * 24 * HOUR;
      assert.ok(ahead <= ttl && ahead > ttl - 5 * 60_000, `${marker.id}: ${ahead}`);
    }

    const expired = db.collection(COLLECTIONS.processedEvents).doc(unique('old'));
    const current = db.collection(COLLECTIONS.processedEvents).doc(unique('new'));
    await expired.set({ trigger: 'test', eventId: 'x', expiresAt: Timestamp.fromMillis(1) });
    await current.set({
      trigger: 'test',
      eventId: 'y',
      expiresAt: Timestamp.fromMillis(Date.now() + HOUR),
    });
    const admin = await account({ role: 'Admin' });
    const done = await admin.call<HousekeepingResponse>('runHousekeeping');
    assert.ok(done.removedProcessedEvents >= 1);
    assert.equal((await expired.get()).exists, false);
    assert.equal((await current.get()).exists, true);
  });
});
