import assert from 'node:assert/strict';
import { incidentStatsId } from '@campus-safety/model';
import {
  incidentStatsContribution,
  incidentStatsDelta,
  incidentStatsTotals,
  oldestKeptDay,
  type ReportFields,
} from '../../src/domain/incident-stats';

const now = new Date('2026-11-22T15:00:00Z');
const report: ReportFields = {
  nearestCampus: 'Main Campus',
  isArchived: false,
  status: 'Reported',
  incidentType: 'Fire',
  timestamp: new Date('2026-11-21T23:30:00Z'),
};
const delta = (before?: ReportFields, after?: ReportFields) =>
  Object.fromEntries(incidentStatsDelta(before, after, now));

describe('incident stats: contribution and delta', () => {
  it('a new report counts once for its campus: status, Unassessed, type and UTC day', () => {
    assert.deepEqual(delta(undefined, report), {
      'Main Campus': {
        total: 1,
        byStatus: { Reported: 1 },
        byThreatLevel: { Unassessed: 1 },
        byIncidentType: { Fire: 1 },
        byDay: { '2026-11-21': 1 },
      },
    });
  });

  it('a status move with its timing moves one count between statuses and adds the minutes', () => {
    const processing = { ...report, status: 'Processing', waitingTimeInMinutes: 12 };
    assert.deepEqual(delta(report, processing), {
      'Main Campus': {
        byStatus: { Reported: -1, Processing: 1 },
        waitingTimeInMinutes: { sum: 12, count: 1 },
      },
    });
  });

  it('a threat level change moves the report between threat buckets', () => {
    const high = { ...report, threatLevel: 'High' };
    assert.deepEqual(delta(report, high), {
      'Main Campus': { byThreatLevel: { Unassessed: -1, High: 1 } },
    });
    assert.deepEqual(delta(high, { ...high, threatLevel: 'Low' }), {
      'Main Campus': { byThreatLevel: { High: -1, Low: 1 } },
    });
  });

  it('archiving takes everything out, restoring puts it back', () => {
    const done = { ...report, status: 'Responded', responseTimeInMinutes: 40 };
    const archived = { ...done, isArchived: true };
    const out = delta(done, archived)['Main Campus']!;
    assert.equal(out.total, -1);
    assert.deepEqual(out.byStatus, { Responded: -1 });
    assert.deepEqual(out.responseTimeInMinutes, { sum: -40, count: -1 });
    assert.deepEqual(delta(archived, done)['Main Campus']!.responseTimeInMinutes, {
      sum: 40,
      count: 1,
    });
    assert.equal(incidentStatsContribution(archived, now), null);
  });

  it('a delete takes the report out; a write of an archived report changes nothing', () => {
    assert.equal(delta(report, undefined)['Main Campus']!.total, -1);
    const archived = { ...report, isArchived: true };
    assert.deepEqual(delta(archived, { ...archived, status: 'Declined' }), {});
  });

  it('an edit of fields the stats do not count changes nothing (the trigger writes nothing)', () => {
    assert.deepEqual(delta(report, { ...report, description: 'more detail' } as ReportFields), {});
  });

  it('moving a report to another campus takes it from one and gives it to the other', () => {
    const d = delta(report, { ...report, nearestCampus: 'North Campus' });
    assert.equal(d['Main Campus']!.total, -1);
    assert.equal(d['North Campus']!.total, 1);
  });

  it('a report older than the 90 kept days counts everywhere but byDay', () => {
    assert.equal(oldestKeptDay(now), '2026-08-25');
    const old = { ...report, timestamp: new Date('2026-08-24T23:59:59Z') };
    const c = incidentStatsContribution(old, now)!;
    assert.deepEqual(c.counters.byDay, {});
    assert.equal(c.counters.total, 1);
    const edge = { ...report, timestamp: new Date('2026-08-25T00:00:00Z') };
    assert.deepEqual(incidentStatsContribution(edge, now)!.counters.byDay, { '2026-08-25': 1 });
  });

  it('reads Firestore Timestamps, ignores bad minutes and reports without a campus', () => {
    const ts = { toDate: () => new Date('2026-11-20T10:00:00Z') };
    const c = incidentStatsContribution(
      { ...report, timestamp: ts, waitingTimeInMinutes: -3, responseTimeInMinutes: 'x' },
      now,
    )!;
    assert.deepEqual(c.counters.byDay, { '2026-11-20': 1 });
    assert.deepEqual(c.counters.waitingTimeInMinutes, { sum: 0, count: 0 });
    assert.equal(incidentStatsContribution({ ...report, nearestCampus: '' }, now), null);
    assert.equal(
      incidentStatsContribution({ ...report, threatLevel: 'Apocalyptic' }, now)!.counters
        .byThreatLevel.Unassessed,
      1,
    );
  });

  it('totals add up every live report per campus (the rebuild)', () => {
    const totals = incidentStatsTotals(
      [
        report,
        { ...report, status: 'Responded', threatLevel: 'High', responseTimeInMinutes: 30 },
        { ...report, responseTimeInMinutes: 10 },
        { ...report, isArchived: true },
        { ...report, nearestCampus: 'North Campus' },
      ],
      now,
    );
    const main = totals.get('Main Campus')!;
    assert.equal(main.total, 3);
    assert.deepEqual(main.byStatus, { Reported: 2, Responded: 1 });
    assert.deepEqual(main.byThreatLevel, { Unassessed: 2, High: 1 });
    assert.deepEqual(main.responseTimeInMinutes, { sum: 40, count: 2 });
    assert.deepEqual(main.byDay, { '2026-11-21': 3 });
    assert.equal(totals.get('North Campus')!.total, 1);
  });
});

describe('incidentStatsId', () => {
  it('keeps campus names Firestore allows and escapes the rest without collisions', () => {
    assert.equal(incidentStatsId('Main Campus'), 'Main Campus');
    assert.equal(incidentStatsId('A/B'), 'A%2FB');
    assert.equal(incidentStatsId('A%2FB'), 'A%252FB');
    assert.equal(incidentStatsId('..'), '%..');
    assert.equal(incidentStatsId('__x__'), '%__x__');
  });
});
