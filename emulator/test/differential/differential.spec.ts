/**
 * Differential conformance: every case of cases.ts runs against Google's official Firestore
 * emulator and against ours, each on an empty database; the normalised transcripts must be equal
 * unless known-differences.ts lists the case. Run with `npm run test:differential -w emulator`.
 * Without the official jar the suite fails, unless FIRESTORE_ENGINE=own (then it is skipped).
 * DIFFERENTIAL_TRACE=<file> appends every case's normalised official transcript to that file.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { RunningEmulator } from '../support/emulator.js';
import { cases } from './cases.js';
import { findOfficialJar, startOfficial, startOurs } from './engines.js';
import { knownDifferences } from './known-differences.js';
import { firstDifference, messageOf, normalise, PROJECT, Session } from './session.js';

const CLEAR = `/emulator/v1/projects/${PROJECT}/databases/(default)/documents`;

describe('differential: our engine against the official Firestore emulator', function () {
  let official: RunningEmulator | null = null;
  let ours: RunningEmulator | null = null;
  const started = performance.now();
  let steps = 0;
  let disagreements = 0;
  let expected = 0;

  before(async function () {
    const jar = findOfficialJar();
    if (!jar) {
      if (process.env.FIRESTORE_ENGINE === 'own') {
        console.log(
          '  differential suite skipped: FIRESTORE_ENGINE=own and no official Firestore emulator jar',
        );
        this.skip();
      }
      throw new Error(
        "The official Firestore emulator was not found (firebase-tools' " +
          'cache, the Cloud SDK install). Install it (`firebase setup:emulators:firestore` or the ' +
          'Cloud SDK component), or set FIRESTORE_ENGINE=own to skip this suite.',
      );
    }
    [official, ours] = await Promise.all([startOfficial(jar, PROJECT), startOurs()]);
    console.log(`  official: ${jar} on ${official.hostPort}; ours on ${ours.hostPort}`);
  });

  after(async function () {
    await Promise.all([official?.stop(), ours?.stop()]);
    if (official) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `  ${cases.length} cases, ${steps} steps per engine (requests, SDK calls, snapshots), ` +
          `${disagreements} disagreeing steps ` +
          `(${expected} of them in known-differences.ts), ${seconds} s`,
      );
    }
  });

  for (const testCase of cases) {
    it(testCase.name, async function () {
      const transcripts: Session[] = [];
      for (const engine of [official!, ours!]) {
        const clear = await fetch(`${engine.baseUrl}${CLEAR}`, { method: 'DELETE' });
        assert.equal(clear.status, 200, `clearing ${engine.hostPort}`);
        const session = new Session(engine);
        await testCase.run(session);
        transcripts.push(session);
      }
      const [theirs, mine] = transcripts.map((t) => normalise(t.steps)) as [
        ReturnType<typeof normalise>,
        ReturnType<typeof normalise>,
      ];
      steps += theirs.length;
      if (process.env.DIFFERENTIAL_TRACE) {
        // Appends the official transcript, normalised, to that file (to review what a case checks).
        appendFileSync(
          process.env.DIFFERENTIAL_TRACE,
          `## ${testCase.name}\n${theirs.map((t) => JSON.stringify(t)).join('\n')}\n`,
        );
      }
      assert.deepEqual(
        mine.map((s) => s.label),
        theirs.map((s) => s.label),
        'both engines ran the same steps',
      );
      const differing: string[] = [];
      const report: string[] = [];
      theirs.forEach((step, i) => {
        const other = mine[i]!;
        if (isDeepStrictEqual(step, other)) return;
        differing.push(step.label);
        const raw = (t: number) => transcripts[t]!.steps[i];
        report.push(
          `step ${i} "${step.label}" ${JSON.stringify(raw(0)?.request ?? null).slice(0, 400)}\n` +
            `    official: ${step.status} ${messageOf(raw(0))}\n` +
            `    ours:     ${other.status} ${messageOf(raw(1))}\n` +
            `    first difference (official | ours) at ${firstDifference(step.body, other.body)}`,
        );
      });
      disagreements += differing.length;
      const known = knownDifferences.find((k) => k.case === testCase.name);
      if (!known) {
        assert.equal(differing.length, 0, `the engines disagree:\n  ${report.join('\n  ')}`);
        return;
      }
      const tolerated = (label: string) => known.steps.includes(label);
      const unexpected = differing.filter((label) => !tolerated(label));
      assert.equal(
        unexpected.length,
        0,
        `disagreements beyond the known ones:\n  ${report.filter((_, i) => !tolerated(differing[i]!)).join('\n  ')}`,
      );
      assert.ok(
        differing.length > 0,
        `known-differences.ts lists "${testCase.name}" but the engines now agree: remove the entry`,
      );
      const stale = known.steps.filter((label) => !differing.includes(label));
      assert.deepEqual(
        stale,
        [],
        'steps listed in known-differences.ts that now agree: remove them',
      );
      expected += differing.length;
    });
  }
});
