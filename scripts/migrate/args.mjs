/**
 * The arguments of `npm run migrate` (docs/institution.md#upgrade), checked before anything is
 * opened, as the setup command's are.
 */
import { parseArgs } from 'node:util';
import { UsageError, projectTarget } from '../setup/args.mjs';

export const MIGRATE_USAGE = `Usage: npm run migrate -- --project <project-id> [--dry-run]
  --project <id>  the Firebase project, as for npm run setup: a real one with Application Default
                  Credentials, a demo-… one only against the emulators (FIRESTORE_EMULATOR_HOST and
                  FIREBASE_AUTH_EMULATOR_HOST set)
  --dry-run       say what would change; write nothing
  --help          this text`;

const refuse = (message) => {
  throw new UsageError(`${message}\n\n${MIGRATE_USAGE}`);
};

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ help: true } | { help: false, project: string, emulators: boolean, dryRun: boolean }}
 */
export function parseMigrateArgs(argv, env = process.env) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        project: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    refuse(error.message);
  }
  if (values.help) return { help: true };
  return { help: false, ...projectTarget(values.project, env, refuse), dryRun: values['dry-run'] };
}
