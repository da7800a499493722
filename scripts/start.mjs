#!/usr/bin/env node
/**
 * `npm start`: the whole local stack in one command (see scripts/lib/stack.mjs for the steps).
 * Plain Node ESM with only built-in imports at the top, so it runs on a fresh clone before
 * `npm ci` has installed anything.
 */
import { writeFileSync } from 'node:fs';
import { START_USAGE, parseStartArgs } from './lib/cli.mjs';
import { StackError, describeFirestore, formatTimings, startStack } from './lib/stack.mjs';
import { demoSignInLines } from './seed/accounts.mjs';

let options;
try {
  options = parseStartArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(START_USAGE);
  process.exit(0);
}

let stack = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (stack) {
    console.log(
      options.persist ? '\nStopping (saving data to .emulator-data) ...' : '\nStopping ...',
    );
    await stack.stop();
  }
  process.exit(code);
}

// A second Ctrl-C while stopping is ignored on purpose: the export must finish.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

console.log(
  options.fresh
    ? 'Starting the Campus Safety stack from fresh seed data ...'
    : 'Starting the Campus Safety stack ...',
);
try {
  stack = await startStack({
    fresh: options.fresh,
    persist: options.persist,
    verbose: options.verbose,
    firestore: options.firestore ?? undefined,
    scheduler: !options.exitWhenReady,
    // The message was printed when the failure was found; the stack is stopped by now.
    onFatal: () => {
      stopping = true;
      process.exit(1);
    },
  });
} catch (error) {
  if (error instanceof StackError) {
    console.error(`\n${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
}

if (options.timingsFile) writeFileSync(options.timingsFile, JSON.stringify(stack.timings, null, 2));
const total = stack.timings.find((t) => t.name === 'total to console ready');
console.log(`
Console ready: ${stack.consoleUrl}   (in ${(total.ms / 1000).toFixed(1)} s)
Firestore: ${describeFirestore(stack.binaries.firestore)}
Java: ${stack.jdk.home} (Java ${stack.jdk.major}); Emulator UI: ${stack.binaries.ui ? 'on' : 'off (not cached)'}
Emulators: Auth ${stack.endpoints.auth}, Firestore ${stack.endpoints.firestore}, Functions ${stack.endpoints.functions}, Storage ${stack.endpoints.storage}
Mail the functions send: ${stack.mailInboxUrl} (the local mail catcher; nothing leaves this machine)
Logs: ${stack.logs.firebase}, ${stack.logs.firestore}

Demo sign-ins:
${demoSignInLines().join('\n')}

${scheduledPublishingLine(stack.pubsub)}
Simulate reports: npm run simulate -- --count 5 --rate 2
Press Ctrl-C to stop${options.persist ? ' (data is saved to .emulator-data every minute and on exit; npm start -- --fresh starts over)' : ''}.`);
if (options.verbose) console.log(`\n${formatTimings(stack.timings)}`);

/** How the every-minute publishing runs here, and why when it is the fallback. */
function scheduledPublishingLine(pubsub) {
  if (pubsub.missing) {
    return `Scheduled publishing: Pub/Sub emulator unavailable (${pubsub.missing}); the publishScheduledNow callable runs the job every minute instead.`;
  }
  return `Scheduled publishing: publishScheduled runs every minute through the Pub/Sub emulator (${pubsub.source}).`;
}

if (options.exitWhenReady) await shutdown(0);
