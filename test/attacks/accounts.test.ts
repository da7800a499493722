/**
 * Issue 10 item 1 and issue 17 item 2 (a guessable first password: now a one-time invitation) and
 * what an attacker tries next on accounts:
 * reading colleagues' private fields, writing one's own role/campus/archive flag, oversized and
 * mistyped profile fields, sign-up documents that claim more than an app user is.
 */
import assert from 'node:assert/strict';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import {
  defaultPassword,
  parseInvitationCode,
  type CreateAccountResponse,
} from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { account, admin, refused, signIn, unique } from './support';

const BIDI = '\u202E';
const NUL = '\u0000';
const ZWSP = '\u200B';

describe('attacks: accounts, invitations and the derived password', () => {
  let c: Cast;
  before(async () => {
    c = await theCast();
  });

  it("an IMT cannot list colleagues' users docs (email + default-password flag)", async () => {
    await refused(
      () =>
        getDocs(
          query(
            collection(c.imtMain.db, 'users'),
            where('role', '==', 'IMT'),
            where('campus', '==', 'main'),
            where('isArchived', '==', false),
          ),
        ),
      [`users/${c.colleague.uid}`],
    );
  });

  it("an IMT cannot get a colleague's users doc by id", async () => {
    await refused(() => getDoc(doc(c.imtMain.db, 'users', c.colleague.uid)), []);
  });

  it('the staff directory an IMT reads holds no registration date, flag, contact or tokens', async () => {
    const snap = await getDocs(
      query(collection(c.imtMain.db, 'staff_directory'), where('campus', '==', 'main')),
    );
    const colleague = snap.docs.find((d) => d.id === c.colleague.uid);
    assert.ok(colleague, 'the colleague is in the directory');
    for (const entry of snap.docs) {
      const keys = Object.keys(entry.data());
      for (const secret of [
        'isUsingDefaultPassword',
        'registrationDate',
        'registrationDateTimestamp',
        'defaultPasswordExpiresAt',
        'contactNumber',
        'address',
        'birthday',
        'deviceToken',
      ])
        assert.ok(!keys.includes(secret), `${entry.id} exposes ${secret}`);
    }
  });

  it('the directory is campus-scoped: no query without the own campus, none by others', async () => {
    await refused(() => getDocs(collection(c.imtMain.db, 'staff_directory')), []);
    await refused(
      () =>
        getDocs(query(collection(c.imtNorth.db, 'staff_directory'), where('campus', '==', 'main'))),
      [],
    );
    for (const who of [c.reporter, c.newbie, c.archived])
      await refused(
        () => getDocs(query(collection(who.db, 'staff_directory'), where('campus', '==', 'main'))),
        [],
      );
  });

  it('nobody but the person and Admins reads users: reporter, sign-up, archived IMT', async () => {
    for (const who of [c.reporter, c.newbie, c.archived, c.imtNorth]) {
      await refused(() => getDocs(collection(who.db, 'users')), []);
      await refused(() => getDoc(doc(who.db, 'users', c.colleague.uid)), []);
    }
    await refused(() => getDocs(collectionGroup(c.imtMain.db, 'users')), []);
  });

  it('no derivable password exists: the spec’s rule does not sign the new colleague in', async () => {
    const profile = (await admin.db.doc(`users/${c.colleague.uid}`).get()).data()!;
    const registered = new Date(profile.registrationDate as string);
    for (const day of [registered, new Date()])
      await assert.rejects(
        signIn('guesser', c.colleague.email, defaultPassword(c.colleague.email, day)),
        /auth\/(invalid-credential|wrong-password)/,
      );
  });

  it('an invitation expires 72 h after it is issued, and then sets no password', async () => {
    const expiresAt = (await admin.db.doc(`users/${c.colleague.uid}`).get()).get(
      'defaultPasswordExpiresAt',
    );
    const hours = (expiresAt.toDate().getTime() - Date.now()) / 3_600_000;
    assert.ok(hours > 71 && hours <= 72, `expires in ${hours} h`);
    const email = `${unique('dora')}@campus.test`;
    const created = await c.admin.call<CreateAccountResponse>('createAccount', {
      firstName: 'Dora',
      lastName: 'Late',
      email,
      role: 'IMT',
      campus: 'north',
    });
    const { uid, secret } = parseInvitationCode(created.invitation.code)!;
    await admin.db.doc(`invitations/${uid}`).update({ expiresAt: new Date(Date.now() - 1000) });
    await refused(
      () => c.reporter.call('redeemInvitation', { uid, secret, password: 'late but long enough' }),
      [`users/${uid}`],
      ['deadline-exceeded'],
    );
    await assert.rejects(
      signIn('late', email, 'late but long enough'),
      /auth\/(invalid-credential|wrong-password)/,
    );
  });

  it('an invitation is single use: the second redemption is refused and changes nothing', async () => {
    const email = `${unique('once')}@campus.test`;
    const created = await c.admin.call<CreateAccountResponse>('createAccount', {
      firstName: 'Oona',
      lastName: 'Once',
      email,
      role: 'IMT',
      campus: 'main',
    });
    const { uid, secret } = parseInvitationCode(created.invitation.code)!;
    await c.newbie.call('redeemInvitation', { uid, secret, password: 'the invitee’s own one' });
    await refused(
      () => c.newbie.call('redeemInvitation', { uid, secret, password: 'the attacker’s own one' }),
      [`users/${uid}`],
      ['not-found'],
    );
    assert.equal((await signIn('invitee', email, 'the invitee’s own one')).uid, uid);
  });

  it('guessing an invitation secret is refused like a spent one', async () => {
    await refused(
      () =>
        c.newbie.call('redeemInvitation', {
          uid: c.colleague.uid,
          secret: 'abcdefghijkmnpqrstuvwxyzABCDEFGH',
          password: 'the attacker’s own one',
        }),
      [`users/${c.colleague.uid}`, `invitations/${c.colleague.uid}`],
      ['not-found'],
    );
  });

  describe("an Admin taking over a reporter's account (issue 28 item 2)", () => {
    const wrongPassword = /auth\/(invalid-credential|wrong-password)/;

    it('no invitation for a reporter who filed anonymously, nor once made staff: they keep their password', async () => {
      const victim = await account('anonymous reporter', { role: 'User' });
      const { incidentId } = await victim.call<{ incidentId: string }>('fileAnonymousReport', {
        geoLoc: { latitude: 14.6, longitude: 121.0 },
        nearestCampus: 'main',
        incidentType: 'Harassment',
        description: 'My supervisor threatens staff who complain.',
      });
      const watched = [
        `users/${victim.uid}`,
        `invitations/${victim.uid}`,
        `account_credentials/${victim.uid}`,
        `users/${victim.uid}/anonymous_reports`,
      ];
      const asReporter = await refused(
        () => c.admin.call('issueInvitation', { uid: victim.uid }),
        watched,
        ['failed-precondition'],
      );
      assert.match(asReporter, /staff accounts only/);
      // Made staff first (audited, and allowed: the address is verified), still not hers to reset.
      await c.admin.call('setStaffAccess', {
        uid: victim.uid,
        role: 'IMT',
        campus: 'main',
        isArchived: false,
      });
      const asStaff = await refused(
        () => c.admin.call('issueInvitation', { uid: victim.uid }),
        watched,
        ['failed-precondition'],
      );
      assert.match(asStaff, /filed anonymous reports/);
      assert.equal((await signIn('victim again', victim.email)).uid, victim.uid);
      assert.ok(
        (await admin.db.doc(`users/${victim.uid}/anonymous_reports/${incidentId}`).get()).exists,
      );
    });

    it('an Admin does not create a reporter account, so holds no invitation for one', async () => {
      const email = `${unique('made-reporter')}@campus.test`;
      const message = await refused(
        () =>
          c.admin.call('createAccount', {
            firstName: 'Rhea',
            lastName: 'Made',
            email,
            role: 'User',
            campus: null,
          }),
        [],
        ['invalid-argument'],
      );
      assert.match(message, /reporters create their own accounts/);
      await assert.rejects(admin.auth.getUserByEmail(email), /user-not-found|no user record/i);
    });

    it('an invitation issued to staff dies when the account becomes a reporter', async () => {
      const email = `${unique('demoted')}@campus.test`;
      const created = await c.admin.call<CreateAccountResponse>('createAccount', {
        firstName: 'Dee',
        lastName: 'Moted',
        email,
        role: 'IMT',
        campus: 'main',
      });
      const { uid, secret } = parseInvitationCode(created.invitation.code)!;
      await c.admin.call('setStaffAccess', { uid, role: 'User', campus: null, isArchived: false });
      const message = await refused(
        () =>
          c.newbie.call('redeemInvitation', { uid, secret, password: 'the Admin’s own choice' }),
        [`users/${uid}`, `account_credentials/${uid}`],
        ['failed-precondition'],
      );
      assert.match(message, /staff accounts only/);
      assert.equal((await admin.db.doc(`invitations/${uid}`).get()).exists, false, 'spent');
      await assert.rejects(signIn('taker', email, 'the Admin’s own choice'), wrongPassword);
    });
  });

  for (const [field, value] of [
    ['role', 'Admin'],
    ['isArchived', true],
    ['isUsingDefaultPassword', true],
    ['email', 'someone.else@campus.test'],
    ['firstNameLowerCase', 'admin'],
    ['registrationDate', '1970-01-01'],
    ['defaultPasswordExpiresAt', new Date(4e12)],
    ['claims', { role: 'Admin' }],
  ] as const) {
    it(`nobody writes their own ${field}`, async () => {
      for (const who of [c.reporter, c.imtMain])
        await refused(
          () => updateDoc(doc(who.db, 'users', who.uid), { [field]: value }),
          [`users/${who.uid}`],
        );
    });
  }

  // A reporter chooses their own campus in /app (docs/reporter-app.md#campus-and-affiliation);
  // a staff member's campus is their access, set only by setStaffAccess with its claims.
  it('staff do not write their own campus; a reporter names only a real one', async () => {
    await refused(
      () => updateDoc(doc(c.imtMain.db, 'users', c.imtMain.uid), { campus: 'north' }),
      [`users/${c.imtMain.uid}`],
    );
    await refused(
      () => updateDoc(doc(c.reporter.db, 'users', c.reporter.uid), { campus: 'Mars Campus' }),
      [`users/${c.reporter.uid}`],
    );
  });

  it('an archived IMT with its old token writes nothing on its own doc (not even un-archiving)', async () => {
    await refused(
      () => updateDoc(doc(c.archived.db, 'users', c.archived.uid), { isArchived: false }),
      [`users/${c.archived.uid}`],
    );
    await refused(
      () => updateDoc(doc(c.archived.db, 'users', c.archived.uid), { firstName: 'Back' }),
      [`users/${c.archived.uid}`],
    );
  });

  it('an IMT does not edit, archive or promote a colleague', async () => {
    for (const change of [{ firstName: 'Owned' }, { isArchived: true }, { role: 'Admin' }])
      await refused(
        () => updateDoc(doc(c.imtMain.db, 'users', c.colleague.uid), change),
        [`users/${c.colleague.uid}`],
      );
  });

  const badTokens: [string, unknown][] = [
    ['20 tokens of 50 KB', Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50_000, 'x'))],
    ['a map and a number', [{ token: 'x' }, 42]],
    ['21 tokens', Array.from({ length: 21 }, (_, i) => `token-${i}`)],
    ['a 513-character token', ['t'.repeat(513)]],
    ['an empty token', ['']],
    ['a token with a line break', ['a\nb']],
    // Lines of <= 512 characters joined by line breaks: each line looks like a token of its own
    // to a check that splits the list on line breaks (issue 10 item 4 again, 20 x 50 KB).
    [
      '20 tokens of 50 KB made of 512-character lines',
      Array.from({ length: 20 }, () => Array(98).fill('t'.repeat(510)).join('\n')),
    ],
    ['a string instead of a list', 'token'],
  ];
  for (const [label, value] of badTokens) {
    it(`deviceToken: ${label} is refused`, async () => {
      await refused(
        () => updateDoc(doc(c.reporter.db, 'users', c.reporter.uid), { deviceToken: value }),
        [`users/${c.reporter.uid}`],
      );
    });
  }

  const badNames: [string, unknown][] = [
    ['a NUL', `Eve${NUL}`],
    ['a right-to-left override', `Eve${BIDI}nimdA`],
    ['a zero-width space', `Ev${ZWSP}e`],
    ['81 characters', 'E'.repeat(81)],
    ['an empty name', ''],
    ['a number', 42],
    ['a map', { first: 'Eve' }],
  ];
  for (const [label, value] of badNames) {
    it(`firstName with ${label} is refused`, async () => {
      await refused(
        () => updateDoc(doc(c.reporter.db, 'users', c.reporter.uid), { firstName: value }),
        [`users/${c.reporter.uid}`],
      );
    });
  }

  for (const [field, value] of [
    ['address', 'a'.repeat(301)],
    ['contactNumber', '1'.repeat(33)],
    ['contactNumber', `555${BIDI}0100`],
    ['birthday', '1990-1-1; drop'],
    ['birthday', 19900101],
    ['profileUrl', `https://x.test/${'a'.repeat(2048)}`],
  ] as const) {
    it(`${field} = ${JSON.stringify(value).slice(0, 30)} is refused`, async () => {
      await refused(
        () => updateDoc(doc(c.reporter.db, 'users', c.reporter.uid), { [field]: value }),
        [`users/${c.reporter.uid}`],
      );
    });
  }

  describe('a new sign-up creating its users doc', () => {
    const valid = (email: string) => ({
      firstName: 'Nia',
      lastName: 'New',
      email,
      role: 'User',
      isArchived: false,
    });
    for (const [label, extra] of [
      ['as an Admin', { role: 'Admin' }],
      ['as an IMT of a campus', { role: 'IMT', campus: 'main' }],
      ['already archived = false with a default-password flag', { isUsingDefaultPassword: true }],
      ['with a firstNameLowerCase of its choosing', { firstNameLowerCase: 'x' }],
      ['with a made-up campus', { campus: 'Mars Campus' }],
      ['with an oversized address', { address: 'a'.repeat(301) }],
      ['with a bidi override in its name', { firstName: `Nia${BIDI}` }],
      ['with an old registration timestamp', { registrationDateTimestamp: new Date(0) }],
      ['with a custom claims field', { customClaims: { role: 'Admin' } }],
      ['already marked verified', { emailVerified: true }],
    ] as const) {
      it(`is refused ${label}`, async () => {
        await refused(
          () =>
            setDoc(doc(c.newbie.db, 'users', c.newbie.uid), { ...valid(c.newbie.email), ...extra }),
          [`users/${c.newbie.uid}`],
        );
      });
    }
    it("is refused with someone else's email or uid", async () => {
      await refused(
        () => setDoc(doc(c.newbie.db, 'users', c.newbie.uid), valid('admin@campus.test')),
        [`users/${c.newbie.uid}`],
      );
      await refused(
        () => setDoc(doc(c.newbie.db, 'users', 'victim-uid'), valid(c.newbie.email)),
        ['users/victim-uid'],
      );
    });
    it('may read its own missing doc but nothing else', async () => {
      const own = await getDoc(doc(c.newbie.db, 'users', c.newbie.uid));
      assert.equal(own.exists(), false);
      await refused(() => getDocs(collection(c.newbie.db, 'incident_reports')), []);
      await refused(
        () =>
          getDocs(
            query(
              collection(c.newbie.db, 'incident_reports'),
              where('reporterId', '==', c.reporter.uid),
            ),
          ),
        [],
      );
    });
  });
});
