// Runs the integration tests (`test`), the benchmark (`bench`), the burst bench (`burst`), the
// mass-notification bench (`alerts`), the roster bench (`roster`) or the SOS bench (`sos`) under `firebase emulators:exec`
// on free ports (the test toolkit's emulator suite, from this workspace's firebase.json), with
// its own project id so a running stack is not disturbed, and the Firestore engine
// FIRESTORE_ENGINE chooses (official where installed, else ours).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  emulatorsExec,
  suiteProject,
  useFunctionsEnv,
} from '@campus-safety/testkit/emulator-suite';
import { startMailCatcher } from '@campus-safety/testkit/mail-catcher';

const mode = process.argv[2] ?? 'test';
/** The script of each bench mode; any other mode runs the integration tests. */
const BENCH_SCRIPTS = {
  bench: 'bench/bench.ts',
  burst: 'bench/burst.ts',
  alerts: 'bench/mass-notifications.ts',
  roster: 'bench/roster.ts',
  sos: 'bench/sos.ts',
};
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const baseConfig = fileURLToPath(new URL('../test/integration/firebase.json', import.meta.url));
// The functions mail this suite's own catcher; the tests read it through MAIL_INBOX_URL.
const catcher = await startMailCatcher();
process.env.MAIL_INBOX_URL = catcher.url;
process.env.MAIL_CATCHER_SMTP_PORT = String(catcher.smtp.port);
const code = await emulatorsExec({
  baseConfig,
  // Storage for the file-check trigger (our offline rules runtime); Pub/Sub drives the scheduled
  // functions, and without one their tests say they are skipped.
  only: ['auth', 'firestore', 'functions', 'storage', 'pubsub'],
  project: suiteProject('functions'),
  cwd: functionsDir,
  // The burst and SOS benches write as the app does, so the product's rules apply (bench/burst.ts).
  adjust: (config, dir) => {
    useFunctionsEnv(config, dirname(baseConfig), dir, {
      MAIL_SMTP_PORT: String(catcher.smtp.port),
      CONSOLE_URL: 'http://console.test',
    });
    // The product's storage rules (an absolute path: firebase-tools refuses a relative one
    // outside this config's folder): the download-token tests read as staff through them.
    config.storage = { rules: fileURLToPath(new URL('../../storage.rules', import.meta.url)) };
    if (mode === 'burst' || mode === 'sos') {
      config.firestore = {
        ...config.firestore,
        rules: fileURLToPath(new URL('../../firestore.rules', import.meta.url)),
      };
    }
  },
  command:
    mode in BENCH_SCRIPTS
      ? ['node', '--import', 'tsx', BENCH_SCRIPTS[mode], ...process.argv.slice(3)]
      : ['npx', 'mocha', '--config', 'test/integration/.mocharc.json', ...process.argv.slice(3)],
}).finally(() => catcher.stop());
process.exit(code);
