/**
 * The scheduled jobs under the emulators. The Functions emulator cannot run scheduled functions
 * here (that needs the Pub/Sub emulator, which cannot be downloaded), so every minute we call the
 * `publishScheduledNow` and `runHousekeeping` callables as the seeded Admin, as the real
 * schedules would (housekeeping expires default passwords and removes expired
 * `processed_events` markers, since emulators run no TTL policy).
 */
import { CALLABLES } from '@campus-safety/model';
import { callCallable, signInWithPassword } from './auth-rest.mjs';
import { DEMO_ADMIN } from '../seed/accounts.mjs';

export const SCHEDULE_INTERVAL_MS = 60_000;

export function startScheduler({
  authHost,
  functionsHost,
  projectId,
  region,
  log,
  intervalMs = SCHEDULE_INTERVAL_MS,
}) {
  let session = null;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (!session || session.expiresAt - Date.now() < 5 * 60_000) {
        session = await signInWithPassword(authHost, DEMO_ADMIN.email, DEMO_ADMIN.password);
      }
      const call = (name) =>
        callCallable({ functionsHost, projectId, region, name, idToken: session.idToken });
      const result = await call(CALLABLES.publishScheduledNow);
      const published = (result?.articles ?? 0) + (result?.announcements ?? 0);
      if (published > 0) {
        log(
          `[scheduler] published ${result.articles} article(s), ${result.announcements} announcement(s)`,
        );
      }
      const kept = await call(CALLABLES.runHousekeeping);
      if (kept?.expiredDefaultPasswords > 0) {
        log(`[scheduler] ${kept.expiredDefaultPasswords} default password(s) expired`);
      }
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
