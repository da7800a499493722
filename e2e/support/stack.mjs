/**
 * The seeded local stack for the browser end-to-end suite: the same stack as `npm start`, but on
 * free ports (so it runs beside a running `npm start`), with a console built for those ports,
 * always from fresh seed data and never saving data.
 *
 *   import { startSeededStack } from './support/stack.mjs';
 *   const stack = await startSeededStack();   // resolves when the console answers
 *   // stack.consoleUrl, stack.endpoints.{auth,firestore,functions,storage,hosting}, stack.accounts,
 *   // stack.mailInboxUrl
 *   await stack.stop();
 *
 * A missing JDK, a failed console build or an emulator that fails rejects with a StackError whose
 * message says what to do; nothing is left running in that case.
 */
import { StackError, startStack } from '../../scripts/lib/stack.mjs';
import { DEMO_ADMIN, DEMO_PASSWORD, REPORTERS, STAFF } from '../../scripts/seed/accounts.mjs';

export { StackError };

/**
 * @param {{ scheduler?: boolean, verbose?: boolean, log?: (line: string) => void }} [options]
 *   scheduler: run the every-minute scheduled-publishing call (off by default so tests decide
 *   when publishing happens, through the console's "Publish due items now").
 */
export async function startSeededStack({ scheduler = false, verbose = false, log } = {}) {
  let fatal = null;
  const stack = await startStack({
    fresh: true,
    persist: false,
    seed: 'always',
    freePorts: 'e2e',
    scheduler,
    verbose,
    log: log ?? (verbose ? (line) => console.log(line) : () => {}),
    onFatal: (message) => {
      fatal = message;
    },
  });
  return {
    consoleUrl: stack.consoleUrl,
    endpoints: stack.endpoints,
    /** This stack's mail catcher (its inbox page; `/api/messages` for the tests). */
    mailInboxUrl: stack.mailInboxUrl,
    accounts: { admin: DEMO_ADMIN, staff: STAFF, reporters: REPORTERS, password: DEMO_PASSWORD },
    timings: stack.timings,
    /** Why the stack went down by itself (an emulator died), or null. */
    get failure() {
      return fatal;
    },
    stop: () => stack.stop(),
  };
}
