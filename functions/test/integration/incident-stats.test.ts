import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  INCIDENT_STATS_DAYS,
  INCIDENT_STATS_SHARDS,
  PROGRAMME_TIME_ZONE,
  addDays,
  dayInZone,
  incidentStatsId,
  statsShardId,
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
  incidentStatsTotals,
  pruneCounters,
  statsShardCandidates,
  type Counters,
  type ReportFields,
} from '../../src/domain/incident-stats';
import { applyIncidentStatsChange, foldStatsDaysBefore } from '../../src/services/incident-stats';

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

describe('incident stats shards and the fold of past days (issue 22 items 2-3)', () => {
  const zone = PROGRAMME_TIME_ZONE;
  const DAY_MS = 86_400_000;
  const apply = (before: ReportFields | undefined, after: ReportFields | undefined, id?: string) =>
    applyIncidentStatsChange(db, { eventId: id ?? unique('evt'), before, after }, zone);
  /** An event id (deterministic search) whose two candidate shards are not among `avoid`. */
  function eventAvoiding(avoid: number[], need?: number): string {
    const prefix = unique('evt');
    for (let i = 0; ; i += 1) {
      const id = `${prefix}-${i}`;
      const pair = statsShardCandidates(id, INCIDENT_STATS_SHARDS);
      if (pair.some((k) => avoid.includes(k))) continue;
      if (need === undefined || pair.includes(need)) return id;
    }
  }
  /** What the reports sum to per doc, as the rebuild would count them (labels added). */
  function expected(reports: ReportFields[], campus: string, day: string | null) {
    const part = incidentStatsTotals(reports, zone).find(
      (p) => p.campus === campus && p.day === day,
    );
    return part && { ...part.counters, campus, ...(day === null ? {} : { day }) };
  }
  const daysOf = (campus: string) =>
    db.collection(`${statsPath(campus)}/${INCIDENT_STATS_DAYS}`).get();
  const shardsOfDay = async (campus: string, day: string) =>
    (await daysOf(campus)).docs.filter((d) => d.get('day') === day);

  it('a report filed in one shard and closed through another sums right; a shard with −1 and +1 stays, one back at zero is deleted', async () => {
    const campus = unique('Spread Campus');
    const filed = {
      nearestCampus: campus,
      isArchived: false,
      status: 'Reported',
      incidentType: 'Fire',
      timestamp: new Date(Date.now() - 3 * DAY_MS),
    };
    const day = dayInZone(filed.timestamp, zone);
    const created = unique('evt');
    await apply(undefined, filed, created);
    // Both candidates are missing (no writes yet): the first takes the report.
    const [first] = statsShardCandidates(created, INCIDENT_STATS_SHARDS);
    assert.deepEqual(
      (await campusShards(campus)).docs.map((d) => d.get('shard') as number),
      [first],
    );

    const closed = { ...filed, status: 'Resolved' };
    const closing = eventAvoiding([first]);
    await apply(filed, closed, closing);
    const [second] = statsShardCandidates(closing, INCIDENT_STATS_SHARDS);
    const shards = await campusShards(campus);
    assert.deepEqual(
      shards.docs.map((d) => d.get('shard') as number).sort((a, b) => a - b),
      [Math.min(first, second), Math.max(first, second)],
    );
    // The closing shard holds the move alone: −1 Reported, +1 Resolved, the day no longer open.
    const moved = shards.docs.find((d) => d.get('shard') === second)!.data();
    assert.deepEqual(moved.byStatus, { Reported: -1, Resolved: 1 });
    assert.deepEqual(moved.openByDay, { [day]: -1 });
    assert.deepEqual(counts((await stats(campus))!), expected([closed], campus, null));
    assert.deepEqual(counts((await dayStats(campus, day))!), expected([closed], campus, day));

    // Reopened through the closing shard (its other candidate planted busy): that shard is back
    // at zero everywhere and goes; the sum is the reopened report.
    const reopening = eventAvoiding([first], second);
    const [a, b] = statsShardCandidates(reopening, INCIDENT_STATS_SHARDS);
    const busy = a === second ? b : a;
    const plant = { campus, shard: busy, recentWrites: 1000, updatedAt: new Date() };
    await db
      .doc(`${COLLECTIONS.incidentStats}/${statsShardId(incidentStatsId(campus), busy)}`)
      .set(plant);
    await db.doc(`${statsPath(campus)}/${INCIDENT_STATS_DAYS}/${statsShardId(day, busy)}`).set({
      ...plant,
      day,
    });
    await apply(closed, filed, reopening);
    const left = await campusShards(campus);
    assert.deepEqual(
      left.docs.map((d) => d.get('shard') as number).sort((x, y) => x - y),
      [Math.min(first, busy), Math.max(first, busy)],
    );
    assert.deepEqual(counts((await stats(campus))!), expected([filed], campus, null));
    assert.deepEqual(counts((await dayStats(campus, day))!), expected([filed], campus, day));
  });

  it('the fold sums each past day into shard 0 and deletes the rest, exact while a late update races it; today and the campus doc stay spread', async () => {
    const campus = unique('Fold Campus');
    const today = dayInZone(Date.now(), zone);
    const pastAt = new Date(Date.now() - 2 * DAY_MS);
    const past = dayInZone(pastAt, zone);
    const report = (i: number, timestamp: Date): ReportFields => ({
      nearestCampus: campus,
      isArchived: false,
      status: 'Reported',
      incidentType: i % 2 ? 'Fire' : 'Theft',
      timestamp,
    });
    // Six reports two days ago and six today, each filed and then assigned: spread over shards.
    const reports = [
      ...Array.from({ length: 6 }, (_, i) => report(i, pastAt)),
      ...Array.from({ length: 6 }, (_, i) => report(i, new Date())),
    ];
    for (const r of reports) await apply(undefined, r);
    const assigned = reports.map((r) => ({ ...r, status: 'Processing', threatLevel: 'High' }));
    for (const [i, r] of reports.entries()) await apply(r, assigned[i]);
    // A day whose reports all went away again, through other shards: its shards sum to nothing.
    const goneAt = new Date(Date.now() - 4 * DAY_MS);
    const gone = report(0, goneAt);
    const goneFiled = unique('evt');
    await apply(undefined, gone, goneFiled);
    await apply(
      gone,
      undefined,
      eventAvoiding(statsShardCandidates(goneFiled, INCIDENT_STATS_SHARDS)),
    );
    const goneDay = dayInZone(goneAt, zone);
    assert.equal((await shardsOfDay(campus, goneDay)).length, 2);
    assert.ok((await shardsOfDay(campus, past)).length > 1);
    const todayShards = (await shardsOfDay(campus, today)).map((d) => d.id).sort();
    const campusDocShards = (await campusShards(campus)).docs.map((d) => d.id).sort();
    assert.ok(todayShards.length > 1 && campusDocShards.length > 1);

    // A late update of an old report (closing it) races the fold: both are transactions.
    const closed = { ...assigned[0]!, status: 'Resolved' };
    const [folded] = await Promise.all([
      foldStatsDaysBefore(db, today),
      apply(assigned[0], closed),
    ]);
    assert.ok(folded.days >= 2 && folded.removedShards >= 3, JSON.stringify(folded));
    const final = [closed, ...assigned.slice(1)];
    assert.deepEqual(counts((await dayStats(campus, past))!), expected(final, campus, past));
    assert.deepEqual(await shardsOfDay(campus, goneDay), []);
    // Today is not over, and campus docs are written by every report: neither is folded.
    assert.deepEqual((await shardsOfDay(campus, today)).map((d) => d.id).sort(), todayShards);
    assert.deepEqual(counts((await dayStats(campus, today))!), expected(final, campus, today));
    assert.deepEqual(counts((await stats(campus))!), expected(final, campus, null));
    assert.ok((await campusShards(campus)).size > 1);

    // Had the late update landed after the fold, the next fold takes it in: then one doc.
    await foldStatsDaysBefore(db, today);
    const pastShards = await shardsOfDay(campus, past);
    assert.deepEqual(
      pastShards.map((d) => [d.id, d.get('shard')]),
      [[statsShardId(past, 0), 0]],
    );
    assert.deepEqual(counts((await dayStats(campus, past))!), expected(final, campus, past));
    // Tomorrow, today is over too.
    await foldStatsDaysBefore(db, addDays(today, 1));
    assert.equal((await shardsOfDay(campus, today)).length, 1);
    assert.deepEqual(counts((await dayStats(campus, today))!), expected(final, campus, today));
  });
});
