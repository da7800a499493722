import assert from 'node:assert/strict';
import {
  HISTOGRAM_OVERFLOW,
  addDays,
  backlogByAge,
  bucketEnd,
  bucketOf,
  checkedRange,
  dayInZone,
  daysOf,
  histogramOf,
  mergeDurationStats,
  mergeHistograms,
  nearestRank,
  percentileOf,
  presetRange,
  shareWithin,
} from '../src/index';

/** A seeded generator, so a failure replays. */
function generator(seed: number) {
  let state = seed;
  return () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
}

/** Durations shaped like real ones: mostly minutes, some hours, a few days, whole minutes. */
function durations(random: () => number, n: number): number[] {
  return Array.from({ length: n }, () => {
    const r = random();
    if (r < 0.6) return Math.floor(random() * 120);
    if (r < 0.85) return Math.floor(120 + random() * 1320);
    if (r < 0.97) return Math.floor(1440 + random() * 8640);
    return Math.floor(10_080 + random() * 20_000);
  });
}

describe('minute histograms', () => {
  it('puts every minute in exactly one bucket, exact under 2 h, widening after', () => {
    for (let m = 0; m < 12_000; m++) {
      const from = bucketOf(m);
      assert.ok(from <= m && m < bucketEnd(from), `minute ${m}`);
      if (m < 120) assert.equal(from, m);
    }
    assert.equal(bucketOf(119.9), 119);
    assert.equal(bucketOf(481), 480);
    assert.equal(bucketEnd(480), 495);
    assert.equal(bucketOf(50_000), HISTOGRAM_OVERFLOW);
    assert.equal(bucketEnd(HISTOGRAM_OVERFLOW), Infinity);
    assert.throws(() => bucketOf(-1), RangeError);
    assert.deepEqual(histogramOf([3, 3, -1, 'x', 130, 131]), { '3': 2, '130': 2 });
  });

  it('median and p90 of merged per-day histograms bracket the brute-force values', () => {
    const random = generator(7);
    for (let round = 0; round < 200; round++) {
      const days = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        durations(random, Math.floor(random() * 30)),
      );
      const all = days.flat();
      const merged = mergeHistograms(days.map((d) => histogramOf(d)));
      for (const p of [0.5, 0.9, 1]) {
        const exact = nearestRank(all, p);
        const read = percentileOf(merged, p);
        if (exact === null) {
          assert.equal(read, null);
          continue;
        }
        assert.ok(read, `round ${round} p${p}`);
        assert.ok(
          read.from <= exact && exact < read.to,
          `round ${round} p${p}: ${exact} in ${read.from}..${read.to}`,
        );
        if (exact < 120) assert.equal(read.from, exact);
        // The stated error: below the bucket's width.
        assert.ok(exact - read.from < read.to - read.from);
      }
    }
  });

  it('nearest rank: the lower middle value for an even count, the ceiling rank otherwise', () => {
    assert.equal(nearestRank([4, 1, 3, 2], 0.5), 2);
    assert.equal(nearestRank([5, 1, 3], 0.5), 3);
    assert.equal(
      nearestRank(
        Array.from({ length: 10 }, (_, i) => i + 1),
        0.9,
      ),
      9,
    );
    assert.deepEqual(percentileOf({ '1': 1, '2': 1, '3': 1, '4': 1 }, 0.5), { from: 2, to: 3 });
    assert.equal(percentileOf({}, 0.5), null);
    assert.throws(() => percentileOf({}, 0), RangeError);
  });

  it('merged duration stats count, sum and share within target like the raw values', () => {
    const random = generator(11);
    const target = 30;
    const values = durations(random, 500);
    const perDay = [values.slice(0, 100), values.slice(100, 350), values.slice(350)].map((d) => ({
      count: d.length,
      sum: d.reduce((a, b) => a + b, 0),
      within: d.filter((v) => v <= target).length,
      histogram: histogramOf(d),
    }));
    const merged = mergeDurationStats([...perDay, undefined]);
    assert.equal(merged.count, 500);
    assert.equal(
      merged.sum,
      values.reduce((a, b) => a + b, 0),
    );
    assert.equal(shareWithin(merged), values.filter((v) => v <= target).length / 500);
    assert.equal(shareWithin({ count: 0, within: 0 }), null);
  });
});

describe('programme-zone days', () => {
  it('cuts days at local midnight, not UTC midnight', () => {
    assert.equal(dayInZone(new Date('2026-11-21T15:59:59Z'), 'Asia/Manila'), '2026-11-21');
    assert.equal(dayInZone(new Date('2026-11-21T16:00:00Z'), 'Asia/Manila'), '2026-11-22');
    // New York across the daylight-saving end (Nov 1, 2026): UTC−4 before, UTC−5 after.
    assert.equal(dayInZone(new Date('2026-11-01T03:59:59Z'), 'America/New_York'), '2026-10-31');
    assert.equal(dayInZone(new Date('2026-11-02T04:59:59Z'), 'America/New_York'), '2026-11-01');
    assert.equal(dayInZone(new Date('2026-11-02T05:00:00Z'), 'America/New_York'), '2026-11-02');
  });

  it('matches a brute-force day from a fixed offset for many instants (Manila has no DST)', () => {
    const random = generator(3);
    for (let i = 0; i < 2000; i++) {
      const ms = Date.UTC(2025, 0, 1) + Math.floor(random() * 800 * 86_400_000);
      const local = new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
      assert.equal(dayInZone(ms, 'Asia/Manila'), local);
    }
  });

  it('backlog by age counts each open report once in the band of its age in days', () => {
    const random = generator(5);
    const today = '2026-11-23';
    const ages = Array.from({ length: 400 }, () => Math.floor(random() * 60));
    const openByDay: Record<string, number> = {};
    for (const age of ages) {
      const day = addDays(today, -age);
      openByDay[day] = (openByDay[day] ?? 0) + 1;
    }
    const bands = backlogByAge(openByDay, today);
    const brute = [
      ages.filter((a) => a === 0).length,
      ages.filter((a) => a >= 1 && a <= 2).length,
      ages.filter((a) => a >= 3 && a <= 6).length,
      ages.filter((a) => a >= 7 && a <= 29).length,
      ages.filter((a) => a >= 30).length,
    ];
    assert.deepEqual(
      bands.map((b) => b.count),
      brute,
    );
    assert.equal(backlogByAge({ '2026-11-24': 2, junk: 5 }, today)[0]!.count, 2);
  });

  it('periods: presets end today (last month is the whole previous month); custom ranges checked', () => {
    const today = '2026-03-15';
    assert.deepEqual(presetRange('7d', today), { from: '2026-03-09', to: today });
    assert.deepEqual(presetRange('30d', today), { from: '2026-02-14', to: today });
    assert.deepEqual(presetRange('90d', today), { from: '2025-12-16', to: today });
    assert.deepEqual(presetRange('thisMonth', today), { from: '2026-03-01', to: today });
    assert.deepEqual(presetRange('lastMonth', today), { from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual(presetRange('lastMonth', '2026-01-05'), {
      from: '2025-12-01',
      to: '2025-12-31',
    });
    assert.deepEqual(presetRange('thisYear', today), { from: '2026-01-01', to: today });
    assert.equal(daysOf(presetRange('30d', today)).length, 30);
    assert.deepEqual(checkedRange('2026-01-01', '2026-01-01'), {
      from: '2026-01-01',
      to: '2026-01-01',
    });
    assert.ok('error' in checkedRange('2026-02-01', '2026-01-01'));
    assert.ok('error' in checkedRange('2026-02-30', '2026-03-01'));
    assert.ok('error' in checkedRange('2024-01-01', '2026-01-01'));
  });
});
