/**
 * Issue 10 items 2-4 and what comes next on incidents: status jumps, computed fields, assignee
 * text injection (lookalikes, bidi), oversized tags, accomplishment copy hijacks, other campuses'
 * reads through queries without the campus filter and collection-group queries.
 */
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { LIMITS, incidentKeywords } from '@campus-safety/model';
import {
  collection,
  collectionGroup,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { waitForFunctionLogs } from '@campus-safety/testkit/function-logs';
import {
  admin,
  assignee,
  countedWrite,
  incident,
  PORTS,
  recordCountPath,
  refused,
  state,
  timelineEntry,
  unique,
  waitFor,
} from './support';

const BIDI = '\u202E';

function accomplishment(extra: Record<string, unknown> = {}) {
  return {
    title: 'Handled',
    description: 'Talked to the people involved.',
    resolveCode: 'Resolved on site',
    timestamp: serverTimestamp(),
    isArchived: false,
    ...extra,
  };
}

describe('attacks: incidents and accomplishments', () => {
  let c: Cast;
  let mainReported: string;
  before(async () => {
    c = await theCast();
    mainReported = await incident('main', c.reporter);
  });

  describe('reporter creating a report', () => {
    const base = (c: Cast) => ({
      timestamp: serverTimestamp(),
      geoLoc: { latitude: 1, longitude: 2 },
      nearestCampus: 'main',
      status: 'Reported',
      isArchived: false,
      email: c.reporter.email,
      reporterId: c.reporter.uid,
      incidentType: 'Fire',
    });
    const variants: [string, (c: Cast) => Record<string, unknown>][] = [
      ['already Processing', () => ({ status: 'Processing' })],
      ['already Resolved', () => ({ status: 'Resolved' })],
      ['with a waiting time', () => ({ waitingTimeInMinutes: 0 })],
      ['already escalated', () => ({ escalatedAt: new Date() })],
      ['signed by a staff uid', (c) => ({ updatedBy: c.imtMain.uid })],
      [
        'with an assignee',
        (c) => ({ assignedTo: { id: c.imtMain.uid, displayName: 'x', email: 'x' } }),
      ],
      ['with a threat level', () => ({ threatLevel: 'Critical' })],
      ['for another reporter', () => ({ reporterId: 'someone-else' })],
      ['under another email', () => ({ email: 'victim@mail.test' })],
      ['for an unknown campus', () => ({ nearestCampus: 'Mars Campus' })],
      ['with a 5001-character description', () => ({ description: 'd'.repeat(5001) })],
      ['with a back-dated timestamp', () => ({ timestamp: new Date(0) })],
      ['with an out-of-range location', () => ({ geoLoc: { latitude: 91, longitude: 0 } })],
      ['with a location as text', () => ({ geoLoc: '10,20' })],
      [
        'with a location carrying extra keys',
        () => ({ geoLoc: { latitude: 1, longitude: 2, note: 'x'.repeat(100_000) } }),
      ],
      ['with a description that is a list', () => ({ description: ['x'] })],
      ['archived from the start', () => ({ isArchived: true })],
      ['with an unknown type', () => ({ incidentType: 'Alien abduction' })],
    ];
    for (const [label, extra] of variants) {
      it(`is refused ${label}`, async () => {
        const before = (
          await admin.db
            .collection('incident_reports')
            .where('reporterId', 'in', [c.reporter.uid, 'someone-else'])
            .get()
        ).size;
        await refused(
          () => fileReportAsApp(c.reporter.db, c.reporter.uid, { ...base(c), ...extra(c) }),
          [],
        );
        const after = (
          await admin.db
            .collection('incident_reports')
            .where('reporterId', 'in', [c.reporter.uid, 'someone-else'])
            .get()
        ).size;
        assert.equal(after, before);
      });
    }
    it('a new sign-up without a users doc cannot report', async () => {
      await refused(
        () =>
          fileReportAsApp(c.newbie.db, c.newbie.uid, {
            ...base(c),
            email: c.newbie.email,
            reporterId: c.newbie.uid,
          }),
        [],
      );
    });
    it('a reporter does not change its own report afterwards', async () => {
      for (const change of [
        { status: 'Resolved' },
        { description: 'edited' },
        { nearestCampus: 'north' },
      ])
        await refused(
          () => updateDoc(doc(c.reporter.db, 'incident_reports', mainReported), change),
          [`incident_reports/${mainReported}`],
        );
    });
  });

  describe('status moves and computed fields (IMT of Main Campus)', () => {
    for (const [label, change] of [
      ['Reported → Resolved', { status: 'Resolved' }],
      ['Reported → Responded', { status: 'Responded' }],
      ['a waiting time of its choosing', { waitingTimeInMinutes: 1 }],
      ['a response time', { responseTimeInMinutes: 1 }],
      ['an escalation mark', { escalatedAt: new Date() }],
      ['moving the report to its colleague campus', { nearestCampus: 'north' }],
      ['archiving it', { isArchived: true }],
      ['re-pointing the reporter', { reporterId: 'someone-else' }],
    ] as const) {
      it(`refuses ${label}`, async () => {
        await refused(
          () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              ...change,
              updatedBy: c.imtMain.uid,
            }),
          [`incident_reports/${mainReported}`],
        );
      });
    }
    const badDeclines: [string, Record<string, unknown>][] = [
      ['a 151-character reason', { declineReason: 'r'.repeat(151) }],
      ['a reason with a bidi override', { declineReason: `Spam${BIDI}` }],
      ['a reason with a line break', { declineReason: 'Spam\nCall +1-555-0100' }],
      ['an empty reason', { declineReason: '' }],
      ['a 2001-character description', { declineDescription: 'd'.repeat(2001) }],
      ['a map as description', { declineDescription: { text: 'x' } }],
      ['a list as reason', { declineReason: ['Spam'] }],
      ['an extra field', { threatLevel: 'Low' }],
    ];
    for (const [label, change] of badDeclines) {
      it(`refuses a decline with ${label}`, async () => {
        await refused(
          () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              updatedBy: c.imtMain.uid,
              status: 'Declined',
              declineReason: 'Duplicate report',
              declineDescription: 'Not an incident.',
              ...change,
            }),
          [`incident_reports/${mainReported}`],
        );
      });
    }
    it('refuses an assign with a threat level that is not one of the levels', async () => {
      for (const threatLevel of ['Extreme', 3, ['High']])
        await refused(
          async () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              updatedBy: c.imtMain.uid,
              status: 'Processing',
              threatLevel,
              assignedTo: await assignee(c.imtMain),
            }),
          [`incident_reports/${mainReported}`],
        );
    });
    it('refuses an unrated assignment of anyone but oneself ("Assign to me" is the only unrated one)', async () => {
      for (const threatLevel of [null, undefined])
        await refused(
          async () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              status: 'Processing',
              ...(threatLevel === undefined ? {} : { threatLevel }),
              assignedTo: await assignee(c.admin),
            }),
          [`incident_reports/${mainReported}`],
        );
    });
    it('refuses leaving Declined and Resolved', async () => {
      for (const status of ['Declined', 'Resolved']) {
        const id = await incident('main', c.reporter, { status });
        for (const next of ['Reported', 'Processing', 'Responded', 'Declined'])
          if (next !== status)
            await refused(
              () =>
                updateDoc(doc(c.imtMain.db, 'incident_reports', id), {
                  updatedBy: c.imtMain.uid,
                  status: next,
                  declineReason: 'Duplicate report',
                  declineDescription: 'y',
                }),
              [`incident_reports/${id}`],
            );
      }
    });
    it('refuses an assign with a waiting time smuggled in', async () => {
      await refused(
        () =>
          updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
            updatedBy: c.imtMain.uid,
            status: 'Processing',
            threatLevel: 'Low',
            assignedTo: { id: c.imtMain.uid, displayName: 'Mia IMT', email: c.imtMain.email },
            waitingTimeInMinutes: 0,
          }),
        [`incident_reports/${mainReported}`],
      );
    });
  });

  describe('search keywords (issue 11)', () => {
    it('staff cannot plant or erase the search words that surface a report', async () => {
      const ref = doc(c.imtMain.db, 'incident_reports', mainReported);
      const path = [`incident_reports/${mainReported}`];
      await refused(() => updateDoc(ref, { keywords: ['urgent', 'vip'] }), path);
      await refused(() => updateDoc(ref, { keywords: [] }), path);
      await refused(
        () =>
          updateDoc(ref, {
            status: 'Processing',
            threatLevel: 'Low',
            assignedTo: { id: c.imtMain.uid, displayName: 'Mia IMT', email: c.imtMain.email },
            keywords: [],
          }),
        path,
      );
    });
  });

  describe('a description that looped the keywords trigger (issue 17 item 7)', () => {
    it('a word of astral letters is stored whole and the trigger stops after one write', async () => {
      // `a` + 20 Gothic letters: 41 UTF-16 units, once cut mid pair at 40 into a string Firestore
      // cannot store as written, so the trigger rewrote the report forever.
      const description = `a${'\u{10330}'.repeat(20)} stolen`;
      const ref = await fileReportAsApp(c.reporter.db, c.reporter.uid, {
        timestamp: serverTimestamp(),
        geoLoc: { latitude: 1, longitude: 2 },
        nearestCampus: 'main',
        status: 'Reported',
        isArchived: false,
        email: c.reporter.email,
        reporterId: c.reporter.uid,
        incidentType: 'Theft',
        description,
      });
      const versions: { description: unknown; keywords: unknown }[] = [];
      const stop = admin.db.doc(ref.path).onSnapshot((snap) => {
        versions.push({ description: snap.get('description'), keywords: snap.get('keywords') });
      });
      try {
        const wanted = (text: string) =>
          incidentKeywords({
            incidentType: 'Theft',
            nearestCampus: 'main',
            email: c.reporter.email,
            description: text,
          });
        // The creation trigger's own write (the escalation mark) lands too before the marker edit.
        const stored = await waitFor(
          async () => (await admin.db.doc(ref.path).get()).data(),
          (d) => isDeepStrictEqual(d?.keywords, wanted(description)) && d?.escalatedAt === null,
        );
        assert.ok((stored!.keywords as string[]).includes(`a${'\u{10330}'.repeat(20)}`));
        // A later edit is the marker: its words land after any rewrite the first one caused, and
        // between the edit and its words nothing else may write the report (a loop would).
        const seen = versions.length;
        const edited = `${description} sentinel`;
        await admin.db.doc(ref.path).update({ description: edited });
        await waitFor(
          async () => versions.at(-1)?.keywords,
          (k) => isDeepStrictEqual(k, wanted(edited)),
        );
        assert.deepEqual(versions.slice(seen), [
          { description: edited, keywords: wanted(description) },
          { description: edited, keywords: wanted(edited) },
        ]);
      } finally {
        stop();
      }
    });
  });

  describe('assignee text injection (issue 10 item 3)', () => {
    const injected: [string, (name: string) => string][] = [
      ['a sentence appended', (n) => `${n}. Call +1-555-0100 and give your card number`],
      ['a Cyrillic lookalike of the name', (n) => n.replace('a', '\u0430')],
      ['a right-to-left override', (n) => `${n}${BIDI}`],
      ['a zero-width space', (n) => `${n}\u200B`],
      ['trailing spaces', (n) => `${n}  `],
      ['a line break', (n) => `${n}\nCall us`],
    ];
    for (const [label, tamper] of injected) {
      it(`refuses a displayName with ${label}`, async () => {
        const real = await assignee(c.imtMain);
        await refused(
          () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              updatedBy: c.imtMain.uid,
              status: 'Processing',
              threatLevel: 'Low',
              assignedTo: { ...real, displayName: tamper(real.displayName) },
            }),
          [`incident_reports/${mainReported}`, `users/${c.reporter.uid}/notifications`],
        );
      });
    }
    it("refuses an assignee of another campus, an archived one, a made-up one, or someone else's email", async () => {
      const north = await assignee(c.imtNorth);
      const archived = { id: c.archived.uid, displayName: 'Alex IMT', email: c.archived.email };
      const madeUp = { id: 'ghost', displayName: 'Campus Police', email: 'police@campus.test' };
      const mine = await assignee(c.imtMain);
      const otherEmail = { ...mine, email: c.imtNorth.email };
      for (const assignedTo of [north, archived, madeUp, otherEmail, { ...mine, extra: 'x' }])
        await refused(
          () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              updatedBy: c.imtMain.uid,
              status: 'Processing',
              threatLevel: 'Low',
              assignedTo,
            }),
          [`incident_reports/${mainReported}`],
        );
    });
    const badTags: [string, unknown][] = [
      ['~1 MB of tags', Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50_000, 't'))],
      // Lines of <= 40 characters joined by line breaks (issue 10 item 4 again, ~1 MB of tags).
      [
        '~1 MB of tags made of 40-character lines',
        Array.from({ length: 20 }, () => Array(1250).fill('t'.repeat(39)).join('\n')),
      ],
      ['a tag with a line break', ['Theft\nCall +1-555-0100']],
      ['21 tags', Array.from({ length: 21 }, (_, i) => `t${i}`)],
      ['a 41-character tag', ['t'.repeat(41)]],
      ['a map and a number as tags', [{ name: 'x' }, 7]],
      ['a tag with a bidi override', [`ok${BIDI}`]],
      ['an empty tag', ['']],
      ['a string instead of a list', 'Theft'],
    ];
    for (const [label, tags] of badTags) {
      it(`refuses an assign with ${label}`, async () => {
        await refused(
          async () =>
            updateDoc(doc(c.imtMain.db, 'incident_reports', mainReported), {
              updatedBy: c.imtMain.uid,
              status: 'Processing',
              threatLevel: 'Low',
              assignedTo: await assignee(c.imtMain),
              tags,
            }),
          [`incident_reports/${mainReported}`],
        );
      });
    }
    it('a genuine assign notifies the reporter with the name from the assignee account only', async () => {
      const id = await incident('main', c.reporter);
      await updateDoc(doc(c.imtMain.db, 'incident_reports', id), {
        updatedBy: c.imtMain.uid,
        status: 'Processing',
        threatLevel: 'Low',
        assignedTo: await assignee(c.imtMain),
        tags: ['not-a-real-tag'],
      });
      const notes = await waitFor(
        async () =>
          (await admin.db.collection(`users/${c.reporter.uid}/notifications`).get()).docs.map((d) =>
            d.data(),
          ),
        (list) => list.some((n) => n.type_id === id && n.title !== 'Incident Reported'),
      );
      const text = JSON.stringify(notes.filter((n) => n.type_id === id));
      assert.match(text, /Mia IMT/);
      const report = await waitFor(
        async () => (await admin.db.doc(`incident_reports/${id}`).get()).data()!,
        (r) => r.waitingTimeInMinutes !== undefined,
      );
      // Tags that name no tag of the tags collection are dropped by the trigger.
      assert.deepEqual(report.tags ?? [], []);
    });
  });

  describe('trigger failures (issue 10 items 4-5)', () => {
    it('the largest report, assign and token list the rules allow still run every trigger', async () => {
      const failuresBefore = await state('trigger_failures');
      // A reporter at its limits: 20 push tokens of 512 characters, a 5000-character report.
      await updateDoc(doc(c.reporter.db, 'users', c.reporter.uid), {
        deviceToken: Array.from({ length: 20 }, (_, i) => `${i}:`.padEnd(512, 'T')),
      });
      const ref = await fileReportAsApp(c.reporter.db, c.reporter.uid, {
        timestamp: serverTimestamp(),
        geoLoc: { latitude: 1, longitude: 2 },
        nearestCampus: 'main',
        status: 'Reported',
        isArchived: false,
        email: c.reporter.email,
        reporterId: c.reporter.uid,
        incidentType: 'Other',
        description: 'd'.repeat(5000),
      });
      await timelineEntry(ref.path, 'reported');
      await updateDoc(doc(c.imtMain.db, ref.path), {
        updatedBy: c.imtMain.uid,
        status: 'Processing',
        threatLevel: 'Critical',
        assignedTo: await assignee(c.imtMain),
        tags: Array.from({ length: 20 }, (_, i) => `${i}-`.padEnd(40, 'g')),
      });
      const report = await waitFor(
        async () => (await admin.db.doc(ref.path).get()).data()!,
        (r) => typeof r.waitingTimeInMinutes === 'number',
      );
      await timelineEntry(ref.path, 'assigned');
      assert.deepEqual(report.tags ?? [], []);
      await waitFor(
        async () =>
          (
            await admin.db
              .collection(`users/${c.reporter.uid}/notifications`)
              .where('type_id', '==', ref.id)
              .get()
          ).size,
        (n) => n === 2,
      );
      assert.deepEqual(await state('trigger_failures'), failuresBefore);
      await admin.db.doc(`users/${c.reporter.uid}`).update({ deviceToken: ['reporter-token-1'] });
    });
  });

  describe('a staff name used as a message (issue 10 item 3, one step further)', () => {
    // Found by this suite: an IMT renamed itself "Campus Police. Call +1-555-0100 and give your
    // card" + "number", the user trigger copied that into staff_directory, and its assignment put
    // the sentence into the reporter's notification. An IMT's name is now the Admin's to set.
    it('an IMT cannot rename itself into a sentence with a phone number', async () => {
      await refused(
        () =>
          updateDoc(doc(c.imtRiverside.db, 'users', c.imtRiverside.uid), {
            firstName: 'Campus Police. Call +1-555-0100 and give your card',
            lastName: 'number',
          }),
        [`users/${c.imtRiverside.uid}`, `staff_directory/${c.imtRiverside.uid}`],
      );
    });
  });

  describe('other campuses', () => {
    it('an IMT of North neither reads nor works on a Main report', async () => {
      await refused(() => getDoc(doc(c.imtNorth.db, 'incident_reports', mainReported)), []);
      await refused(
        () =>
          updateDoc(doc(c.imtNorth.db, 'incident_reports', mainReported), {
            updatedBy: c.imtNorth.uid,
            status: 'Declined',
            declineReason: 'Duplicate report',
            declineDescription: 'not ours',
          }),
        [`incident_reports/${mainReported}`],
      );
    });
    it('queries without the campus or archived filter, or for another campus, are refused', async () => {
      const reports = collection(c.imtMain.db, 'incident_reports');
      for (const q of [
        query(reports),
        query(reports, where('isArchived', '==', false)),
        query(reports, where('nearestCampus', '==', 'main')),
        query(reports, where('nearestCampus', '==', 'north'), where('isArchived', '==', false)),
        query(
          reports,
          where('nearestCampus', 'in', ['main', 'north']),
          where('isArchived', '==', false),
        ),
        query(reports, where('status', '==', 'Reported')),
      ])
        await refused(() => getDocs(q), []);
    });
    it("an IMT's CSV export of another campus is refused, count and pages alike", async () => {
      // What the console's export sends (a count, then pages of 500 after a cursor), with another
      // campus in place of its own; the North report is read before and after by refused().
      const northReport = await incident('north', c.reporter, { status: 'Responded' });
      const northReports = query(
        collection(c.imtMain.db, 'incident_reports'),
        where('nearestCampus', '==', 'north'),
        where('isArchived', '==', false),
        orderBy('timestamp', 'desc'),
      );
      const northCopies = query(
        collection(c.imtMain.db, 'accomplishment_reports'),
        where('report.campus', '==', 'north'),
        where('isArchived', '==', false),
        orderBy('timestamp', 'desc'),
      );
      const cursor = Timestamp.now();
      for (const q of [northReports, northCopies]) {
        await refused(() => getCountFromServer(q), [`incident_reports/${northReport}`]);
        await refused(() => getDocs(query(q, limit(500))), [`incident_reports/${northReport}`]);
        await refused(
          () => getDocs(query(q, startAfter(cursor), limit(500))),
          [`incident_reports/${northReport}`],
        );
      }
      // Its own campus's export is answered, and does not hold the North report.
      const own = await getDocs(
        query(
          collection(c.imtMain.db, 'incident_reports'),
          where('nearestCampus', '==', 'main'),
          where('isArchived', '==', false),
          orderBy('timestamp', 'desc'),
          limit(500),
        ),
      );
      assert.ok(own.docs.every((d) => d.get('nearestCampus') === 'main'));
      assert.ok(!own.docs.some((d) => d.id === northReport));
    });
    it('collection-group queries over accomplishments and notifications are refused', async () => {
      for (const who of [c.imtMain, c.reporter, c.imtNorth]) {
        await refused(() => getDocs(collectionGroup(who.db, 'accomplishment_reports')), []);
        await refused(() => getDocs(collectionGroup(who.db, 'notifications')), []);
        await refused(
          () =>
            getDocs(query(collectionGroup(who.db, 'notifications'), where('isRead', '==', false))),
          [],
        );
      }
    });
    it("a reporter lists only its own reports and nobody's notifications but its own", async () => {
      const reports = collection(c.reporter.db, 'incident_reports');
      for (const q of [
        query(reports),
        query(reports, where('email', '==', c.reporter.email)),
        query(reports, where('reporterId', '==', c.imtMain.uid)),
      ])
        await refused(() => getDocs(q), []);
      await refused(
        () => getDocs(collection(c.reporter.db, `users/${c.imtMain.uid}/notifications`)),
        [],
      );
      await refused(
        () => getDocs(collection(c.imtMain.db, `users/${c.reporter.uid}/notifications`)),
        [],
      );
    });
    it('an archived IMT with its old token reads and writes nothing of its campus', async () => {
      const reports = collection(c.archived.db, 'incident_reports');
      await refused(
        () =>
          getDocs(
            query(reports, where('nearestCampus', '==', 'main'), where('isArchived', '==', false)),
          ),
        [],
      );
      await refused(() => getDoc(doc(c.archived.db, 'incident_reports', mainReported)), []);
      await refused(
        () =>
          updateDoc(doc(c.archived.db, 'incident_reports', mainReported), {
            updatedBy: c.archived.uid,
            status: 'Declined',
            declineReason: 'Duplicate report',
            declineDescription: 'y',
          }),
        [`incident_reports/${mainReported}`],
      );
    });
  });

  describe('notifications', () => {
    it('a reporter neither forges nor rewrites a notification', async () => {
      const path = `users/${c.reporter.uid}/notifications`;
      const id = unique('n');
      await admin.db
        .doc(`${path}/${id}`)
        .set({ message: 'real', isRead: false, timestamp: new Date() });
      await refused(
        () =>
          setDoc(doc(c.reporter.db, path, unique('forged')), {
            message: 'Pay here',
            isRead: false,
          }),
        [path],
      );
      await refused(() => updateDoc(doc(c.reporter.db, path, id), { message: 'Pay here' }), [path]);
      await refused(() => updateDoc(doc(c.reporter.db, path, id), { isRead: 'yes' }), [path]);
    });
  });

  describe('accomplishment copy hijack (issue 10 item 2)', () => {
    let northIncident: string;
    let northAccomplishment: string;
    before(async () => {
      northIncident = await incident('north', c.reporter, { status: 'Responded' });
      northAccomplishment = unique('acc');
      await countedWrite(
        c.imtNorth.db,
        northIncident,
        'accomplishment_reports',
        northAccomplishment,
        (revision) => accomplishment({ updatedBy: c.imtNorth.uid, revision }),
      );
      await waitFor(
        () => admin.db.doc(`accomplishment_reports/${northAccomplishment}`).get(),
        (s) => s.exists,
      );
      // The triggers are done with it (Resolved and its timeline entry) before the attacks start.
      await timelineEntry(`incident_reports/${northIncident}`, 'resolved');
    });

    it("refuses an accomplishment under an own report with another campus's id (create)", async () => {
      const own = await incident('main', c.reporter, { status: 'Responded' });
      await refused(
        () =>
          countedWrite(
            c.imtMain.db,
            own,
            'accomplishment_reports',
            northAccomplishment,
            (revision) => accomplishment({ updatedBy: c.imtMain.uid, title: 'Hijacked', revision }),
          ),
        [
          `accomplishment_reports/${northAccomplishment}`,
          `incident_reports/${northIncident}`,
          `incident_reports/${own}`,
          `incident_reports/${own}/record_counts`,
        ],
      );
    });

    it('refuses the same as a merge-set or an update', async () => {
      const own = await incident('main', c.reporter, { status: 'Responded' });
      const watched = [
        `accomplishment_reports/${northAccomplishment}`,
        `incident_reports/${own}`,
        `incident_reports/${own}/record_counts`,
      ];
      const hijack = (how: 'merge' | 'update') =>
        countedWrite(
          c.imtMain.db,
          own,
          'accomplishment_reports',
          northAccomplishment,
          (revision) =>
            how === 'merge'
              ? accomplishment({ updatedBy: c.imtMain.uid, title: 'Hijacked', revision })
              : { updatedBy: c.imtMain.uid, title: 'Hijacked', revision },
          how,
        );
      await refused(() => hijack('merge'), watched);
      await refused(() => hijack('update'), watched, ['permission-denied', 'not-found']);
    });

    it('refuses the id of an archived copy', async () => {
      const archivedId = unique('acc-archived');
      await admin.db.doc(`accomplishment_reports/${archivedId}`).set({
        title: 'old',
        isArchived: true,
        report: { id: 'some-north-incident', campus: 'north' },
      });
      const own = await incident('main', c.reporter, { status: 'Responded' });
      await refused(
        () =>
          countedWrite(c.imtMain.db, own, 'accomplishment_reports', archivedId, (revision) =>
            accomplishment({ updatedBy: c.imtMain.uid, revision }),
          ),
        [
          `accomplishment_reports/${archivedId}`,
          `incident_reports/${own}`,
          `incident_reports/${own}/record_counts`,
        ],
      );
    });

    it('the trigger keeps a copy to its incident even when the sub-document beats the rules check', async () => {
      // Written with admin (as if the rules check raced the other copy): the copy must not move.
      const own = await incident('main', c.reporter, { status: 'Responded' });
      const before = (
        await admin.db.doc(`accomplishment_reports/${northAccomplishment}`).get()
      ).data();
      await admin.db
        .doc(`incident_reports/${own}/accomplishment_reports/${northAccomplishment}`)
        .set({ ...accomplishment({ title: 'Hijacked' }), timestamp: new Date() });
      // A refused write changes nothing: the trigger's log line is the sign its run is over.
      await waitForFunctionLogs({
        port: PORTS.logging,
        accept: (log) =>
          log.message.includes('Accomplishment id already copies another incident') &&
          log.fields.incidentId === own &&
          log.fields.accomplishmentId === northAccomplishment,
      });
      const after = (
        await admin.db.doc(`accomplishment_reports/${northAccomplishment}`).get()
      ).data();
      assert.deepEqual(after, before);
      assert.equal(
        (await admin.db.doc(`incident_reports/${own}`).get()).get('status'),
        'Responded',
      );
    });

    it("refuses writing under another campus's report and writing the copies directly", async () => {
      await refused(
        () =>
          countedWrite(c.imtMain.db, northIncident, 'accomplishment_reports', unique('acc'), (r) =>
            accomplishment({ updatedBy: c.imtMain.uid, revision: r }),
          ),
        [`incident_reports/${northIncident}`, `incident_reports/${northIncident}/record_counts`],
      );
      for (const who of [c.imtMain, c.imtNorth, c.reporter]) {
        await refused(
          () =>
            setDoc(doc(who.db, 'accomplishment_reports', unique('acc')), {
              title: 'x',
              report: { campus: 'north' },
            }),
          [],
        );
        await refused(
          () =>
            updateDoc(doc(who.db, 'accomplishment_reports', northAccomplishment), { title: 'x' }),
          [`accomplishment_reports/${northAccomplishment}`],
        );
      }
    });

    it("the north report's own accomplishments stay with North staff", async () => {
      const path = ['incident_reports', northIncident, 'accomplishment_reports'] as const;
      for (const who of [c.imtMain, c.reporter, c.archived, c.newbie]) {
        await refused(() => getDocs(collection(who.db, ...path)), []);
        await refused(() => getDoc(doc(who.db, ...path, northAccomplishment)), []);
      }
      await refused(
        () =>
          updateDoc(doc(c.imtNorth.db, ...path, northAccomplishment), {
            updatedBy: c.imtNorth.uid,
            isArchived: true,
          }),
        [`incident_reports/${northIncident}/accomplishment_reports/${northAccomplishment}`],
      );
    });

    it('main IMT cannot read the north copy, nor list copies without its campus filter', async () => {
      await refused(
        () => getDoc(doc(c.imtMain.db, 'accomplishment_reports', northAccomplishment)),
        [],
      );
      await refused(() => getDocs(collection(c.imtMain.db, 'accomplishment_reports')), []);
      await refused(
        () =>
          getDocs(
            query(
              collection(c.imtMain.db, 'accomplishment_reports'),
              where('isArchived', '==', false),
            ),
          ),
        [],
      );
    });

    const badContent: [string, Record<string, unknown>][] = [
      ['a 151-character title', { title: 't'.repeat(151) }],
      ['a bidi override in the title', { title: `Done${BIDI}` }],
      ['a 5001-character description', { description: 'd'.repeat(5001) }],
      ['an unknown resolve code', { resolveCode: 'Bribed' }],
      ['a report snapshot of its own', { report: { campus: 'north' } }],
      ['a past timestamp', { timestamp: new Date(0) }],
      ['a made-up threat level', { threatLevel: 'Apocalyptic' }],
      ['an image URL of 3000 characters', { imageUrl: `https://x.test/${'a'.repeat(3000)}` }],
      ['archived from the start', { isArchived: true }],
    ];
    for (const [label, extra] of badContent) {
      it(`refuses an accomplishment with ${label}`, async () => {
        const own = await incident('main', c.reporter, { status: 'Responded' });
        const id = unique('acc');
        await refused(
          () =>
            countedWrite(c.imtMain.db, own, 'accomplishment_reports', id, (revision) =>
              accomplishment({ updatedBy: c.imtMain.uid, revision, ...extra }),
            ),
          [
            `incident_reports/${own}`,
            `accomplishment_reports/${id}`,
            `incident_reports/${own}/record_counts`,
          ],
        );
      });
    }
  });
  describe('bounded accomplishment writes (issue 17 finding 8)', () => {
    it(`a report takes ${LIMITS.accomplishmentWritesPerReport} accomplishment creates and edits and refuses the next`, async () => {
      const own = await incident('main', c.reporter, { status: 'Processing' });
      const id = unique('acc');
      // Arranged one short of the bound: an accomplishment and the count the console would have left.
      await admin.db
        .doc(`incident_reports/${own}/accomplishment_reports/${id}`)
        .set({ ...accomplishment({ updatedBy: c.imtMain.uid }), timestamp: new Date() });
      await admin.db
        .doc(recordCountPath(own, 'accomplishment_reports'))
        .set({ count: LIMITS.accomplishmentWritesPerReport - 1, lastId: id });
      const edit = (title: string) =>
        countedWrite(
          c.imtMain.db,
          own,
          'accomplishment_reports',
          id,
          (revision) => ({ title, updatedBy: c.imtMain.uid, revision }),
          'update',
        );
      await edit('The last edit');
      // Its trigger is done (the copy and the timeline are written together) before the compare.
      await waitFor(
        () => admin.db.doc(`accomplishment_reports/${id}`).get(),
        (copy) => copy.get('revision') === LIMITS.accomplishmentWritesPerReport,
      );
      const watched = [
        `incident_reports/${own}/accomplishment_reports`,
        `incident_reports/${own}/record_counts`,
        `incident_reports/${own}/timeline`,
        `accomplishment_reports/${id}`,
      ];
      await refused(() => edit('One edit too many'), watched);
      await refused(
        () =>
          countedWrite(c.imtMain.db, own, 'accomplishment_reports', unique('acc'), (revision) =>
            accomplishment({ updatedBy: c.imtMain.uid, revision }),
          ),
        watched,
      );
      // Round the count: set back to what an earlier accomplishment carries, or not counted.
      const older = unique('acc');
      await admin.db.doc(`incident_reports/${own}/accomplishment_reports/${older}`).set({
        ...accomplishment({ updatedBy: c.imtMain.uid, revision: 3 }),
        timestamp: new Date(),
      });
      await waitFor(
        () => admin.db.doc(`accomplishment_reports/${older}`).get(),
        (copy) => copy.exists,
      );
      await refused(
        () =>
          setDoc(doc(c.imtMain.db, recordCountPath(own, 'accomplishment_reports')), {
            count: 3,
            lastId: older,
          }),
        [...watched, `accomplishment_reports/${older}`],
      );
      await refused(
        () =>
          updateDoc(doc(c.imtMain.db, 'incident_reports', own, 'accomplishment_reports', id), {
            title: 'Uncounted',
            updatedBy: c.imtMain.uid,
          }),
        watched,
      );
    });
  });
});
