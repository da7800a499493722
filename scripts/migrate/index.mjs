/**
 * `npm run migrate -- --project <id> [--dry-run]`: upgrades a deployment of the previous version
 * in place (docs/institution.md#upgrade): its campuses saved as data, every stored campus name
 * rekeyed to its id. Safe to run again: a second run changes nothing. Exit codes: 0 done,
 * 1 failed, 2 bad arguments.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
// The previous version's three campuses were constants: the demo institution's names, ids,
// grounds and halls are exactly those (docs/institution.md#upgrade).
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { UsageError } from '../setup/args.mjs';
import { writeStarterSettings } from '../setup/starter-settings.mjs';
import { MIGRATE_USAGE, parseMigrateArgs } from './args.mjs';

const counted = (counts) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || 'none';

async function main(argv) {
  let args;
  try {
    args = parseMigrateArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (args.help) {
    console.log(MIGRATE_USAGE);
    return 0;
  }
  const { migrateCampusIds } = await import('../../functions/src/services/campus-migration.ts');
  const app = initializeApp({ projectId: args.project }, `migrate-${process.pid}`);
  try {
    const report = await migrateCampusIds(getFirestore(app), getAuth(app), {
      previous: DEMO_CAMPUSES,
      dryRun: args.dryRun,
    });
    // Settings the previous version did not have (decline reasons, resolve codes): the rules
    // check against them, so they are written with their defaults; saved ones are kept.
    const starters = args.dryRun
      ? null
      : await writeStarterSettings(getFirestore(app), { now: new Date() });
    const would = args.dryRun ? ' (dry run: nothing written)' : '';
    console.log(
      `Project ${args.project} (${args.emulators ? 'the emulators' : 'Firebase'})${would}`,
    );
    console.log(
      report.campusesSaved
        ? `Campuses saved from the previous version: ${report.campusesSaved.join(', ')}`
        : 'Campuses: already saved, kept as they are',
    );
    if (report.incidentTypesRekeyed)
      console.log('Incident types: rewritten from the previous version’s list, keys kept');
    if (starters)
      console.log(`Settings added with their defaults: ${starters.written.join(', ') || 'none'}`);
    if (report.areasNotKept)
      console.log(
        `The saved campus areas were not kept (${report.areasNotKept}); redraw them in Settings → Campuses.`,
      );
    console.log(`Documents rekeyed: ${counted(report.updated)}`);
    console.log(`Documents moved to campus ids: ${counted(report.moved)}`);
    console.log(`Staff campus claims rekeyed: ${report.claims} (they sign in again)`);
    if (report.changedMeanwhile > 0)
      console.log(
        `Changed by someone while read, not written: ${report.changedMeanwhile}; run again.`,
      );
    if (report.unknown.count > 0) {
      console.log(`Values that name no campus, left as they are: ${report.unknown.count}`);
      for (const { path, value } of report.unknown.first) console.log(`  ${path}: ${value}`);
    }
    return report.changedMeanwhile > 0 ? 1 : 0;
  } catch (error) {
    console.error(`Migration failed: ${error.message}. What was written stays; run it again.`);
    return 1;
  } finally {
    await deleteApp(app);
  }
}

process.exitCode = await main(process.argv.slice(2));
