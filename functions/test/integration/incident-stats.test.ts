import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  INCIDENT_STATS_SHARDS,
  PROGRAMME_TIME_ZONE,
  dayInZone,
  incidentStatsId,
  type RebuildIncidentStatsResponse,
} from '@campus-safety/model';
import {
  account,
  callError,
  closeAll,
  cloudEvent,
  db,
  deliverEvent,
  docData,
  unique,
  waitFor,
  type SignedIn,
} from './stack';
import {
  addCounters,
  countersIn,
  pruneCounters,
  type Counters,
} from '../../src/domain/incident-stats';

// Campuses of their own (one with a '/', which the doc id must escape), so reports other tests
// write to the real campuses cannot move these counts.
const statsPath = (campus: string) => `${COLLECTIONS.incidentStats}/${incidentStatsId(campus)}`;

/** The shards of a stats doc summed as the console sums them (undefined when there are none). */
function summed(shards: FirebaseFirestore.QuerySnapshot, labels: Record<string, string>) {
  if (shards.empty) return undefined;
  const total: Counters = {};
  for (const shard of shards.docs) addCounters(total, countersIn(shard.data()));
  return { ...(pruneCounters(total) ?? {}), ...labels } as Record<string, any>;
}
const campusShards = (campus: string) =>
  db.collection(COLLECTIONS.incidentStats).where('campus', '==', campus).get();
const stats = async (campus: string) => summed(await campusShards(campus), { campus });
const dayStats = async (campus: string, day: string) =>
  summed(
    await db
      .collection(`${statsPath(campus)}/${INCIDENT_STATS_DAYS}`)
      .where('day', '==', day)
      .get(),
    { campus, day },
  );
const minutes = (sum: number) => (sum === 0 ? {} : { sum });
const counts = ({ updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

describe('incident stats trigger and rebuild', () => {
  const campus = unique('Stats/Campus');
  const reports = db.collection(COLLECTIONS.incidentReports);
  let admin: SignedIn;
  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  after(closeAll);

  it('counts new reports, status and threat moves, timing, and archive/restore', async () => {
    const base = {
      nearestCampus: campus,
      isArchived: false,
      status: 'Reported',
      incidentType: 'Fire',
      email: 'nobody@mail.test',
      timestamp: new Date(),
    };
    const [a, b, c] = [unique('inc'), unique('inc'), unique('inc')].map((id) => reports.doc(id));
    await a!.set(base);
    await b!.set({ ...base, incidentType: 'Theft' });
    await c!.set(base);
    const today = dayInZone(base.timestamp, PROGRAMME_TIME_ZONE);
    const first = await waitFor(
      () => stats(campus),
      (s) => s?.total === 3,
    );
    assert.equal(first!.campus, campus);
    assert.deepEqual(first!.byStatus, { Reported: 3 });
    assert.deepEqual(first!.byThreatLevel, { Unassessed: 3 });
    assert.deepEqual(first!.byIncidentType, { Fire: 2, Theft: 1 });
    assert.deepEqual(first!.openByDay, { [today]: 3 });
    const day = await waitFor(
      () => dayStats(campus, today),
      (d) => d?.total === 3,
    );
    assert.equal(day!.day, today);
    assert.deepEqual(day!.byIncidentType, { Fire: 2, Theft: 1 });

    // Assign: the status trigger then writes waitingTimeInMinutes, which the stats add up.
    await a!.update({ status: 'Processing', threatLevel: 'High' });
    const moved = await waitFor(
      () => stats(campus),
      (s) => s?.waitingTimeInMinutes?.count === 1,
    );
    const waited = (await docData(a!.path))!.waitingTimeInMinutes as number;
    assert.deepEqual(moved!.byStatus, { Reported: 2, Processing: 1 });
    assert.deepEqual(moved!.byThreatLevel, { Unassessed: 2, High: 1 });
    // A zero (a sum of 0 minutes) is stored as absent, like every bucket back at zero.
    assert.deepEqual(moved!.waitingTimeInMinutes, { count: 1, ...minutes(waited) });
    const movedDay = await waitFor(
      () => dayStats(campus, today),
      (d) => (d?.waiting as Record<string, unknown> | undefined)?.High !== undefined,
    );
    // Just written, so well within High's 10 minutes: one count in the bucket of its minutes.
    assert.deepEqual((movedDay!.waiting as Record<string, unknown>).High, {
      count: 1,
      ...minutes(waited),
      within: 1,
      histogram: { [String(waited)]: 1 },
    });

    await b!.update({ isArchived: true });
    const archived = await waitFor(
      () => stats(campus),
      (s) => s?.total === 2,
    );
    // A bucket back at zero is dropped, not kept as 0.
    assert.deepEqual(archived!.byIncidentType, { Fire: 2 });
    await b!.update({ isArchived: false });
    await waitFor(
      () => stats(campus),
      (s) => s?.total === 3 && s.byIncidentType.Theft === 1,
    );
    await c!.delete();
    const final = await waitFor(
      () => stats(campus),
      (s) => s?.total === 2,
    );
    assert.deepEqual(final!.byStatus, { Reported: 1, Processing: 1 });
  });

  it('a burst of reports written in one batch (as the seed does) counts every one', async () => {
    const busy = unique('Busy Campus');
    const batch = db.batch();
    for (let i = 0; i < 30; i++) {
      batch.set(reports.doc(unique('inc')), {
        nearestCampus: busy,
        isArchived: false,
        status: 'Reported',
        incidentType: 'Other',
        email: 'nobody@mail.test',
        timestamp: new Date(),
      });
    }
    await batch.commit();
    const counted = await waitFor(
      () => stats(busy),
      (s) => s?.total === 30,
      60_000,
    );
    assert.deepEqual(counted!.byStatus, { Reported: 30 });
    // Spread over the shards (issue 22): no one document takes every report's write.
    const shards = await campusShards(busy);
    assert.ok(shards.size > 1 && shards.size <= INCIDENT_STATS_SHARDS, String(shards.size));
    // Thirty concurrent transactions on the day's shards: each counted once.
    const today = dayInZone(Date.now(), PROGRAMME_TIME_ZONE);
    const day = await waitFor(
      () => dayStats(busy, today),
      (d) => d?.total === 30,
      60_000,
    );
    assert.deepEqual(day!.byStatus, { Reported: 30 });
  });

  it('a report tagged with a name Firestore reserves (`__x__`) counts by tag id, the figures exact (issue 17 item 6)', async () => {
    const tagged = unique('Tagged Campus');
    // `smoke` is a tag, so the status trigger keeps it; `__x__` can be none and is dropped.
    await db.collection(COLLECTIONS.tags).doc('smoke').set({ name: 'Smoke' });
    const ref = reports.doc(unique('inc'));
    await ref.set({
      nearestCampus: tagged,
      isArchived: false,
      status: 'Reported',
      incidentType: 'Fire',
      email: 'nobody@mail.test',
      timestamp: new Date(),
    });
    await waitFor(
      () => stats(tagged),
      (s) => s?.total === 1,
    );
    // An assignment naming a reserved name writes it, until the status trigger drops it.
    await ref.update({ status: 'Processing', tags: ['__x__', 'Smoke'] });
    const today = dayInZone(Date.now(), PROGRAMME_TIME_ZONE);
    const day = await waitFor(
      () => dayStats(tagged, today),
      (d) => d?.byStatus?.Processing === 1 && d?.byStatus?.Reported === undefined && !!d?.byTag,
    );
    assert.equal(day!.total, 1);
    assert.equal(day!.byTag.smoke, 1);
    assert.ok(Object.keys(day!.byTag as object).every((k) => !/^__.*__$/.test(k)));
    const campusDoc = await waitFor(
      () => stats(tagged),
      (s) => s?.byStatus?.Processing === 1,
    );
    assert.deepEqual(campusDoc!.byStatus, { Processing: 1 });
    const failures = await db
      .collection(COLLECTIONS.triggerFailures)
      .where('document', '==', ref.path)
      .get();
    assert.deepEqual(
      failures.docs.map((d) => d.data().trigger),
      [],
    );
  });

  it('a duplicate delivery of the same event counts once', async () => {
    const other = unique('Dup Campus');
    const document = `${COLLECTIONS.incidentReports}/${unique('inc')}`;
    // Already handled (Responded), so the report's other steps pass this made-up report over.
    const event = cloudEvent({
      id: unique('evt'),
      type: 'written',
      document,
      value: { nearestCampus: other, isArchived: false, status: 'Responded', incidentType: 'Fire' },
    });
    await deliverEvent('handleIncidentReportWrite', event);
    await waitFor(
      () => stats(other),
      (s) => s?.total === 1,
    );
    // deliverEvent returns once the trigger has run: the count is final.
    await deliverEvent('handleIncidentReportWrite', event);
    const after = (await stats(other))!;
    assert.equal(after.total, 1);
    assert.deepEqual(after.byStatus, { Responded: 1 });
  });

  it('rebuildIncidentStats reproduces the counts the trigger kept; only Admins may run it', async () => {
    const kept = counts((await stats(campus))!);
    const keptDay = counts((await dayStats(campus, dayInZone(Date.now(), PROGRAMME_TIME_ZONE)))!);
    const imt = await account({ role: 'IMT' });
    const refused = await callError(imt.call('rebuildIncidentStats'));
    assert.equal(refused.code, 'functions/permission-denied');
    // Spoil shard 0 first, so the rebuild has to recompute it rather than leave it alone.
    await db
      .doc(statsPath(campus))
      .set({ campus, total: 999, byStatus: { Reported: 42 } }, { merge: true });
    const res = await admin.call<RebuildIncidentStatsResponse>('rebuildIncidentStats');
    assert.ok(res.campuses >= 1 && res.days >= 1 && res.reports >= 2, JSON.stringify(res));
    const rebuilt = counts((await stats(campus))!);
    assert.deepEqual(rebuilt, kept);
    const today = dayInZone(Date.now(), PROGRAMME_TIME_ZONE);
    assert.deepEqual(counts((await dayStats(campus, today))!), keptDay);
  });
});
