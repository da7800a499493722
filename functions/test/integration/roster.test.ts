import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  ROSTER_LIMITS,
  sumLanguages,
  sumReceipts,
  type ImportRosterResponse,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { mailTo, waitForMail } from '@campus-safety/testkit/mail';
import {
  FUNCTIONS_URL,
  account,
  auth,
  callError,
  closeAll,
  db,
  docData,
  signIn,
  unique,
  waitFor,
  type AccountSpec,
  type SignedIn,
} from './stack';

const INBOX = process.env.MAIL_INBOX_URL ?? '';
const HEADER = 'external_id,name,email,phone,campus,affiliation,language';
const roster = () => db.collection(COLLECTIONS.roster);

function csv(...rows: string[]) {
  return [HEADER, ...rows].join('\n') + '\n';
}

/** A row of a person new to this run (unique id, email and phone). */
function row(
  campus = 'riverside',
  over: { email?: string; phone?: string; language?: string } = {},
) {
  const id = unique('S');
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const email = over.email ?? `${id.toLowerCase()}@roster.test`;
  const phone = over.phone ?? `+63917${digits}`;
  const line = `${id},Person ${id},${email},${phone},${campus},student,${over.language ?? ''}`;
  return { id, email, phone, line };
}

/** An account whose users doc carries the server's mirror of its verification. */
async function verified(spec: AccountSpec): Promise<SignedIn> {
  const who = await account(spec);
  await waitFor(
    () => docData(`${COLLECTIONS.users}/${who.uid}`),
    (d) => d?.emailVerified === (spec.emailVerified ?? true),
  );
  return who;
}

/** The pages of an alert once it is planned and every page delivered. */
async function deliveredPages(id: string) {
  const alert = await waitFor(
    () => docData(`${COLLECTIONS.massNotifications}/${id}`),
    (d) => d?.state === 'sent' && !!d.plan,
  );
  return waitFor(
    async () =>
      (
        await db
          .collection(COLLECTIONS.massNotifications)
          .doc(id)
          .collection(MASS_NOTIFICATION_BATCHES)
          .get()
      ).docs,
    (docs) =>
      docs.length === alert!.plan.batches && docs.every((d) => d.get('state') === 'delivered'),
  );
}

/** The nightly job's call: the CSV as the body, an ID token as the bearer. */
async function postRoster(text: string, query: string, token?: string, type = 'text/csv') {
  const res = await fetch(`${FUNCTIONS_URL}/roster-import?${query}`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function clearRoster() {
  for (;;) {
    const page = await roster().limit(400).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
  }
}

describe('roster (issue 31 item 1)', function () {
  this.timeout(180_000);
  let admin: SignedIn;
  const importAs = (who: SignedIn, text: string, mode: 'update' | 'replace', apply: boolean) =>
    who.call<ImportRosterResponse>('importRoster', { csv: text, mode, apply });

  before(async () => {
    assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs');
    admin = await verified({ role: 'Admin', firstName: 'Rosa' });
  });
  // Each test starts from an empty roster (a replace retires everyone else), and leaves none
  // behind for the other suites' alerts.
  beforeEach(clearRoster);
  after(async () => {
    await clearRoster();
    await closeAll();
  });

  it('previews a file naming every problem by row and column, and writes nothing', async () => {
    const a = row();
    const text = csv(
      a.line,
      `B1,Bad Mail,not-an-email,,Main Campus,staff,`,
      `B2,Bad Phone,b2@roster.test,12345,Main Campus,staff,`,
      `B3,No Campus,b3@roster.test,,Moon Campus,staff,`,
      `B4,No Kind,b4@roster.test,,Main Campus,alumnus,`,
      `${a.id},Twice,b5@roster.test,,Main Campus,staff,`,
      `B6,Same Mail,${a.email.toUpperCase()},,Main Campus,staff,`,
      `B7,Same Phone,b7@roster.test,${a.phone},Main Campus,staff,`,
    );
    for (const apply of [false, true]) {
      const res = await importAs(admin, text, 'update', apply);
      assert.equal(res.applied, false);
      assert.equal(res.problemCount, 7);
      assert.deepEqual(
        res.problems.map((p) => [p.row, p.column]),
        [
          [3, 'email'],
          [4, 'phone'],
          [5, 'campus'],
          [6, 'affiliation'],
          [7, 'external_id'],
          [8, 'email'],
          [9, 'phone'],
        ],
      );
      assert.match(res.problems[2]!.message, /Unknown campus.*"Moon Campus"/);
    }
    assert.equal((await roster().get()).size, 0, 'a file with problems is never applied');
  });

  it('applies a clean file, records who imported it, and the same file again changes nothing', async () => {
    const people = [row(), row('main'), row('north')];
    const text = csv(...people.map((p) => p.line));
    const preview = await importAs(admin, text, 'update', false);
    assert.deepEqual(preview.counts, { rows: 3, add: 3, change: 0, unchanged: 0, retire: 0 });
    assert.equal(preview.applied, false);
    assert.equal((await roster().get()).size, 0, 'a preview writes nothing');

    const applied = await importAs(admin, text, 'update', true);
    assert.equal(applied.applied, true);
    assert.deepEqual(applied.counts, preview.counts);
    const first = await roster().doc(people[0]!.id).get();
    assert.deepEqual(
      {
        email: first.get('email'),
        phone: first.get('phone'),
        status: first.get('status'),
        uid: first.get('uid'),
        nameLowerCase: first.get('nameLowerCase'),
      },
      {
        email: people[0]!.email,
        phone: people[0]!.phone,
        status: 'active',
        uid: null,
        nameLowerCase: `person ${people[0]!.id}`.toLowerCase(),
      },
    );
    const audit = await db.collection(COLLECTIONS.rosterImports).where('by', '==', admin.uid).get();
    assert.equal(audit.size, 1);
    assert.deepEqual(audit.docs[0]!.get('counts'), applied.counts);
    assert.equal(audit.docs[0]!.get('source'), 'console');

    const again = await importAs(admin, text, 'replace', true);
    assert.deepEqual(again.counts, { rows: 3, add: 0, change: 0, unchanged: 3, retire: 0 });
    const after = await roster().doc(people[0]!.id).get();
    assert.deepEqual(after.updateTime, first.updateTime, 're-importing writes nothing');
  });

  it('replace retires the people missing from the file; update keeps them', async () => {
    const [a, b, c] = [row(), row(), row()];
    await importAs(admin, csv(a.line, b.line, c.line), 'update', true);
    const update = await importAs(admin, csv(a.line), 'update', true);
    assert.deepEqual(update.counts, { rows: 1, add: 0, change: 0, unchanged: 1, retire: 0 });
    const replace = await importAs(
      admin,
      csv(a.line, c.line.replace('student', 'faculty')),
      'replace',
      true,
    );
    assert.deepEqual(replace.counts, { rows: 2, add: 0, change: 1, unchanged: 1, retire: 1 });
    const status = async (id: string) => (await roster().doc(id).get()).get('status');
    assert.deepEqual(
      [await status(a.id), await status(b.id), await status(c.id)],
      ['active', 'retired', 'active'],
    );
    assert.equal((await roster().doc(c.id).get()).get('affiliation'), 'faculty');
  });

  it('refuses a wrong header, a file past 5 MB, and every caller but a verified Admin', async () => {
    const header = await importAs(admin, 'id,name,email\nS1,A,a@roster.test\n', 'update', true);
    assert.equal(header.applied, false);
    assert.match(header.problems[0]!.message, /^Unknown column "id"/);

    const big = csv(row().line) + 'x'.repeat(ROSTER_LIMITS.fileBytes);
    const tooBig = await callError(importAs(admin, big, 'update', false));
    assert.equal(tooBig.code, 'functions/invalid-argument');
    assert.match(tooBig.message, /larger than 5 MB/);

    const text = csv(row().line);
    for (const spec of [
      { role: 'IMT' },
      { role: 'User' },
      { role: 'Admin', emailVerified: false },
    ] as AccountSpec[]) {
      const who = await account(spec);
      const refused = await callError(importAs(who, text, 'update', true));
      assert.equal(refused.code, 'functions/permission-denied', JSON.stringify(spec));
    }
    assert.equal((await roster().get()).size, 0);
  });

  it('an alert to a campus reaches its contact-only people by mail and SMS, and a linked person once, by uid', async () => {
    const contact = row('riverside');
    const retired = row('riverside');
    const otherCampus = row('main');
    // An account verified before the import: the import links its roster row.
    const member = await verified({ role: 'User', campus: 'riverside' });
    const linked = row('riverside', { email: member.email });
    await importAs(
      admin,
      csv(contact.line, retired.line, otherCampus.line, linked.line),
      'update',
      true,
    );
    await importAs(admin, csv(contact.line, otherCampus.line, linked.line), 'replace', true);
    await waitFor(
      async () => (await roster().doc(linked.id).get()).get('uid'),
      (uid) => uid === member.uid,
    );

    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'River flooding',
      body: 'Riverside Campus closes at noon.',
      audience: { allCampuses: false, campuses: ['riverside'], staffOnly: false },
      channels: ['push', 'inApp', 'email', 'sms'],
    });
    const pages = await deliveredPages(res.id);
    const contactPages = pages.filter((p) => p.get('contactOnly') === true);
    assert.equal(contactPages.length, 1);
    assert.equal(
      contactPages[0]!.get('people'),
      1,
      'only the active, unlinked person of the campus',
    );
    const receipts = sumReceipts(contactPages.map((p) => p.data()));
    assert.deepEqual(
      [receipts.email.sent, receipts.sms.sent, receipts.push.skipped, receipts.inApp.skipped],
      [1, 1, 1, 1],
    );

    const [mail] = await waitForMail(INBOX, { to: contact.email, timeoutMs: 60_000 });
    assert.match(mail!.text, /Riverside Campus closes at noon/);
    const sms = await db.collection(COLLECTIONS.smsMessages).where('to', '==', contact.phone).get();
    assert.deepEqual(
      sms.docs.map((d) => [d.get('state'), d.get('text')]),
      [['sent', 'River flooding: Riverside Campus closes at noon.']],
    );
    for (const nobody of [retired, otherCampus]) {
      assert.equal((await mailTo(INBOX, nobody.email)).length, 0);
      assert.equal(
        (await db.collection(COLLECTIONS.smsMessages).where('to', '==', nobody.phone).get()).size,
        0,
      );
    }
    // The linked person: their account's in-app notification and one mail, none by the roster.
    await waitFor(
      () =>
        docData(`${COLLECTIONS.users}/${member.uid}/${COLLECTIONS.notifications}/mass-${res.id}`),
      (d) => d?.alertId === res.id,
    );
    await waitForMail(INBOX, { to: member.email, timeoutMs: 60_000 });
    assert.equal((await mailTo(INBOX, member.email)).length, 1);
    assert.equal(
      (await db.collection(COLLECTIONS.smsMessages).where('to', '==', linked.phone).get()).size,
      0,
    );
  });

  // docs/mass-notifications.md#languages
  it('each person gets the version of their language (profile, else roster), else the default; bad versions are refused', async () => {
    const campus = 'north';
    const filContact = row(campus, { language: 'fil' });
    const otherContact = row(campus, { language: 'xx' });
    const filPhone = unique('fil-phone');
    const enPhone = unique('en-phone');
    const filProfile = await verified({ role: 'User', campus, deviceToken: [filPhone] });
    await db.doc(`${COLLECTIONS.users}/${filProfile.uid}`).update({ language: 'fil' });
    const noLanguage = await verified({ role: 'User', campus, deviceToken: [enPhone] });
    // An account with no language of its own, linked to a roster row in Filipino.
    const filRoster = await verified({ role: 'User', campus });
    const linked = row(campus, { email: filRoster.email, language: 'fil-PH' });
    await importAs(admin, csv(filContact.line, otherContact.line, linked.line), 'update', true);
    await waitFor(
      async () => (await roster().doc(linked.id).get()).get('uid'),
      (uid) => uid === filRoster.uid,
    );

    const alert = {
      kind: 'general',
      title: 'Water outage',
      body: 'No water in North Campus until 3 pm.',
      audience: { allCampuses: false, campuses: [campus], staffOnly: false },
      channels: ['push', 'inApp', 'email', 'sms'],
    };
    const fil = { title: 'Walang tubig', body: 'Walang tubig sa North Campus hanggang 3 pm.' };
    const version = { title: 'T', body: 'B' };
    const refusals = await Promise.all(
      [
        { xx: version },
        Object.fromEntries(['fil', 'es', 'zh', 'ko', 'ja', 'vi'].map((l) => [l, version])),
        { fil: { title: 'x'.repeat(81), body: 'B' } },
        { en: version },
      ].map((translations) =>
        callError(admin.call('sendMassNotification', { ...alert, translations })),
      ),
    );
    assert.deepEqual(
      refusals.map((r) => r.code),
      Array(4).fill('functions/invalid-argument'),
    );
    assert.match(refusals[0]!.message, /Unknown language "xx"/);
    assert.match(refusals[1]!.message, /At most 5 versions in other languages/);
    assert.match(refusals[2]!.message, /The Filipino title must be at most 80 characters/);
    assert.match(refusals[3]!.message, /already in English, the institution's default language/);

    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      ...alert,
      translations: { fil },
    });
    const stored = await docData(`${COLLECTIONS.massNotifications}/${res.id}`);
    assert.deepEqual([stored?.language, stored?.translations], ['en', { fil }]);
    const pages = await deliveredPages(res.id);
    assert.deepEqual(
      sumLanguages(pages.filter((p) => p.get('contactOnly') === true).map((p) => p.data())),
      { en: 1, fil: 1 },
    );

    // The contact-only people: Filipino by mail and SMS, the unsupported language the default.
    const [filMail] = await waitForMail(INBOX, { to: filContact.email, timeoutMs: 60_000 });
    assert.equal(filMail!.subject, fil.title);
    assert.match(filMail!.text, /Walang tubig sa North Campus/);
    const smsTo = async (phone: string) =>
      (await db.collection(COLLECTIONS.smsMessages).where('to', '==', phone).get()).docs.map((d) =>
        d.get('text'),
      );
    assert.deepEqual(await smsTo(filContact.phone), [`${fil.title}: ${fil.body}`]);
    const [otherMail] = await waitForMail(INBOX, { to: otherContact.email, timeoutMs: 60_000 });
    assert.equal(otherMail!.subject, alert.title);
    assert.deepEqual(await smsTo(otherContact.phone), [`${alert.title}: ${alert.body}`]);

    // The accounts: the profile's language, else the linked roster row's, else the default.
    const inApp = (uid: string) =>
      waitFor(
        () => docData(`${COLLECTIONS.users}/${uid}/${COLLECTIONS.notifications}/mass-${res.id}`),
        (d) => d?.alertId === res.id,
      );
    assert.deepEqual(
      (await Promise.all([filProfile, filRoster, noLanguage].map((who) => inApp(who.uid)))).map(
        (n) => [n!.title, n!.message],
      ),
      [
        [fil.title, fil.body],
        [fil.title, fil.body],
        [alert.title, alert.body],
      ],
    );
    const [accountMail] = await waitForMail(INBOX, { to: filProfile.email, timeoutMs: 60_000 });
    assert.equal(accountMail!.subject, fil.title);
    // Push: one call per language, each with its version's title.
    const pushes = await db
      .collection(COLLECTIONS.pushMessages)
      .where('payload.type_id', '==', res.id)
      .get();
    const titleOf = (token: string) =>
      pushes.docs.find((d) => (d.get('tokens') as string[]).includes(token))?.get('payload.title');
    assert.deepEqual([titleOf(filPhone), titleOf(enPhone)], [fil.title, alert.title]);
  });

  it('links a roster person when their account verifies the same email, filling campus and affiliation, once', async () => {
    const email = `${unique('signup')}@roster.test`;
    const created = await auth.createUser({ email, password: 'secret-123', emailVerified: false });
    const userRef = db.collection(COLLECTIONS.users).doc(created.uid);
    await userRef.set({
      firstName: 'Nia',
      lastName: 'New',
      email,
      role: 'User',
      campus: null,
      isArchived: false,
    });
    const person = row('north', { email: email.toUpperCase() });
    await importAs(admin, csv(person.line.replace('student', 'Faculty')), 'update', true);
    // Not verified yet: nothing is linked.
    await waitFor(
      () => docData(userRef.path),
      (d) => d?.emailVerified === false,
    );
    assert.equal((await roster().doc(person.id).get()).get('uid'), null);

    await auth.updateUser(created.uid, { emailVerified: true });
    // What /app's "I have verified" does: the mirrored emailVerified changes, the sync links.
    const session = await signIn(email, 'secret-123');
    assert.deepEqual(await session.call('confirmEmailVerified'), { emailVerified: true });
    await waitFor(
      async () => (await roster().doc(person.id).get()).get('uid'),
      (uid) => uid === created.uid,
    );
    const profile = await waitFor(
      () => docData(userRef.path),
      (d) => d?.campus === 'north',
    );
    assert.equal(profile!.affiliation, 'faculty');
    // A later change of the account's campus is the person's own: linking never runs again.
    await userRef.update({ campus: 'main' });
    await waitFor(
      () => docData(userRef.path),
      (d) => d?.campus === 'main',
    );
    assert.equal((await roster().doc(person.id).get()).get('uid'), created.uid);
  });

  it('a roster row naming a staff account never moves its campus or role, nor texts another phone for it', async () => {
    const imt = await verified({ role: 'IMT', campus: 'main' });
    const attackerPhone = '+639170001234';
    const row1 = row('north', { email: imt.email, phone: attackerPhone });
    // A North person without an account, texted by the same alert: delivery did happen.
    const neighbour = row('north');
    await importAs(admin, csv(row1.line, neighbour.line), 'update', true);
    await waitFor(
      async () => (await roster().doc(row1.id).get()).get('uid'),
      (uid) => uid === imt.uid,
    );
    const profile = await docData(`${COLLECTIONS.users}/${imt.uid}`);
    assert.deepEqual([profile!.role, profile!.campus], ['IMT', 'main']);
    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'general',
      title: 'North drill',
      body: 'A drill at two.',
      audience: { allCampuses: false, campuses: ['north'], staffOnly: false },
      channels: ['sms'],
    });
    const pages = await deliveredPages(res.id);
    assert.deepEqual(
      // Other suites' North accounts may have pages of their own; the roster's page is one person.
      pages.filter((p) => p.get('contactOnly') === true).map((p) => p.get('people')),
      [1],
    );
    assert.equal(
      (await db.collection(COLLECTIONS.smsMessages).where('to', '==', neighbour.phone).get()).size,
      1,
    );
    assert.equal(
      (await db.collection(COLLECTIONS.smsMessages).where('to', '==', attackerPhone).get()).size,
      0,
    );
  });

  it('the nightly endpoint imports the same way for an Admin token, and answers 400/401/403/413 clearly', async () => {
    const people = [row(), row()];
    const text = csv(...people.map((p) => p.line));
    const token = await admin.idToken();
    const preview = await postRoster(text, 'mode=replace', token);
    assert.equal(preview.status, 200);
    assert.deepEqual(preview.body.counts, { rows: 2, add: 2, change: 0, unchanged: 0, retire: 0 });
    assert.equal(preview.body.applied, false);
    const applied = await postRoster(text, 'mode=replace&apply=true', token);
    assert.deepEqual([applied.status, applied.body.applied], [200, true]);
    assert.equal((await roster().doc(people[1]!.id).get()).get('status'), 'active');
    const again = await postRoster(text, 'mode=replace&apply=true', token);
    assert.deepEqual(again.body.counts, { rows: 2, add: 0, change: 0, unchanged: 2, retire: 0 });
    const audit = await db
      .collection(COLLECTIONS.rosterImports)
      .where('source', '==', 'endpoint')
      .get();
    assert.ok(audit.size >= 2);

    const none = await postRoster(text, 'mode=update');
    assert.equal(none.status, 401);
    assert.match(none.body.error.message, /Bearer/);
    const imt = await verified({ role: 'IMT' });
    const imtCall = await postRoster(text, 'mode=update', await imt.idToken());
    assert.equal(imtCall.status, 403);
    const unverified = await account({ role: 'Admin', emailVerified: false });
    assert.equal((await postRoster(text, 'mode=update', await unverified.idToken())).status, 403);
    const huge = await postRoster(text + 'x'.repeat(10 * 1024 * 1024), 'mode=update', token);
    assert.equal(huge.status, 413);
    assert.match(huge.body.error.message, /larger than 5 MB/);
    const badMode = await postRoster(text, 'mode=merge', token);
    assert.equal(badMode.status, 400);
    assert.match(badMode.body.error.message, /Mode must be "update" or "replace"/);
    const json = await postRoster(
      JSON.stringify({ csv: text }),
      'mode=update',
      token,
      'application/json',
    );
    assert.equal(json.status, 400);
    assert.match(json.body.error.message, /text\/csv/);
  });
});
