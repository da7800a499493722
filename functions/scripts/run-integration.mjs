// Runs the integration tests (`test`), the benchmark (`bench`) or the burst bench (`burst`) under `firebase emulators:exec`
// on free ports (the test toolkit's emulator suite, from this workspace's firebase.json), with
// its own project id so a running stack is not disturbed, and the Firestore engine
// FIRESTORE_ENGINE chooses (official where installed, else ours).
import { fileURLToPath } from 'node:url';
import { emulatorsExec, suiteProject } from '@campus-safety/testkit/emulator-suite';

const mode = process.argv[2] ?? 'test';
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const code = await emulatorsExec({
  baseConfig: fileURLToPath(new URL('../test/integration/firebase.json', import.meta.url)),
  // Storage for the file-check trigger (our offline rules runtime); Pub/Sub drives the scheduled
  // functions, and without one their tests say they are skipped.
  only: ['auth', 'firestore', 'functions', 'storage', 'pubsub'],
  project: suiteProject('functions'),
  cwd: functionsDir,
  // The burst bench files reports as the app does, so the product's rules apply (bench/burst.ts).
  adjust:
    mode === 'burst'
      ? (config) => {
          config.firestore = {
            ...config.firestore,
            rules: fileURLToPath(new URL('../../firestore.rules', import.meta.url)),
          };
        }
      : undefined,
  command:
    mode === 'bench'
      ? ['node', '--import', 'tsx', 'bench/bench.ts']
      : mode === 'burst'
        ? ['node', '--import', 'tsx', 'bench/burst.ts', ...process.argv.slice(3)]
        : ['npx', 'mocha', '--config', 'test/integration/.mocharc.json', ...process.argv.slice(3)],
});
process.exit(code);
