/**
 * Issue 10 items 5-10 from the outside: server-only collections, publishing content, push
 * endpoints by role and without a token, malformed JSON, bad input to every callable.
 */
import assert from 'node:assert/strict';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { FUNCTIONS_URL, admin, refused, state, unique, type Attacker } from './support';

const SERVER_COLLECTIONS = [
  'processed_events',
  'trigger_failures',
  'file_checks',
  'push_messages',
  'incident_stats',
  'account_credentials',
  'staff_directory',
  'tags',
];

describe('attacks: server data, endpoints and callables', () => {
  let c: Cast;
  let everyone: Attacker[];
  before(async () => {
    c = await theCast();
    everyone = [c.newbie, c.reporter, c.imtMain, c.imtNorth, c.imtRiverside, c.archived];
    await Promise.all([
      admin.db.doc('processed_events/evt-1').set({ expiresAt: new Date() }),
      admin.db.doc('trigger_failures/f-1').set({ path: 'incident_reports/x', error: 'boom' }),
      admin.db
        .doc('file_checks/articles%2Fa%2Fimg.png')
        .set({ kind: 'image', path: 'articles/a/img.png', state: 'ok' }),
      admin.db.doc('push_messages/p-1').set({ tokens: ['secret-token'], state: 'sent' }),
      admin.db.doc('account_credentials/someone').set({ fingerprint: 'x' }),
      admin.db.doc('tags/theft').set({ name: 'theft' }),
    ]);
  });

  describe('server-only collections', () => {
    for (const name of SERVER_COLLECTIONS) {
      it(`${name}: nobody but the server writes (create, overwrite, delete)`, async () => {
        // The server keeps writing some of these (markers, stats) while the suite runs: watch
        // the documents attacked, not the whole collection.
        const existing = 'attack-target';
        await admin.db.doc(`${name}/${existing}`).set({ name: 'target', kind: 'image' });
        for (const who of everyone) {
          const fresh = unique('x');
          const watched = [`${name}/${existing}`, `${name}/${fresh}`];
          await refused(
            () => setDoc(doc(who.db, name, fresh), { state: 'ok', kind: 'release', name: 'x' }),
            watched,
          );
          await refused(
            () => setDoc(doc(who.db, name, existing), { state: 'ok', kind: 'release' }),
            watched,
          );
          await refused(() => deleteDoc(doc(who.db, name, existing)), watched);
        }
      });
    }
    for (const name of [
      'processed_events',
      'trigger_failures',
      'push_messages',
      'account_credentials',
    ]) {
      it(`${name}: no non-Admin reads or lists`, async () => {
        const existing = (await admin.db.collection(name).limit(1).get()).docs[0]!.id;
        for (const who of everyone) {
          await refused(() => getDocs(collection(who.db, name)), []);
          await refused(() => getDoc(doc(who.db, name, existing)), []);
        }
      });
    }
    it('file_checks: no listing but by Admins; image checks only for staff', async () => {
      for (const who of everyone)
        await refused(() => getDocs(collection(who.db, 'file_checks')), []);
      for (const who of [c.reporter, c.newbie, c.archived])
        await refused(() => getDoc(doc(who.db, 'file_checks', 'articles%2Fa%2Fimg.png')), []);
    });
    it('incident_stats: an IMT gets only its own campus doc, nobody lists', async () => {
      await refused(() => getDoc(doc(c.imtMain.db, 'incident_stats', 'north')), []);
      for (const who of everyone)
        await refused(() => getDocs(collection(who.db, 'incident_stats')), []);
      await refused(() => getDoc(doc(c.reporter.db, 'incident_stats', 'main')), []);
    });
    it("incident_stats days: an IMT of another campus neither reads nor writes North's aggregates", async () => {
      const day = 'incident_stats/north/days/2026-10-15';
      await admin.db.doc(day).set({ campus: 'north', day: '2026-10-15', total: 3 });
      const northDays = (db: typeof c.imtMain.db) =>
        query(
          collection(db, 'incident_stats', 'north', 'days'),
          where(documentId(), '>=', '2026-10-01'),
          where(documentId(), '<=', '2026-10-31'),
        );
      for (const who of [c.imtMain, c.imtRiverside, c.reporter, c.newbie, c.archived]) {
        await refused(() => getDocs(northDays(who.db)), []);
        await refused(() => getDoc(doc(who.db, day)), []);
      }
      // The campus's own IMT reads it; nobody writes it, and it stays as the server wrote it.
      assert.equal((await getDocs(northDays(c.imtNorth.db))).size, 1);
      for (const who of [c.imtMain, c.imtNorth]) {
        await refused(() => setDoc(doc(who.db, day), { total: 0 }, { merge: true }), [day]);
        await refused(() => deleteDoc(doc(who.db, day)), [day]);
      }
    });
    it('tags: only staff read them; nobody writes directly', async () => {
      for (const who of [c.reporter, c.newbie, c.archived])
        await refused(() => getDocs(collection(who.db, 'tags')), []);
      await refused(() => setDoc(doc(c.imtMain.db, 'tags', 'pwned'), { name: 'pwned' }), ['tags']);
    });
  });

  describe('publishing and releases', () => {
    it('nobody but Admins creates, edits or un-schedules articles and announcements', async () => {
      const id = unique('art');
      await admin.db.doc(`articles/${id}`).set({
        title: 'Soon',
        description: 'x',
        isArchived: false,
        isScheduled: true,
        timestamp: new Date(Date.now() + 3_600_000),
      });
      for (const who of everyone) {
        await refused(
          () =>
            addDoc(collection(who.db, 'articles'), {
              title: 'x',
              isArchived: false,
              isScheduled: false,
            }),
          ['articles'],
        );
        await refused(
          () =>
            addDoc(collection(who.db, 'announcements'), {
              title: 'x',
              isArchived: false,
              isScheduled: false,
            }),
          ['announcements'],
        );
        await refused(
          () => updateDoc(doc(who.db, 'articles', id), { isScheduled: false }),
          [`articles/${id}`],
        );
        await refused(() => getDoc(doc(who.db, 'articles', id)), []);
      }
      await refused(() => getDocs(collection(c.reporter.db, 'articles')), []);
    });
    it('releases: only Admins write; archived and unpublished ones stay hidden', async () => {
      const archived = unique('rel');
      await admin.db.doc(`releases/${archived}`).set({
        version: '0.0.1',
        versionCode: 1,
        notes: '',
        storagePath: `releases/${archived}/app.apk`,
        size: 10,
        md5Hash: 'x',
        contentType: 'x',
        timestamp: new Date(),
        isArchived: true,
      });
      for (const who of everyone) {
        await refused(
          () =>
            setDoc(doc(who.db, 'releases', unique('rel')), {
              version: '9.9.9',
              versionCode: 99,
              notes: 'evil',
              storagePath: 'releases/x/evil.apk',
              size: 20,
              md5Hash: 'x',
              contentType: 'application/vnd.android.package-archive',
              timestamp: new Date(),
              isArchived: false,
            }),
          ['releases'],
        );
        await refused(
          () => updateDoc(doc(who.db, 'releases', archived), { isArchived: false }),
          [`releases/${archived}`],
        );
      }
      await refused(() => getDoc(doc(c.reporter.db, 'releases', archived)), []);
      await refused(() => getDocs(collection(c.imtMain.db, 'releases')), []);
      const visible = await getDocs(
        query(collection(c.reporter.db, 'releases'), where('isArchived', '==', false)),
      );
      assert.ok(visible.docs.every((d) => d.get('isArchived') === false));
    });
  });

  describe('push endpoints (issue 10 item 6)', () => {
    const payloads = {
      'send-notification': {
        title: 'Hi',
        body: 'Call +1-555-0100',
        tokens: ['reporter-token-1'],
        type: 'report',
        type_id: 'x',
      },
      'send-notif-topic': {
        title: 'Hi',
        body: 'Evacuate now',
        topic: 'all',
        type: 'announcement',
        type_id: 'x',
      },
    };
    async function post(endpoint: string, body: string, token?: string) {
      const res = await fetch(`${FUNCTIONS_URL}/${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
      return { status: res.status, text: await res.text() };
    }
    for (const [endpoint, payload] of Object.entries(payloads)) {
      it(`${endpoint}: refused without a token, with a forged one and for every non-Admin`, async () => {
        const typeId = unique('push');
        const tries: [string, string | undefined, number][] = [
          ['no token', undefined, 401],
          ['a forged token', 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoiQWRtaW4ifQ.', 401],
          ['owner', 'owner', 401],
        ];
        for (const who of [c.newbie, c.reporter, c.imtMain, c.imtNorth, c.imtRiverside])
          tries.push([who.label, await who.token(), 403]);
        tries.push(['archived IMT', await c.archived.token(), 403]);
        for (const [label, token, status] of tries) {
          const res = await post(endpoint, JSON.stringify({ ...payload, type_id: typeId }), token);
          assert.equal(res.status, status, `${label}: ${res.status} ${res.text}`);
          assert.equal(JSON.parse(res.text).error.status !== undefined, true);
        }
        const sent = await admin.db
          .collection('push_messages')
          .where('payload.type_id', '==', typeId)
          .get();
        assert.equal(sent.size, 0);
      });
    }
    it('malformed JSON gets a 400 without a stack trace, nothing sent', async () => {
      const title = unique('malformed');
      for (const endpoint of Object.keys(payloads)) {
        const res = await post(
          endpoint,
          `{"title": "${title}", "body": "x",`,
          await c.admin.token(),
        );
        assert.equal(res.status, 400);
        assert.doesNotMatch(res.text, /at .*\.js|node_modules|SyntaxError: Unexpected/);
        const wrongType = await fetch(`${FUNCTIONS_URL}/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'x',
        });
        assert.equal(wrongType.status, 400);
      }
      const sent = await admin.db
        .collection('push_messages')
        .where('payload.title', '==', title)
        .get();
      assert.equal(sent.size, 0);
    });
  });

  describe('callables: roles', () => {
    const adminOnly: [string, unknown][] = [
      [
        'createAccount',
        {
          firstName: 'Eve',
          lastName: 'Evil',
          email: 'eve@campus.test',
          role: 'Admin',
          campus: null,
        },
      ],
      ['issueInvitation', { uid: 'x' }],
      ['setStaffAccess', { uid: 'x', role: 'Admin', campus: null, isArchived: false }],
      ['removeUnverifiedAccount', { uid: 'x' }],
      ['saveArticle', { title: 'x', description: 'y' }],
      ['saveAnnouncement', { title: 'x', body: 'y', tags: [] }],
      ['renameTag', { id: 'theft', name: 'pwned' }],
      ['deleteTag', { id: 'theft' }],
      ['publishScheduledNow', {}],
      ['rebuildIncidentStats', {}],
      ['runHousekeeping', {}],
    ];
    for (const [name, data] of adminOnly) {
      it(`${name} is refused for every non-Admin`, async () => {
        for (const who of everyone)
          await refused(
            () => who.call(name, data),
            ['users', 'tags', 'articles', 'announcements'],
            ['permission-denied', 'unauthenticated'],
          );
      });
    }
    it('a reissued invitation for a colleague is not something an IMT gets', async () => {
      await refused(
        () => c.imtMain.call('issueInvitation', { uid: c.colleague.uid }),
        [`users/${c.colleague.uid}`],
        ['permission-denied'],
      );
    });
    it('addTags is refused for app users and archived staff', async () => {
      for (const who of [c.newbie, c.reporter, c.archived])
        await refused(
          () => who.call('addTags', { names: ['x'] }),
          ['tags'],
          ['permission-denied', 'unauthenticated'],
        );
    });
  });

  describe('callables: bad input (issue 10 item 9)', () => {
    const evil: [string, unknown][] = [
      ['a NUL in the title', { title: 'Hello\u0000', description: 'x' }],
      ['a bidi override in the title', { title: 'Hello\u202Etxt.exe', description: 'x' }],
      ['a zero-width space in the title', { title: 'Hel\u200Blo', description: 'x' }],
      ['a 1 MB title', { title: 't'.repeat(1_000_000), description: 'x' }],
      ['a number as title', { title: 42, description: 'x' }],
      ['a list as title', { title: ['x'], description: 'x' }],
      ['an unknown key', { title: 'x', description: 'y', isScheduled: false, timestamp: 0 }],
      ['a constructor key', { title: 'x', description: 'y', constructor: { prototype: { x: 1 } } }],
      [
        'year 0001 as scheduledDate',
        { title: 'x', description: 'y', scheduledDate: '0001-01-01T00:00:00Z' },
      ],
      [
        'year 9999 as scheduledDate',
        { title: 'x', description: 'y', scheduledDate: '9999-12-31T23:59:59Z' },
      ],
      [
        'an unparseable scheduledDate',
        { title: 'x', description: 'y', scheduledDate: 'tomorrow-ish' },
      ],
      ['a number as scheduledDate', { title: 'x', description: 'y', scheduledDate: 8.64e15 }],
      ['an id with a slash', { id: 'a/b', title: 'x', description: 'y' }],
      ['an id of ..', { id: '..', title: 'x', description: 'y' }],
      [
        'a javascript: image URL',
        { title: 'x', description: 'y', imageUrl: 'javascript:alert(1)' },
      ],
    ];
    for (const [label, data] of evil) {
      it(`saveArticle refuses ${label} with a short, clear error`, async () => {
        const message = await refused(
          () => c.admin.call('saveArticle', data),
          ['articles'],
          ['invalid-argument'],
        );
        assert.ok(message.length < 500, `error is ${message.length} characters`);
      });
    }
    it('prototype keys sent raw to a callable are refused or dropped, never stored', async () => {
      // Raw HTTP: the web SDK would drop an own __proto__ key while encoding.
      const before = await state('articles');
      const res = await fetch(`${FUNCTIONS_URL}/saveArticle`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await c.admin.token()}`,
        },
        body: '{"data":{"title":"Proto","description":"y","__proto__":{"isScheduled":false,"polluted":true},"constructor":{"prototype":{"polluted":true}}}}',
      });
      const after = (await state('articles')) as Record<string, Record<string, unknown>>;
      if (res.status === 200) {
        const added = Object.keys(after).filter((id) => !(id in (before as object)));
        assert.equal(added.length, 1);
        const stored = after[added[0]!]!;
        assert.equal(stored.title, 'Proto');
        assert.ok(
          !('polluted' in stored) && !('__proto__' in stored) && !('constructor' in stored),
          JSON.stringify(stored),
        );
      } else {
        assert.equal(res.status, 400, await res.text());
        assert.deepEqual(after, before);
      }
      console.log(`      saveArticle with prototype keys answered ${res.status}`);
    });
    it('renameTag and deleteTag refuse names and ids that would become other ids', async () => {
      for (const [name, data] of [
        ['renameTag', { id: 'theft', name: '__proto__' }],
        ['renameTag', { id: 'theft', name: '..' }],
        ['renameTag', { id: 'theft', name: 'a/b' }],
        ['renameTag', { id: 'theft', name: 'n'.repeat(100_000) }],
        ['renameTag', { id: '../theft', name: 'x' }],
        ['deleteTag', { id: '..' }],
        ['deleteTag', { id: 'tags/theft' }],
        ['tagUsage', { names: [{ $ne: null }] }],
      ] as const) {
        const message = await refused(
          () => c.admin.call(name, data),
          ['tags'],
          ['invalid-argument', 'not-found'],
        );
        assert.ok(message.length < 500, `${name}: error is ${message.length} characters`);
      }
    });
    const tagNames: [string, unknown[]][] = [
      ['__proto__', ['__proto__']],
      ['..', ['..']],
      ['/', ['/']],
      ['a 1 MB name', ['n'.repeat(1_000_000)]],
      ['a NUL', ['a\u0000b']],
      ['a bidi override', ['a\u202Eb']],
      ['a number', [42]],
      ['a map', [{ name: 'x' }]],
      ['51 names', Array.from({ length: 51 }, (_, i) => `tag ${i}`)],
    ];
    for (const [label, names] of tagNames) {
      it(`addTags with ${label} is refused or skipped, never echoed in bulk, no odd ids`, async () => {
        const before = await state('tags');
        let answer = '';
        try {
          answer = JSON.stringify(await c.admin.call('addTags', { names }));
        } catch (error) {
          const e = error as { code?: string; message?: string };
          assert.equal(e.code, 'functions/invalid-argument', String(e.message));
          answer = String(e.message);
        }
        assert.ok(answer.length < 2000, `answer is ${answer.length} characters`);
        assert.deepEqual(await state('tags'), before);
      });
    }
    const accountInput: [string, Record<string, unknown>][] = [
      ['a NUL in the first name', { firstName: 'Eve\u0000' }],
      ['a bidi override in the last name', { lastName: 'Eve\u202E' }],
      ['an 81-character first name', { firstName: 'E'.repeat(81) }],
      ['a made-up role', { role: 'Root' }],
      ['an IMT without a campus', { role: 'IMT', campus: null }],
      ['a made-up campus', { campus: 'Mars Campus' }],
      ['a birthday in year 0000', { birthday: '0000-00-00' }],
      ['a birthday of 31 February', { birthday: '2001-02-31' }],
      ['an email without a domain', { email: 'eve@' }],
      ['an extra isUsingDefaultPassword', { isUsingDefaultPassword: false }],
      ['an extra password', { password: 'chosen-by-me' }],
    ];
    for (const [label, change] of accountInput) {
      it(`createAccount refuses ${label}`, async () => {
        const data = {
          firstName: 'Eve',
          lastName: 'Evil',
          email: `${unique('eve')}@campus.test`,
          role: 'User',
          campus: null,
          ...change,
        };
        await refused(
          () => c.admin.call('createAccount', data),
          ['users', 'staff_directory'],
          ['invalid-argument'],
        );
        if (typeof data.email === 'string' && data.email.includes('.'))
          await admin.auth.getUserByEmail(data.email).then(
            () => assert.fail('an Auth user was created'),
            () => undefined,
          );
      });
    }
  });

  describe('tag usage as an IMT sees it (issue 17 item 10)', () => {
    it('counts only the live reports of its own campus; an Admin counts every use', async () => {
      const tag = unique('usage');
      const tagged = (campus: string, isArchived = false) =>
        admin.db
          .collection('incident_reports')
          .doc(unique('inc'))
          .set({
            nearestCampus: campus,
            isArchived,
            status: 'Resolved',
            tags: [tag],
            timestamp: new Date(),
          });
      await Promise.all([
        tagged('main'),
        tagged('main', true),
        tagged('north'),
        tagged('riverside'),
      ]);
      const counts = (who: Attacker) =>
        who.call<{ incidents: number }>('tagUsage', { names: [tag] });
      assert.equal((await counts(c.imtMain)).incidents, 1);
      assert.equal((await counts(c.imtNorth)).incidents, 1);
      assert.equal((await counts(c.admin)).incidents, 4);
    });
  });
});
