/**
 * The scheduled functions under the emulators, every minute like their production schedules:
 * `publishScheduled` (due articles and announcements) and `housekeeping` (expired default
 * passwords; expired `processed_events` markers, since emulators run no TTL policy), and
 * `sendScheduledMassNotifications` (alerts whose time has come; no callable twin: without Pub/Sub
 * a scheduled alert waits). With the
 * Pub/Sub emulator (the normal case) a message is published to each function's topic and the
 * Functions emulator runs it: the functions' own log lines say what they did. Without one (no copy
 * found and none could be downloaded), the same logic runs through the Admin's callable twins
 * `publishScheduledNow` and `runHousekeeping` instead, which the start banner says.
 */
import { callCallable, signInWithPassword } from './auth-rest.mjs';
import { SCHEDULED_FUNCTIONS, publishMessage, scheduleTopic } from '../../testkit/src/pubsub.mjs';
import { DEMO_ADMIN } from '../seed/accounts.mjs';

export const SCHEDULE_INTERVAL_MS = 60_000;

/** One run of the jobs through Pub/Sub: the functions report in their own logs. */
function viaPubsub({ pubsubHost, projectId }) {
  return async () => {
    for (const name of SCHEDULED_FUNCTIONS) {
      await publishMessage({ pubsubHost, projectId, topic: scheduleTopic(name) });
    }
    return [];
  };
}

/** One run of the jobs through the Admin's callable twins; returns the lines to print. */
function viaCallable({ authHost, functionsHost, projectId, region }) {
  let session = null;
  return async () => {
    if (!session || session.expiresAt - Date.now() < 5 * 60_000) {
      session = await signInWithPassword(authHost, DEMO_ADMIN.email, DEMO_ADMIN.password);
    }
    const call = (name) =>
      callCallable({ functionsHost, projectId, region, name, idToken: session.idToken });
    const lines = [];
    const published = await call('publishScheduledNow');
    if ((published?.articles ?? 0) + (published?.announcements ?? 0) > 0) {
      lines.push(
        `published ${published.articles} article(s), ${published.announcements} announcement(s)`,
      );
    }
    const kept = await call('runHousekeeping');
    if (kept?.expiredDefaultPasswords > 0) {
      lines.push(`${kept.expiredDefaultPasswords} default password(s) expired`);
    }
    return lines;
  };
}

/**
 * Runs the job now and then every `intervalMs`; returns the function that stops it.
 * `pubsubHost` null means no Pub/Sub emulator: the callable is used.
 */
export function startScheduler({
  pubsubHost,
  authHost,
  functionsHost,
  projectId,
  region,
  log,
  intervalMs = SCHEDULE_INTERVAL_MS,
}) {
  const runJob = pubsubHost
    ? viaPubsub({ pubsubHost, projectId })
    : viaCallable({ authHost, functionsHost, projectId, region });
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const line of await runJob()) log(`[scheduler] ${line}`);
    } catch (error) {
      // A call cut off by stopping the stack is not worth a line.
      if (!stopped) log(`[scheduler] ${error.message}`);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
