// `npm run bench:alerts [-- --sizes 10000,50000] [--engines own,official]` (issue 21 item 2): the
// mass-notification fan-out bench (functions/bench/mass-notifications.ts), once per Firestore
// engine asked for (ours by default), each in an emulator suite of its own.
import { runFunctionsBench } from './lib/functions-bench.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--engines');
runFunctionsBench('alerts', args, at >= 0 ? args.splice(at, 2)[1].split(',') : ['own']);
