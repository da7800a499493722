/**
 * `npm run setup -- --project <id> --admin <email> [--name "First Last"]`: the first Admin of a
 * deployment and its starter settings (docs/setup.md#first-admin). Through the Admin SDK with
 * Application Default Credentials on a real project, or against the emulators when
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set (how it is tested).
 * Exit codes: 0 done, 1 refused or failed (nothing changed by a refusal), 2 bad arguments.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { invitationPath } from '@campus-safety/model';
import { SETUP_USAGE, UsageError, parseSetupArgs } from './args.mjs';

function listed(ids) {
  return ids.length > 0 ? ids.join(', ') : 'none';
}

async function main(argv) {
  let args;
  try {
    args = parseSetupArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (args.help) {
    console.log(SETUP_USAGE);
    return 0;
  }
  // Loaded only now: the account services are most of the start-up time, and a usage error
  // needs none of them.
  const { SetupRefusal, setUpFirstAdmin } = await import('./first-admin.mjs');
  const app = initializeApp({ projectId: args.project }, `setup-${process.pid}`);
  try {
    const result = await setUpFirstAdmin({
      db: getFirestore(app),
      auth: getAuth(app),
      now: () => new Date(),
      email: args.email,
      name: args.name,
    });
    const where = args.emulators ? 'the emulators' : 'Firebase';
    console.log(`Project ${args.project} (${where})`);
    console.log(
      `Starter settings written: ${listed(result.settings.written)}; kept as they were: ${listed(result.settings.kept)}`,
    );
    console.log(
      `First Admin ${result.action}: ${args.email} (uid ${result.uid}); the role counts once they verify the address.`,
    );
    console.log(`Invitation, shown once, valid until ${result.invitation.expiresAt}:`);
    console.log(`  ${args.consoleUrl}${invitationPath(result.invitation.code)}`);
    console.log(
      `Give it to ${args.email} by a channel you trust. They set their own password with it, then open ` +
        'the verification mail the console sends; the set-up checklist on Home shows what is left.',
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof SetupRefusal
        ? `Refused, nothing changed: ${error.message}`
        : `Setup failed: ${error.message}`,
    );
    return 1;
  } finally {
    await deleteApp(app);
  }
}

process.exitCode = await main(process.argv.slice(2));
