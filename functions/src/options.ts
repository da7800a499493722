import { setGlobalOptions } from 'firebase-functions/v2';
import { defineBoolean, defineString } from 'firebase-functions/params';
import { FUNCTIONS_REGION, type CallableName } from '@campus-safety/model';

/**
 * How many instances each kind of function may scale to (docs/functions.md#instances), from the
 * burst bench: a campus-wide emergency's 2,000 reports in 10 minutes are about 7 invocations a
 * second of tens of milliseconds, which one or two instances carry at v2's concurrency of 80.
 */
export const MAX_INSTANCES = {
  /**
   * Everything not named below: the console's callables (a campus's staff, a call now and then),
   * the user, message, accomplishment and media triggers, the scheduled jobs. Five instances of
   * 80 concurrent requests is far above that load and bounds what a runaway client or loop costs.
   */
  default: 5,
  /**
   * The report pipeline (handleIncidentReportWrite) and filing an anonymous report: the burst's
   * own path, with room for a burst several times the bench's. More would only add instances
   * contending on the 16 stats shards per campus.
   */
  reportBurst: 10,
  /**
   * An alert's fan-out pages, their push and in-app part: a transaction of 100 notices and a
   * push call each, 500 pages for 50,000 people. 10 instances of PAGE_CONCURRENCY run 20 at once.
   */
  alertPages: 10,
  /**
   * The pages' mail and SMS part (sendMassNotificationMessages): 100 mails and texts a page over
   * the pooled SMTP transport, 20 pages at once, so the relay sees at most 20 × 20 connections.
   */
  alertMessages: 10,
} as const;

/** Fan-out pages (either part) one instance runs at once (a messages part opens up to 20 mail connections). */
export const PAGE_CONCURRENCY = 2;

/** The callables that take more than the default, by name (platform/callable.ts reads it). */
export const CALLABLE_MAX_INSTANCES: Partial<Record<CallableName, number>> = {
  fileAnonymousReport: MAX_INSTANCES.reportBurst,
};

// Imported first by index.ts: functions read the global options when they are defined.
setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: MAX_INSTANCES.default });

/**
 * Whether callables refuse a request without a valid App Check token (README, deploy steps).
 * Off by default: the local stack has no App Check, and a deployment turns it on once its
 * App Check metrics show the console's and the app's requests carry tokens.
 */
export const enforceAppCheck = defineBoolean('ENFORCE_APP_CHECK', {
  default: false,
  description: 'Refuse callable requests without a valid App Check token (true/false).',
});

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
