/**
 * The arguments of `npm run setup` (docs/setup.md#first-admin), checked before anything is
 * opened: a bad argument is an error with the usage, and nothing is read or written.
 */
import { parseArgs } from 'node:util';
import { emailAddressProblem } from '@campus-safety/model';

export const SETUP_USAGE = `Usage: npm run setup -- --project <project-id> --admin <email> [--name "First Last"] [--console-url <url>]
  --project <id>       the Firebase project: a real one with Application Default Credentials
                       (GOOGLE_APPLICATION_CREDENTIALS or \`gcloud auth application-default login\`),
                       a demo-… one only against the emulators (FIRESTORE_EMULATOR_HOST and
                       FIREBASE_AUTH_EMULATOR_HOST set)
  --admin <email>      the first Admin's address; they prove it by redeeming the invitation
  --name "First Last"  their name, needed when the address has no account yet
  --console-url <url>  where the console is served, for the invitation link
                       (default https://<project-id>.web.app, or http://127.0.0.1:5000 locally)
  --help               this text`;

/** A Google Cloud project id: 6 to 30 lower-case letters, digits and hyphens, from a letter. */
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** Firebase's demo projects: no real project behind them, only the emulators answer. */
export const DEMO_PREFIX = 'demo-';
const EMULATOR_HOSTS = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'];

export class UsageError extends Error {}

const refuse = (message) => {
  throw new UsageError(`${message}\n\n${SETUP_USAGE}`);
};

/** "Ada King Lovelace" → first name "Ada King", last name "Lovelace". */
function splitName(name) {
  const words = name.trim().split(/\s+/);
  if (words.length < 2 || words[0] === '')
    refuse(`--name needs a first and a last name, e.g. --name "Ada Lovelace" (got "${name}").`);
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) };
}

/**
 * The project a command works on, checked with the emulator variables: a real project id without
 * them, a demo-… id with both (so a command never writes half to each). `refuse` throws the
 * command's usage error.
 * @param {string | undefined} given
 * @param {NodeJS.ProcessEnv} env
 * @param {(message: string) => never} refuse
 * @returns {{ project: string, emulators: boolean }}
 */
export function projectTarget(given, env, refuse) {
  const project = given?.trim();
  if (!project) refuse('--project is required.');
  if (!PROJECT_ID.test(project)) {
    refuse(
      `--project "${project}" is not a project id: 6 to 30 lower-case letters, digits and ` +
        'hyphens, starting with a letter (the id, not the display name).',
    );
  }
  const set = EMULATOR_HOSTS.filter((name) => env[name]);
  if (set.length === 1) {
    refuse(
      `Only ${set[0]} is set: set both ${EMULATOR_HOSTS.join(' and ')} to use the emulators, ` +
        'or neither for a real project (half of each would write to both).',
    );
  }
  const emulators = set.length === EMULATOR_HOSTS.length;
  const demo = project.startsWith(DEMO_PREFIX);
  if (emulators && !demo) {
    refuse(
      `The emulators are set (${EMULATOR_HOSTS.join(', ')}), so --project must be a ` +
        `${DEMO_PREFIX}… id; for the real project "${project}", unset them.`,
    );
  }
  if (!emulators && demo) {
    refuse(
      `"${project}" is a demo project, which only the emulators know: use the real project id, ` +
        `or set ${EMULATOR_HOSTS.join(' and ')} to run against the emulators.`,
    );
  }
  return { project, emulators };
}

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ help: true } | { help: false, project: string, email: string,
 *   name: { firstName: string, lastName: string } | null, consoleUrl: string, emulators: boolean }}
 */
export function parseSetupArgs(argv, env = process.env) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        project: { type: 'string' },
        admin: { type: 'string' },
        name: { type: 'string' },
        'console-url': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    refuse(error.message);
  }
  if (values.help) return { help: true };

  const { project, emulators } = projectTarget(values.project, env, refuse);

  if (values.admin === undefined) refuse('--admin is required.');
  const problem = emailAddressProblem(values.admin);
  if (problem) refuse(`--admin "${values.admin}": ${problem}`);

  const consoleUrl =
    values['console-url'] ?? (emulators ? 'http://127.0.0.1:5000' : `https://${project}.web.app`);
  let url;
  try {
    url = new URL(consoleUrl);
  } catch {
    refuse(`--console-url "${consoleUrl}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && !(emulators && url.protocol === 'http:'))
    refuse(`--console-url "${consoleUrl}" must be an https:// address.`);

  return {
    help: false,
    project,
    email: values.admin.trim().toLowerCase(),
    name: values.name === undefined ? null : splitName(values.name),
    consoleUrl: url.origin + url.pathname.replace(/\/$/, ''),
    emulators,
  };
}
