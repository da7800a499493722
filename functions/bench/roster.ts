/**
 * `npm run bench:roster` (issue 31 item 1): a roster of generated people (names, emails, E.164
 * and local phone numbers, every campus and affiliation) imported through the import service
 * (services/roster.ts, what the callable and the nightly endpoint run): the preview, the apply,
 * the same file again (everything unchanged), then one alert to a campus of them (the plan and
 * every delivery page, mail and SMS to the contact-only people), with the receipts checked exact
 * against the file. `--people N` (default 5,000; 200 under BENCH_SMOKE; 50,000 with `--full`).
 * Prints a `ROSTER_BENCH {json}` line for scripts/bench-roster.mjs, which runs it on each engine.
 */
import { benchSize } from '@campus-safety/testkit/bench';
import {
  AFFILIATIONS,
  sumReceipts,
  type AudienceCount,
  type ImportRosterResponse,
} from '@campus-safety/model';
import { importRoster } from '../src/services/roster';
import { account, closeAll, db } from '../test/integration/stack';
import { sendAndTimeAlert } from './alert-timing';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';

const FULL = 50_000;
const at = process.argv.indexOf('--people');
const PEOPLE = process.argv.includes('--full')
  ? FULL
  : at >= 0
    ? Number(process.argv[at + 1])
    : benchSize(5_000, 200);
if (!Number.isInteger(PEOPLE) || PEOPLE <= 0) throw new Error('--people takes a count');
const CAMPUS = 'riverside';
const FIRST = ['Maria', 'Jose', 'Ana', 'Juan', 'Liza', 'Paolo', 'Grace', 'Miguel', 'Rosa', 'Carlo'];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Flores'];
/** Every tenth person has no phone; every fourth writes it locally (read in the default region). */
const NO_PHONE_EVERY = 10;

function person(i: number) {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const digits = String(i).padStart(7, '0');
  const phone =
    i % NO_PHONE_EVERY === 0
      ? ''
      : i % 4 === 0
        ? `0917 ${digits.slice(0, 3)} ${digits.slice(3)}`
        : `+63917${digits}`;
  return {
    cells: [
      `P${String(i).padStart(6, '0')}`,
      `"${last}, ${first} ${i}"`,
      `${first}.${last}.${i}@roster-bench.test`.toLowerCase(),
      phone,
      DEMO_CAMPUSES[i % DEMO_CAMPUSES.length]!.name,
      AFFILIATIONS[i % AFFILIATIONS.length]!,
      i % 5 === 0 ? 'fil' : '',
    ],
    campus: DEMO_CAMPUSES[i % DEMO_CAMPUSES.length]!.id,
    hasPhone: phone !== '',
  };
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

async function main() {
  // The demo institution's campuses, as the seed saves them: reports and alerts name them.
  await saveCampuses(db);
  await saveVocabularies(db);
  const admin = await account({ role: 'Admin', firstName: 'Bench' });
  const caller = { uid: admin.uid, role: 'Admin' as const, campus: null, displayName: 'Bench' };
  const people = Array.from({ length: PEOPLE }, (_, i) => person(i));
  const csv =
    [
      'external_id,name,email,phone,campus,affiliation,language',
      ...people.map((p) => p.cells.join(',')),
    ].join('\n') + '\n';
  const timed = async (apply: boolean) => {
    const start = Date.now();
    const answer: ImportRosterResponse = await importRoster(
      db,
      { csv, mode: 'update', apply },
      caller,
      'console',
    );
    return { ms: Date.now() - start, answer };
  };
  const preview = await timed(false);
  const applied = await timed(true);
  const again = await timed(true);
  const clean =
    preview.answer.problemCount === 0 &&
    applied.answer.applied &&
    applied.answer.counts.add === PEOPLE &&
    again.answer.counts.unchanged === PEOPLE;

  const inCampus = people.filter((p) => p.campus === CAMPUS);
  // The send step's count of the same audience, as the console asks it before sending.
  const countStart = Date.now();
  const count = await admin.call<AudienceCount>('countMassNotificationAudience', {
    audience: { allCampuses: false, campuses: [CAMPUS], staffOnly: false },
  });
  const countMs = Date.now() - countStart;
  const { plan, pages, plannedMs, deliveredMs } = await sendAndTimeAlert(
    admin,
    'Bench roster',
    CAMPUS,
  );
  const contacts = sumReceipts(
    pages.filter((p) => p.get('contactOnly') === true).map((p) => p.data()),
  );
  const exact =
    clean &&
    contacts.email.sent === inCampus.length &&
    contacts.sms.sent === inCampus.filter((p) => p.hasPhone).length &&
    count.contactOnly === contacts.email.sent &&
    count.channels.sms >= contacts.sms.sent;

  const figures = {
    engine: process.env.FIRESTORE_ENGINE ?? 'default',
    people: PEOPLE,
    previewS: seconds(preview.ms),
    applyS: seconds(applied.ms),
    reimportS: seconds(again.ms),
    countS: seconds(countMs),
    alertPeople: inCampus.length,
    pages: plan.batches,
    planS: seconds(plannedMs),
    deliverS: seconds(deliveredMs),
    exact,
  };
  console.log(
    `${figures.engine}: ${PEOPLE} people (${(csv.length / 1024 / 1024).toFixed(1)} MB): preview ${figures.previewS} s, apply ${figures.applyS} s, ` +
      `same file again ${figures.reimportS} s; audience counted in ${figures.countS} s; alert to ${CAMPUS} (${inCampus.length} contact-only): ` +
      `planned ${plan.batches} pages in ${figures.planS} s, delivered in ${figures.deliverS} s; ` +
      `mail ${contacts.email.sent}, SMS ${contacts.sms.sent}${exact ? ' — exact' : ' — NOT EXACT'}`,
  );
  console.log(`ROSTER_BENCH ${JSON.stringify(figures)}`);
  await closeAll();
  process.exit(exact ? 0 : 1);
}

void main();
