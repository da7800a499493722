/** Flags of `npm start`; unknown flags are an error with the usage, not silently ignored. */
import { parseArgs } from 'node:util';
import { FIRESTORE_ENGINES } from '../../testkit/src/emulator-binaries.mjs';

export const START_USAGE = `Usage: npm start [-- options]
  --fresh            start from the seed: ignore saved data (it is replaced on exit)
  --no-persist       neither import nor export .emulator-data
  --firestore <e>    Firestore engine: official (Google's emulator), own (this project's) or
                     auto (default: official where installed, else own; or FIRESTORE_ENGINE)
  --verbose          show all emulator output and per-phase timings
  --exit-when-ready  stop again once the console is ready (used by bench:stack)
  --timings <file>   write the phase timings as JSON to <file>
  --help             this text`;

export function parseStartArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        fresh: { type: 'boolean', default: false },
        'no-persist': { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        'exit-when-ready': { type: 'boolean', default: false },
        timings: { type: 'string' },
        firestore: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new Error(`${error.message}\n\n${START_USAGE}`);
  }
  const { values } = parsed;
  if (values.firestore !== undefined && !FIRESTORE_ENGINES.includes(values.firestore)) {
    throw new Error(
      `--firestore must be one of ${FIRESTORE_ENGINES.join(', ')} (got "${values.firestore}").\n\n${START_USAGE}`,
    );
  }
  return {
    fresh: values.fresh,
    persist: !values['no-persist'],
    verbose: values.verbose,
    exitWhenReady: values['exit-when-ready'],
    timingsFile: values.timings ?? null,
    firestore: values.firestore ?? null,
    help: values.help,
  };
}
