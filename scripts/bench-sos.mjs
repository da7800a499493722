// `npm run bench:sos` (issue 32): the time from an SOS to the console banner and from a page to
// its SMS record (functions/bench/sos.ts), once per Firestore engine (Google's emulator, then
// ours), each in an emulator suite of its own.
import { runFunctionsBench } from './lib/functions-bench.mjs';

runFunctionsBench('sos', process.argv.slice(2));
