/**
 * Issue 28 item 5: the hourly report quota under batches and races. A reporter writes many reports
 * in one batch, many side by side, skips the count, or forges it; many anonymous filings are
 * called at once. The quota is counted in the same batch or transaction as each report
 * (firestore.rules withinReportQuota, fileAnonymousReport), so none of it gets past
 * LIMITS.reportsPerReporterPerHour, and a refusal writes nothing.
 */
import assert from 'node:assert/strict';
import {
  collection,
  doc,
  increment,
  serverTimestamp,
  setDoc,
  Timestamp,
  writeBatch,
} from 'firebase/firestore';
import { COLLECTIONS, LIMITS, keywordsUpToDate } from '@campus-safety/model';
import { waitUntil } from '@campus-safety/testkit/wait';
import { fileReportAsApp, quotaWithReport } from '@campus-safety/testkit/app-report';
import { account, admin, assignee, incident, refused, type Attacker } from './support';

const LIMIT = LIMITS.reportsPerReporterPerHour;

const reportOf = (who: Attacker, n: number) => ({
  timestamp: serverTimestamp(),
  geoLoc: { latitude: 14.65, longitude: 121.07 },
  nearestCampus: 'main',
  status: 'Reported',
  isArchived: false,
  email: who.email,
  reporterId: who.uid,
  incidentType: 'Theft',
  description: `Flood report ${n}`,
});

const quotaPath = (who: Attacker) => `${COLLECTIONS.reportQuotas}/${who.uid}`;

async function reportsBy(who: Attacker): Promise<number> {
  return (
    await admin.db.collection(COLLECTIONS.incidentReports).where('reporterId', '==', who.uid).get()
  ).size;
}

const anonymousReport = {
  geoLoc: { latitude: 14.6, longitude: 121.0 },
  nearestCampus: 'main',
  incidentType: 'Harassment',
  description: 'Race of filings',
};

describe('attacks: the hourly report quota under batches and races', () => {
  it(`one batch of 30 reports with one count is refused whole: nothing written`, async () => {
    const flooder = await account('batch flooder', { role: 'User' });
    const batch = writeBatch(flooder.db);
    const ids = Array.from({ length: 30 }, () => doc(collection(flooder.db, 'incident_reports')));
    ids.forEach((ref, n) => batch.set(ref, reportOf(flooder, n)));
    // One count, naming the last report: the other 29 are not counted.
    batch.set(doc(flooder.db, quotaPath(flooder)), quotaWithReport(undefined, ids[29]!.id)!);
    await refused(() => batch.commit(), [quotaPath(flooder)]);
    assert.equal(await reportsBy(flooder), 0);
  });

  it('a report without its count, or with a count that skips or restarts, is refused', async () => {
    const cheat = await account('quota cheat', { role: 'User' });
    await refused(
      () => setDoc(doc(collection(cheat.db, 'incident_reports')), reportOf(cheat, 0)),
      [quotaPath(cheat)],
    );
    await fileReportAsApp(cheat.db, cheat.uid, reportOf(cheat, 1));
    const held = (await admin.db.doc(quotaPath(cheat)).get()).data()!;
    assert.equal(held.filed, 1);
    const forged = (count: Record<string, unknown>) => async () => {
      const ref = doc(collection(cheat.db, 'incident_reports'));
      const batch = writeBatch(cheat.db);
      batch.set(ref, reportOf(cheat, 2));
      batch.set(doc(cheat.db, quotaPath(cheat)), { lastId: ref.id, ...count });
      await batch.commit();
    };
    const window = Timestamp.fromMillis(held.windowStart.toMillis());
    // Back to zero within the window, a window started earlier than now, the count left as is.
    await refused(forged({ windowStart: window, filed: 0 }), [quotaPath(cheat)]);
    await refused(forged({ windowStart: serverTimestamp(), filed: 0 }), [quotaPath(cheat)]);
    await refused(
      forged({ windowStart: Timestamp.fromMillis(Date.now() - 2 * 3_600_000), filed: 1 }),
      [quotaPath(cheat)],
    );
    await refused(forged({ windowStart: window, filed: 1 }), [quotaPath(cheat)]);
    // A count with no new report beside it, or a deleted count (to start over).
    await refused(
      () =>
        setDoc(doc(cheat.db, quotaPath(cheat)), {
          windowStart: window,
          filed: 2,
          lastId: 'no-such-report',
        }),
      [quotaPath(cheat)],
    );
    assert.equal(await reportsBy(cheat), 1);
  });

  it(`16 reports written side by side by one reporter: at most ${LIMIT} are taken`, async () => {
    const racer = await account('report racer', { role: 'User' });
    // A head start the quota holds already: 6 filed one after another.
    for (let n = 0; n < 6; n += 1) await fileReportAsApp(racer.db, racer.uid, reportOf(racer, n));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, n) =>
        fileReportAsApp(racer.db, racer.uid, reportOf(racer, n)),
      ),
    );
    const taken = outcomes.filter((o) => o.status === 'fulfilled').length;
    assert.ok(6 + taken <= LIMIT, `${6 + taken} reports taken`);
    assert.equal(await reportsBy(racer), 6 + taken);
    // Filed one by one until refused: the quota ends at the limit exactly, the refusal writes nothing.
    for (let more = 0; more <= LIMIT; more += 1) {
      try {
        await fileReportAsApp(racer.db, racer.uid, reportOf(racer, 100 + more));
      } catch (error) {
        assert.match(String(error), /full/);
        break;
      }
    }
    assert.equal(await reportsBy(racer), LIMIT);
    assert.equal((await admin.db.doc(quotaPath(racer)).get()).get('filed'), LIMIT);
  });

  /** The reporter app's batch for a report queued without signal (docs/reporter-app.md#offline). */
  const queued = (who: Attacker, n: number, extra: Record<string, unknown> = {}) => {
    const ref = doc(collection(who.db, COLLECTIONS.incidentReports));
    const batch = writeBatch(who.db);
    batch.update(doc(who.db, quotaPath(who)), { filed: increment(1), lastId: ref.id });
    batch.set(ref, { ...reportOf(who, n), ...extra });
    return batch.commit();
  };

  it(`the offline path: 20 queued reports into a window that closed long ago yield at most ${LIMIT}; neither a future nor an ancient writtenAt gets in`, async () => {
    const hoarder = await account('offline hoarder', { role: 'User' });
    await fileReportAsApp(hoarder.db, hoarder.uid, reportOf(hoarder, 0));
    // The window the phone last saw closed hours ago: counting into it must not reopen the limit.
    await admin.db
      .doc(quotaPath(hoarder))
      .update({ windowStart: new Date(Date.now() - 5 * 3_600_000) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => queued(hoarder, n + 1)),
    );
    const taken = outcomes.filter((o) => o.status === 'fulfilled').length;
    assert.ok(1 + taken <= LIMIT, `${1 + taken} reports taken`);
    for (let n = 0; n <= LIMIT; n += 1) {
      const accepted = await queued(hoarder, 100 + n).then(
        () => true,
        () => false,
      );
      if (!accepted) break;
    }
    assert.equal(await reportsBy(hoarder), LIMIT);
    await refused(() => queued(hoarder, 200), [quotaPath(hoarder)]);
    // Only a new window starting now takes more, and it counts from one.
    const fresh = doc(collection(hoarder.db, COLLECTIONS.incidentReports));
    const future = Timestamp.fromMillis(Date.now() + 3_600_000);
    const ancient = Timestamp.fromMillis(
      Date.now() - (LIMITS.reportWrittenMaxAgeDays + 1) * 86_400_000,
    );
    for (const writtenAt of [future, ancient])
      await refused(
        () =>
          fileReportAsApp(hoarder.db, hoarder.uid, { ...reportOf(hoarder, 300), writtenAt }, fresh),
        [quotaPath(hoarder)],
      );
    await fileReportAsApp(hoarder.db, hoarder.uid, reportOf(hoarder, 301), fresh);
    assert.equal(await reportsBy(hoarder), LIMIT + 1);
    assert.equal((await admin.db.doc(quotaPath(hoarder)).get()).get('filed'), 1);
  });

  it(`16 anonymous filings called at once yield at most the quota, counted with the named ones`, async () => {
    const caller = await account('anonymous racer', { role: 'User' });
    // Two named reports first: the anonymous ones share the window.
    for (let n = 0; n < 2; n += 1)
      await fileReportAsApp(caller.db, caller.uid, reportOf(caller, n));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, () => caller.call('fileAnonymousReport', anonymousReport)),
    );
    const taken = outcomes.filter((o) => o.status === 'fulfilled').length;
    assert.ok(taken <= LIMIT - 2, `${taken} anonymous reports taken`);
    // Called one by one until refused with the reporter's words: the limit exactly.
    for (let more = 0; more <= LIMIT; more += 1) {
      try {
        await caller.call('fileAnonymousReport', anonymousReport);
      } catch (error) {
        assert.match(String((error as Error).message), /reports within an hour/);
        break;
      }
    }
    const links = await admin.db
      .collection(`${COLLECTIONS.users}/${caller.uid}/${COLLECTIONS.anonymousReports}`)
      .get();
    assert.equal(links.size, LIMIT - 2);
    assert.equal((await admin.db.doc(quotaPath(caller)).get()).get('filed'), LIMIT);
  });

  it(`16 reassignments of one report in a row: at most ${LIMITS.reassignmentsPerReportPerHour} are made, each telling the reporter once`, async () => {
    const reporter = await account('reassigned reporter', { role: 'User' });
    const boss = await account('reassigning Admin', { role: 'Admin' });
    const staff = [
      await account('first IMT', { role: 'IMT', campus: 'main' }),
      await account('second IMT', { role: 'IMT', campus: 'main' }),
    ];
    const id = await incident('main', reporter, {
      status: 'Processing',
      assignedTo: await assignee(staff[0]!),
      threatLevel: 'High',
    });
    let made = 0;
    let refusal = '';
    for (let n = 1; n <= 16; n += 1) {
      try {
        await boss.call('reassignReport', {
          incidentId: id,
          assigneeId: staff[n % 2]!.uid,
          reason: `Move ${n}`,
        });
        made += 1;
      } catch (error) {
        refusal = String((error as Error).message);
        // The last allowed move's keywords land through a trigger: the report settles first.
        await waitUntil(
          async () => {
            const report = (await admin.db.doc(`incident_reports/${id}`).get()).data();
            return keywordsUpToDate(report?.keywords, report ?? {}) || null;
          },
          { what: 'the last move’s keywords' },
        );
        // Refused, and the report is left as the last allowed move made it.
        await refused(
          () =>
            boss.call('reassignReport', {
              incidentId: id,
              assigneeId: staff[n % 2]!.uid,
              reason: 'Again',
            }),
          [`incident_reports/${id}`],
          ['resource-exhausted'],
        );
        break;
      }
    }
    assert.equal(made, LIMITS.reassignmentsPerReportPerHour);
    assert.match(refusal, /reassigned \d+ times within an hour/);
    const told = (
      await admin.db.collection(`users/${reporter.uid}/notifications`).get()
    ).docs.filter((d) => d.id.startsWith(`reassigned-${id}`));
    assert.equal(told.length, LIMITS.reassignmentsPerReportPerHour);
  });
});
