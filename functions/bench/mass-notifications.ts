/**
 * `npm run bench:alerts` (issue 21 item 2): the fan-out of a mass notification to 10,000 and then
 * 50,000 verified people of one campus, by push, in-app notification, email (to the suite's mail
 * catcher) and SMS (recorded outbox). The people are users docs as the server keeps them (verified
 * mirror, a device each, one in 50 with a dead token), written while the background triggers are
 * paused so the user trigger's 50,000 runs do not share the timing; then an Admin sends the alert
 * through the callable and the bench times it until every page is delivered. It prints, per size,
 * the time to plan and to deliver, and the per-channel receipts, checked exact against what was
 * seeded. Flags: `--sizes 10000,50000`. Runs under emulators:exec (run-integration.mjs alerts).
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { COLLECTIONS, sumReceipts, type ReceiptsWithReads } from '@campus-safety/model';
import { waitFor } from '@campus-safety/testkit/wait';
import { account, backgroundTriggers, closeAll, db } from '../test/integration/stack';
import { channelTimes, sendAndTimeAlert } from './alert-timing';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';

const CAMPUS = 'riverside';
const DEAD_EVERY = 50;
const at = process.argv.indexOf('--sizes');
const SIZES = (at >= 0 ? process.argv[at + 1]! : benchSize('10000,50000', '200'))
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (SIZES.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes counts');

const uidOf = (i: number) => `bench-${String(i).padStart(6, '0')}`;

/** Writes people [from, to) as verified app users of the campus, one device each. */
async function seedPeople(from: number, to: number) {
  const writer = db.bulkWriter();
  for (let i = from; i < to; i++) {
    void writer.set(db.collection(COLLECTIONS.users).doc(uidOf(i)), {
      firstName: 'Bench',
      firstNameLowerCase: 'bench',
      lastName: String(i),
      email: `${uidOf(i)}@bench.test`,
      role: 'User',
      campus: CAMPUS,
      isArchived: false,
      isUsingDefaultPassword: false,
      emailVerified: true,
      deviceToken: [i % DEAD_EVERY === 0 ? `emulator-unregistered-${i}` : `bench-device-${i}`],
    });
  }
  await writer.close();
}

function expectedReceipts(n: number) {
  const dead = Math.ceil(n / DEAD_EVERY);
  return {
    push: { targeted: n, sent: n - dead, failed: dead, skipped: 0 },
    inApp: { targeted: n, sent: n, failed: 0, skipped: 0 },
    email: { targeted: n, sent: n, failed: 0, skipped: 0 },
    // Nobody seeded has a phone second factor in Auth: every SMS is skipped, and counted.
    sms: { targeted: n, sent: 0, failed: 0, skipped: n },
  };
}

async function main() {
  // The demo institution's campuses, as the seed saves them: reports and alerts name them.
  await saveCampuses(db);
  await saveVocabularies(db);
  const admin = await account({ role: 'Admin', firstName: 'Bench' });
  await waitFor(
    async () => (await db.collection(COLLECTIONS.users).doc(admin.uid).get()).get('emailVerified'),
    (v) => v === true,
    { what: 'the Admin’s verified mirror' },
  );
  let seeded = 0;
  const lines: string[] = [];
  let allExact = true;
  for (const size of SIZES) {
    const seedStart = Date.now();
    await backgroundTriggers(false);
    await seedPeople(seeded, size);
    await backgroundTriggers(true);
    seeded = size;
    console.log(`seeded ${size} people in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const {
      plan,
      pages: batches,
      plannedMs,
      deliveredMs: totalMs,
      startedAt,
    } = await sendAndTimeAlert(admin, `Bench ${size}`, CAMPUS);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const receipts: ReceiptsWithReads = sumReceipts(batches.map((b) => b.data()));
    const { read: _read, ...counts } = receipts;
    const expected = expectedReceipts(size);
    const exact = JSON.stringify(counts) === JSON.stringify(expected) && plan.people === size;
    allExact &&= exact;
    lines.push(
      `${size} people: planned ${plan.batches} pages in ${(plannedMs / 1000).toFixed(1)} s, ` +
        `delivered in ${(totalMs / 1000).toFixed(1)} s (${Math.round(size / (totalMs / 1000))} people/s); ` +
        Object.entries(counts)
          .map(
            ([c, r]) =>
              `${c} ${r.sent}/${r.targeted} sent, ${r.failed} failed, ${r.skipped} skipped`,
          )
          .join('; ') +
        (exact ? ' — exact' : ` — NOT EXACT, expected ${JSON.stringify(expected)}`) +
        '\n  sent to 90% / 100% of their people, from the send: ' +
        Object.entries(channelTimes(batches, startedAt))
          .map(([c, t]) => (t ? `${c} ${seconds(t.p90Ms)} / ${seconds(t.allMs)}` : `${c} none`))
          .join('; '),
    );
    console.log(lines[lines.length - 1]);
  }
  console.log(`\nEngine: ${process.env.FIRESTORE_ENGINE ?? 'default'}`);
  for (const line of lines) console.log(line);
  await closeAll();
  process.exit(allExact ? 0 : 1);
}

void main();
