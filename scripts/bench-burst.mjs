// `npm run bench:burst [-- --reports N --minutes M]` (issue 22): the campus-wide emergency bench
// (functions/bench/burst.ts), once per Firestore engine (Google's emulator, then ours), each in
// an emulator suite of its own. The last line of each run says which goals were met.
import { runFunctionsBench } from './lib/functions-bench.mjs';

runFunctionsBench('burst', process.argv.slice(2));
