import assert from 'node:assert/strict';
import {
  INCIDENT_STATS_SHARDS,
  RESPONSE_TARGETS,
  THREAT_LEVELS,
  durationOver,
  incidentStatsId,
  nearestRank,
  type DayDurations,
} from '@campus-safety/model';
import {
  addCounters,
  countersIn,
  incidentStatsContribution,
  incidentStatsDelta,
  incidentStatsTotals,
  lessLoaded,
  recentWritesOf,
  pruneCounters,
  statsShardCandidates,
  type Counters,
  type ReportFields,
  type StatsPart,
} from '../../src/domain/incident-stats';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const zone = 'Asia/Manila';
const report: ReportFields = {
  nearestCampus: 'main',
  isArchived: false,
  status: 'Reported',
  incidentType: 'Fire',
  // 07:30 on Nov 22 in Manila (UTC+8): the report's day there, not the UTC day (Nov 21).
  timestamp: new Date('2026-11-21T23:30:00Z'),
};
const DAY = '2026-11-22';

/** Parts keyed `campus` (campus doc) or `campus/day` (day doc). */
function byDoc(parts: StatsPart[]): Record<string, Counters> {
  return Object.fromEntries(
    parts.map((p) => [p.day === null ? p.campus : `${p.campus}/${p.day}`, p.counters]),
  );
}
const delta = (before?: ReportFields, after?: ReportFields) =>
  byDoc(incidentStatsDelta(before, after, zone));

describe('incident stats: contribution and delta', () => {
  it('a new report counts once in its campus doc and in the doc of its programme-zone day', () => {
    assert.deepEqual(delta(undefined, { ...report, tags: ['smoke', 'smoke', '', 'night'] }), {
      main: {
        total: 1,
        byStatus: { Reported: 1 },
        byThreatLevel: { Unassessed: 1 },
        byIncidentType: { Fire: 1 },
        openByDay: { [DAY]: 1 },
      },
      [`main/${DAY}`]: {
        total: 1,
        byStatus: { Reported: 1 },
        byThreatLevel: { Unassessed: 1 },
        byIncidentType: { Fire: 1 },
        byTag: { smoke: 1, night: 1 },
      },
    });
  });

  it('counts tags by tag id: a name Firestore reserves (`__x__`) or a case variant cannot break or split byTag (issue 17 item 6)', () => {
    const docs = delta(undefined, {
      ...report,
      tags: ['__x__', 'Fire  Drill', 'fire drill', '__', 'a.b/c'],
    });
    assert.deepEqual(docs[`main/${DAY}`]!.byTag, { x: 1, 'fire drill': 1, 'a-b-c': 1 });
    const keys = Object.keys(docs[`main/${DAY}`]!.byTag as Counters);
    assert.ok(
      keys.every((k) => k !== '' && !/^__.*__$/.test(k)),
      keys.join(),
    );
  });

  it('assignment with a threat level adds the waiting time to that level, judged by its target', () => {
    // High: assign within 10 min (deployment.json).
    const assigned = {
      ...report,
      status: 'Processing',
      threatLevel: 'High',
      waitingTimeInMinutes: 10,
    };
    const d = delta(report, assigned);
    assert.deepEqual(d['main'], {
      byStatus: { Reported: -1, Processing: 1 },
      byThreatLevel: { Unassessed: -1, High: 1 },
      waitingTimeInMinutes: { sum: 10, count: 1 },
    });
    assert.deepEqual(d[`main/${DAY}`], {
      byStatus: { Reported: -1, Processing: 1 },
      byThreatLevel: { Unassessed: -1, High: 1 },
      waiting: { High: { count: 1, sum: 10, within: 1, histogram: { '10': 1 } } },
    });
    const late = delta(report, { ...assigned, waitingTimeInMinutes: 11 })[`main/${DAY}`]!;
    assert.deepEqual(late.waiting, { High: { count: 1, sum: 11, histogram: { '11': 1 } } });
  });

  it('an acknowledgement adds its time to acknowledge (MTTA), and a reassignment takes it back out', () => {
    const assigned = {
      ...report,
      status: 'Processing',
      threatLevel: 'High',
      waitingTimeInMinutes: 5,
    };
    // Acknowledged three minutes after the assignment, the same Manila day.
    const acknowledged = {
      ...assigned,
      acknowledgeTimeInMinutes: 3,
      acknowledgedAt: new Date('2026-11-21T23:43:00Z'),
    };
    const d = delta(assigned, acknowledged);
    assert.deepEqual(d['main'], { acknowledgeTimeInMinutes: { sum: 3, count: 1 } });
    assert.deepEqual(d[`main/${DAY}`], {
      acknowledge: { High: { count: 1, sum: 3, histogram: { '3': 1 } } },
    });
    const reassigned = delta(acknowledged, assigned);
    assert.deepEqual(reassigned['main'], {
      acknowledgeTimeInMinutes: { sum: -3, count: -1 },
    });
    assert.deepEqual(reassigned[`main/${DAY}`], {
      acknowledge: { High: { count: -1, sum: -3, histogram: { '3': -1 } } },
    });
  });

  it('an acknowledgement counts on the day it was given, not the day the report was filed', () => {
    // Filed Nov 22, assigned and acknowledged on Dec 1 (Manila): the MTTA of a period holding
    // Dec 1 counts it, that of Nov 22 does not.
    const assigned = { ...report, status: 'Processing', threatLevel: 'Critical' };
    const acknowledged = {
      ...assigned,
      acknowledgeTimeInMinutes: 2,
      acknowledgedAt: new Date('2026-12-01T02:00:00Z'),
    };
    const d = delta(assigned, acknowledged);
    assert.deepEqual(d['main/2026-12-01'], {
      acknowledge: { Critical: { count: 1, sum: 2, histogram: { '2': 1 } } },
    });
    assert.equal(d[`main/${DAY}`], undefined);
    const days: DayDurations[] = Object.entries(byDoc(incidentStatsTotals([acknowledged], zone)))
      .filter(([key]) => key === 'main/2026-12-01')
      .map(([, counters]) => counters as DayDurations);
    assert.equal(durationOver(days, 'acknowledge', ['Critical']).mean, 2);
  });

  it('a response closes nothing; resolving takes the report out of the open backlog', () => {
    const responded = {
      ...report,
      status: 'Responded',
      threatLevel: 'Critical',
      waitingTimeInMinutes: 3,
      responseTimeInMinutes: 200,
    };
    const resolved = { ...responded, status: 'Resolved' };
    const d = delta(responded, resolved);
    assert.deepEqual(d['main'], {
      byStatus: { Responded: -1, Resolved: 1 },
      openByDay: { [DAY]: -1 },
    });
    const day = byDoc(incidentStatsContribution(responded, zone))[`main/${DAY}`]!;
    // 200 min falls in the 5-minute band: bucket 200..205; 200 > 15 (Critical) is not within.
    assert.deepEqual(day.response, {
      Critical: { count: 1, sum: 200, within: 0, histogram: { '200': 1 } },
    });
  });

  it('archiving takes everything out, restoring puts it back, deleting takes it out', () => {
    const archived = { ...report, isArchived: true };
    assert.deepEqual(incidentStatsContribution(archived, zone), []);
    const out = delta(report, archived);
    assert.equal(out['main']!.total, -1);
    assert.equal(out[`main/${DAY}`]!.total, -1);
    assert.deepEqual(delta(archived, report), delta(undefined, report));
    assert.equal(delta(report, undefined)['main']!.total, -1);
    assert.deepEqual(delta(archived, { ...archived, status: 'Declined' }), {});
  });

  it('an edit of fields the stats do not count changes nothing (the trigger writes nothing)', () => {
    assert.deepEqual(delta(report, { ...report, description: 'more detail' } as ReportFields), {});
  });

  it('a campus or day move takes the report from the old docs and gives it to the new', () => {
    const d = delta(report, { ...report, nearestCampus: 'north' });
    assert.equal(d['main']!.total, -1);
    assert.equal(d[`main/${DAY}`]!.total, -1);
    assert.equal(d[`north/${DAY}`]!.total, 1);
    // 15:59:59Z is 23:59:59 in Manila (same day), 16:00:00Z already the next day.
    const late = { ...report, timestamp: new Date('2026-11-22T15:59:59Z') };
    const next = { ...report, timestamp: new Date('2026-11-22T16:00:00Z') };
    assert.deepEqual(Object.keys(delta(late, next)).sort(), [
      'main',
      'main/2026-11-22',
      'main/2026-11-23',
    ]);
  });

  it('reads Firestore Timestamps, ignores bad minutes, tags and reports without a campus', () => {
    const ts = { toDate: () => new Date('2026-11-20T10:00:00Z') };
    const docs = byDoc(
      incidentStatsContribution(
        {
          ...report,
          timestamp: ts,
          waitingTimeInMinutes: -3,
          responseTimeInMinutes: 'x',
          tags: 'no',
        },
        zone,
      ),
    );
    assert.deepEqual(Object.keys(docs), ['main', 'main/2026-11-20']);
    assert.deepEqual(docs['main']!.waitingTimeInMinutes, {});
    assert.deepEqual(docs['main/2026-11-20']!.byTag, {});
    assert.deepEqual(incidentStatsContribution({ ...report, nearestCampus: '' }, zone), []);
    const apocalyptic = byDoc(
      incidentStatsContribution(
        { ...report, threatLevel: 'Apocalyptic', waitingTimeInMinutes: 15 },
        zone,
      ),
    );
    assert.deepEqual(apocalyptic['main']!.byThreatLevel, { Unassessed: 1 });
    // Unrated target: assign within 15.
    assert.deepEqual((apocalyptic[`main/${DAY}`]!.waiting as Counters).Unrated, {
      count: 1,
      sum: 15,
      within: 1,
      histogram: { '15': 1 },
    });
    // No timestamp: the campus doc only.
    assert.deepEqual(
      Object.keys(byDoc(incidentStatsContribution({ ...report, timestamp: null }, zone))),
      ['main'],
    );
  });

  it('totals add up every live report per doc (the rebuild)', () => {
    const totals = byDoc(
      incidentStatsTotals(
        [
          report,
          { ...report, status: 'Responded', threatLevel: 'High', responseTimeInMinutes: 30 },
          { ...report, responseTimeInMinutes: 10 },
          { ...report, isArchived: true },
          { ...report, nearestCampus: 'north' },
        ],
        zone,
      ),
    );
    const main = totals['main']!;
    assert.equal(main.total, 3);
    assert.deepEqual(main.byStatus, { Reported: 2, Responded: 1 });
    assert.deepEqual(main.byThreatLevel, { Unassessed: 2, High: 1 });
    assert.deepEqual(main.responseTimeInMinutes, { sum: 40, count: 2 });
    assert.deepEqual(main.openByDay, { [DAY]: 3 });
    assert.deepEqual(totals[`main/${DAY}`]!.response, {
      High: { count: 1, sum: 30, within: 1, histogram: { '30': 1 } },
      Unrated: { count: 1, sum: 10, within: 1, histogram: { '10': 1 } },
    });
    assert.equal(totals['north']!.total, 1);
  });
});

describe('counters', () => {
  it('add, subtract back to nothing, and read a stored doc without its labels', () => {
    const stored = countersIn({
      campus: 'main',
      day: DAY,
      updatedAt: { toDate: () => new Date() },
      total: 2,
      waiting: { High: { count: 2, sum: 9, histogram: { '4': 1, '5': 1 } } },
    });
    assert.deepEqual(stored, {
      total: 2,
      waiting: { High: { count: 2, sum: 9, histogram: { '4': 1, '5': 1 } } },
    });
    const change = {
      total: -2,
      waiting: { High: { count: -2, sum: -9, histogram: { '4': -1, '5': -1 } } },
    };
    assert.equal(pruneCounters(addCounters(stored, change)), null);
  });
});

describe('stats shards (issue 22 item 2)', () => {
  it('a stored shard label is not a counter: summing shards never adds their numbers', () => {
    assert.deepEqual(countersIn({ campus: 'main', shard: 7, total: -1 }), { total: -1 });
  });

  it('each event draws two distinct shards, the same two on every delivery, every shard drawn', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const [a, b] = statsShardCandidates(`event-${i}`, INCIDENT_STATS_SHARDS);
      assert.notEqual(a, b);
      for (const k of [a, b]) assert.ok(Number.isInteger(k) && k >= 0 && k < INCIDENT_STATS_SHARDS);
      assert.deepEqual(statsShardCandidates(`event-${i}`, INCIDENT_STATS_SHARDS), [a, b]);
      seen.add(a).add(b);
    }
    assert.equal(seen.size, INCIDENT_STATS_SHARDS);
    assert.deepEqual(statsShardCandidates('any', 2).sort(), [0, 1]);
  });

  it('writes the shard with fewer recent writes, faded over 10 s; a missing shard has none', () => {
    const at = (ms: number) => ({ toDate: () => new Date(ms) });
    assert.equal(recentWritesOf(undefined, 0), 0);
    assert.equal(recentWritesOf({ total: 3, updatedAt: at(0) }, 0), 0);
    assert.equal(recentWritesOf({ recentWrites: 4, updatedAt: at(1000) }, 1000), 4);
    assert.ok(
      Math.abs(recentWritesOf({ recentWrites: 4, updatedAt: at(0) }, 10_000) - 4 / Math.E) < 1e-9,
    );
    // A clock behind the commit time reads the count as it was written, never more.
    assert.equal(recentWritesOf({ recentWrites: 4, updatedAt: at(5000) }, 1000), 4);
    assert.equal(lessLoaded([3, 1]), 1);
    assert.equal(lessLoaded([1, 3]), 0);
    assert.equal(lessLoaded([2, 2]), 0);
  });

  it('2,000-report bursts in 10 minutes write no shard more than 10 times in 10 s; a fixed shard per report, or the less recently written of two, do', () => {
    /** One burst (seeded): each report moves the doc when filed and when assigned, 1-5 s later. */
    function burst(seed: number) {
      let state = seed;
      const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
      const writes: Write[] = [];
      let at = 0;
      for (let i = 0; i < 2000; i += 1) {
        at += -Math.log(1 - random()) * 300; // Poisson arrivals, 3.3 a second
        writes.push({ at, eventId: `${seed}-create-${i}`, reportId: `${seed}-${i}` });
        const assigned = at + 1000 + random() * 4000;
        writes.push({ at: assigned, eventId: `${seed}-assign-${i}`, reportId: `${seed}-${i}` });
      }
      return writes.sort((a, b) => a.at - b.at);
    }
    /** The most writes any shard took in 10 s, each write going where `choose` says. */
    function peak(writes: Write[], choose: (w: Write, shards: ShardState[]) => number) {
      const shards: ShardState[] = Array.from({ length: INCIDENT_STATS_SHARDS }, () => ({
        times: [],
      }));
      for (const w of writes) {
        const shard = shards[choose(w, shards)]!;
        const recentWrites = recentWritesOf(shard.stored, w.at) + 1;
        shard.stored = { recentWrites, updatedAt: new Date(w.at) };
        shard.times.push(w.at);
      }
      let max = 0;
      for (const { times } of shards)
        for (let end = 0, start = 0; end < times.length; end += 1) {
          while (times[end]! - times[start]! >= 10_000) start += 1;
          max = Math.max(max, end - start + 1);
        }
      return max;
    }
    const lessLoadedOfTwo = (w: Write, shards: ShardState[]) => {
      const pair = statsShardCandidates(w.eventId, INCIDENT_STATS_SHARDS);
      const load = pair.map((k) => recentWritesOf(shards[k]!.stored, w.at)) as [number, number];
      return pair[lessLoaded(load)];
    };
    const fixedPerReport = (w: Write) => statsShardCandidates(w.reportId, INCIDENT_STATS_SHARDS)[0];
    const lessRecentOfTwo = (w: Write, shards: ShardState[]) => {
      const pair = statsShardCandidates(w.eventId, INCIDENT_STATS_SHARDS);
      const [a, b] = pair.map((k) => shards[k]!.times.at(-1) ?? -Infinity);
      return pair[b! < a! ? 1 : 0];
    };
    const over = { lessLoadedOfTwo: 0, fixedPerReport: 0, lessRecentOfTwo: 0 };
    let highest = 0;
    for (let seed = 1; seed <= 20; seed += 1) {
      const writes = burst(seed * 7919);
      const chosen = peak(writes, lessLoadedOfTwo);
      highest = Math.max(highest, chosen);
      if (chosen > 10) over.lessLoadedOfTwo += 1;
      if (peak(writes, fixedPerReport) > 10) over.fixedPerReport += 1;
      if (peak(writes, lessRecentOfTwo) > 10) over.lessRecentOfTwo += 1;
    }
    assert.ok(highest <= 10, `a burst peaked at ${highest} writes in 10 s`);
    assert.ok(over.fixedPerReport > 0 && over.lessRecentOfTwo > 0, JSON.stringify(over));
  });
});

interface Write {
  at: number;
  eventId: string;
  reportId: string;
}

interface ShardState {
  stored?: { recentWrites: number; updatedAt: Date };
  times: number[];
}

describe('incidentStatsId', () => {
  it('keeps campus names Firestore allows and escapes the rest without collisions', () => {
    assert.equal(incidentStatsId('main'), 'main');
    assert.equal(incidentStatsId('A/B'), 'A%2FB');
    assert.equal(incidentStatsId('A%2FB'), 'A%252FB');
    assert.equal(incidentStatsId('..'), '%..');
    assert.equal(incidentStatsId('__x__'), '%__x__');
  });
});

describe('day docs against brute force over generated reports', () => {
  it('answer "how fast did we respond to High and Critical on North Campus last month" exactly', () => {
    let state = 42;
    const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const start = Date.UTC(2026, 8, 15);
    const reports = Array.from({ length: 3000 }, () => {
      const responded = random() < 0.7;
      const minutes = random() < 0.7 ? Math.floor(random() * 120) : Math.floor(random() * 3000);
      return {
        nearestCampus: pick(DEMO_CAMPUSES.map((c) => c.id)),
        isArchived: random() < 0.05,
        status: responded ? 'Responded' : pick(['Reported', 'Declined']),
        threatLevel: pick([...THREAT_LEVELS, null]),
        incidentType: 'Fire',
        // Minutes apart, so many land close to local midnight.
        timestamp: new Date(start + Math.floor(random() * 75 * 1440) * 60_000),
        responseTimeInMinutes: responded ? minutes : undefined,
      };
    });
    const month = { from: '2026-10-01', to: '2026-10-31' };
    const days = incidentStatsTotals(reports, zone)
      .filter((p) => p.campus === 'north' && p.day && p.day >= month.from && p.day <= month.to)
      .map((p) => p.counters as DayDurations);
    const got = durationOver(days, 'response', ['High', 'Critical']);

    const chosen = reports.filter((r) => {
      const localDay = new Date(r.timestamp.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      return (
        !r.isArchived &&
        r.nearestCampus === 'north' &&
        (r.threatLevel === 'High' || r.threatLevel === 'Critical') &&
        r.responseTimeInMinutes !== undefined &&
        localDay >= month.from &&
        localDay <= month.to
      );
    });
    const minutes = chosen.map((r) => r.responseTimeInMinutes!);
    const within = chosen.filter(
      (r) =>
        r.responseTimeInMinutes! <= RESPONSE_TARGETS[r.threatLevel as 'High'].respondWithinMinutes,
    ).length;
    assert.ok(chosen.length > 30);
    assert.equal(got.count, chosen.length);
    assert.equal(got.within, within);
    assert.equal(got.mean, minutes.reduce((a, b) => a + b, 0) / minutes.length);
    for (const [read, p] of [
      [got.median, 0.5],
      [got.p90, 0.9],
    ] as const) {
      const exact = nearestRank(minutes, p)!;
      assert.ok(read && read.from <= exact && exact < read.to, `p${p}: ${exact}`);
      if (exact < 120) assert.equal(read.from, exact);
    }
  });
});
