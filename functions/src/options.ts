import { setGlobalOptions } from 'firebase-functions/v2';
import { defineString } from 'firebase-functions/params';
import { FUNCTIONS_REGION, PROGRAMME_TIME_ZONE, programmeTimeZone } from '@campus-safety/model';

// Imported first by index.ts: functions read the global options when they are defined.
setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: 10 });

/** What a deployment sets (functions/.env or the deploy prompt); the model holds the default. */
const programmeTimeZoneParam = defineString('PROGRAMME_TIME_ZONE', {
  default: PROGRAMME_TIME_ZONE,
  description: 'IANA time zone of the dates in notifications and accomplishment snapshots.',
});

/** The programme time zone, read when a function runs; a misspelt zone fails loudly. */
export function timeZone(): string {
  return programmeTimeZone(programmeTimeZoneParam.value());
}

/** The console's address, for links in mail (functions/.env.local sets the local one). */
const consoleUrlParam = defineString('CONSOLE_URL', {
  default: '',
  description: "The console's address for links in mail (empty: the project's web.app domain).",
});

/** Where mail links point: the CONSOLE_URL param, else the project's default Hosting domain. */
export function consoleUrl(): string {
  const set = consoleUrlParam.value();
  if (set) return set;
  const project =
    process.env.GCLOUD_PROJECT ?? JSON.parse(process.env.FIREBASE_CONFIG ?? '{}').projectId;
  return `https://${String(project)}.web.app`;
}
