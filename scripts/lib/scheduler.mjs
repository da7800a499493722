/**
 * The scheduled-publishing job under the emulators, every minute like its production schedule.
 * With the Pub/Sub emulator (the normal case) a message is published to the scheduled
 * function's topic and the Functions emulator runs `publishScheduled` itself: the function's own
 * log line says what it published. Without one (no copy found and none could be downloaded), the
 * same publishing logic runs through the Admin's `publishScheduledNow` callable instead, which
 * the start banner says.
 */
import { CALLABLES } from '@campus-safety/model';
import { callCallable, signInWithPassword } from './auth-rest.mjs';
import { SCHEDULED_PUBLISHING_FUNCTION, publishMessage, scheduleTopic } from './pubsub.mjs';
import { DEMO_ADMIN } from '../seed/accounts.mjs';

export const SCHEDULE_INTERVAL_MS = 60_000;

/** One run of the job through Pub/Sub: the function reports in its own log. */
function viaPubsub({ pubsubHost, projectId }) {
  const topic = scheduleTopic(SCHEDULED_PUBLISHING_FUNCTION);
  return async () => {
    await publishMessage({ pubsubHost, projectId, topic });
    return null;
  };
}

/** One run of the job through the Admin callable; returns the line to print, if any. */
function viaCallable({ authHost, functionsHost, projectId, region }) {
  let session = null;
  return async () => {
    if (!session || session.expiresAt - Date.now() < 5 * 60_000) {
      session = await signInWithPassword(authHost, DEMO_ADMIN.email, DEMO_ADMIN.password);
    }
    const result = await callCallable({
      functionsHost,
      projectId,
      region,
      name: CALLABLES.publishScheduledNow,
      idToken: session.idToken,
    });
    if ((result?.articles ?? 0) + (result?.announcements ?? 0) === 0) return null;
    return `published ${result.articles} article(s), ${result.announcements} announcement(s)`;
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
      const line = await runJob();
      if (line) log(`[scheduler] ${line}`);
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
