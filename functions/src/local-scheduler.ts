/**
 * Runs the every-minute publishing job against the local emulators, because the emulator suite
 * runs no schedules offline. Started beside the emulators (e.g. by `npm start`):
 *   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 GCLOUD_PROJECT=demo-campus-safety node functions/lib/local-scheduler.js
 * Optional: SCHEDULE_INTERVAL_MS (default 60000). Pushes go through the emulator transport.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorTransport } from './push/emulator-transport';
import { pushSender } from './push/sender';
import { publishDueItems } from './services/publications';

if (!process.env.FIRESTORE_EMULATOR_HOST) {
  console.error('local-scheduler: FIRESTORE_EMULATOR_HOST is not set; it only runs against the emulator.');
  process.exit(2);
}
// No metadata server exists locally; without this google-auth-library probes for one and warns.
process.env.METADATA_SERVER_DETECTION ??= 'none';
const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-campus-safety';
const db = getFirestore(initializeApp({ projectId }));
const push = pushSender(db, emulatorTransport());
const interval = Number(process.env.SCHEDULE_INTERVAL_MS ?? 60_000);

let timer: NodeJS.Timeout | undefined;
async function tick() {
  try {
    const published = await publishDueItems({ db, push }, new Date());
    for (const item of published) {
      console.log(`local-scheduler: published ${item.kind} ${item.id} (due ${item.scheduledFor.toISOString()})`);
    }
  } catch (error) {
    console.error('local-scheduler: run failed', error);
  }
  timer = setTimeout(tick, interval - (Date.now() % interval));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearTimeout(timer);
    process.exit(0);
  });
}
console.log(`local-scheduler: publishing due items every ${interval} ms (project ${projectId})`);
void tick();
