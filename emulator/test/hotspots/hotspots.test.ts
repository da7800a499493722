import assert from 'node:assert/strict';
import { parseArgs } from '../../src/firestore/server/cli-args.js';
import { HotspotReporter, documentPathOf } from '../../src/firestore/server/hotspots.js';

const NAME = (path: string) => `projects/p/databases/(default)/documents/${path}`;

function reporter() {
  const lines: string[] = [];
  let now = 0;
  const hot = new HotspotReporter({ log: (l) => lines.push(l), now: () => now });
  const writeAt = (path: string, ms: number) => {
    now = ms;
    hot.onCommit({
      projectId: 'p',
      databaseId: '(default)',
      commitTime: new Date(ms).toISOString(),
      changes: [{ name: NAME(path), before: null, after: {} }],
    });
  };
  return { hot, lines, writeAt };
}

describe('--report-hotspots', () => {
  it('reports a document written more than once a second over the 10 s window, once per episode, with advice', () => {
    const { hot, lines, writeAt } = reporter();
    // 2 writes/s for 20 s: crosses on the 11th write within 10 s.
    for (let i = 0; i < 40; i += 1) writeAt('incident_stats/main', i * 500);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^Hotspot: incident_stats\/main was written 11 times in the last 10 s/);
    assert.match(lines[0]!, /paste into an issue/);
    assert.match(lines[0]!, /sharded counters/);
    assert.deepEqual(hot.hotspots(), [
      { path: 'incident_stats/main', peakWrites: 20, peakPerSecond: 2 },
    ]);

    // Quiet for a window, then hot again: a new episode, a new line.
    for (let i = 0; i < 12; i += 1) writeAt('incident_stats/main', 40_000 + i * 100);
    assert.equal(lines.length, 2);
  });

  it('stays silent at one write per second sustained, and for a short burst under the window limit', () => {
    const { hot, lines, writeAt } = reporter();
    for (let i = 0; i < 120; i += 1) writeAt('incident_stats/steady', i * 1000);
    // Ten writes in one instant, then nothing: 10 in 10 s is not above 1/s.
    for (let i = 0; i < 10; i += 1) writeAt('incident_stats/burst', 200_000);
    assert.deepEqual(lines, []);
    assert.deepEqual(hot.hotspots(), []);
    assert.deepEqual(hot.summary(), []);
  });

  it('counts each document of a commit, and sums up the hottest first when asked', () => {
    const { hot, lines, writeAt } = reporter();
    for (let i = 0; i < 30; i += 1) writeAt('a/hot', i * 100);
    for (let i = 0; i < 15; i += 1) writeAt('b/warm', i * 100);
    assert.equal(lines.length, 2);
    assert.deepEqual(
      hot.hotspots().map((h) => [h.path, h.peakWrites]),
      [
        ['a/hot', 30],
        ['b/warm', 15],
      ],
    );
    const summary = hot.summary();
    assert.match(summary[0]!, /^Hotspots: 2 document\(s\)/);
    assert.match(summary[1]!, /a\/hot: peak 30 writes in 10 s \(3\/s\)/);
  });

  it('names documents by their path; another database keeps its name', () => {
    assert.equal(documentPathOf(NAME('x/y/z/w')), 'x/y/z/w');
    assert.equal(documentPathOf('projects/p/databases/other/documents/x/y'), 'p/other: x/y');
  });

  it('is a flag like --require-indexes (off by default)', () => {
    assert.equal(parseArgs(['--port', '8080']).reportHotspots, false);
    assert.equal(parseArgs(['--report-hotspots']).reportHotspots, true);
    assert.equal(parseArgs(['--report-hotspots', 'false']).reportHotspots, false);
  });
});
