/**
 * Anonymous reports (issue 19 item 2; docs/anonymity.md). A reporter may file without staff ever
 * learning who they are: the report holds no uid, email or name, and the link to its reporter
 * lives in `anonymous_reporters/{incidentId}`, which only server code reads. The reporter finds
 * their own anonymous reports through `users/{uid}/anonymous_reports/{incidentId}`, which only
 * they read. One Admin act, with a reason, reveals the reporter (logged on the timeline).
 */
import { z } from './zod-config';
import { campusIdSchema } from './campuses';
import { LIMITS } from './constants';
import { documentId, optionalText, requiredText, typeError } from './fields';
import { incidentTypeKeySchema } from './settings';
import type { TimelineActor } from './timeline';

/** What staff see wherever a report's reporter would be named. */
export const ANONYMOUS_REPORTER = 'Anonymous reporter';

/** Who filed a report, as the console names them: the reporter's email, or that they are anonymous. */
export function reporterLabel(incident: { anonymous?: unknown; email?: unknown }): string {
  if (incident.anonymous === true) return ANONYMOUS_REPORTER;
  return typeof incident.email === 'string' ? incident.email : '';
}

function coordinate(label: string, bound: number) {
  return z
    .number({ error: typeError(label, 'a number') })
    .min(-bound, `${label} must be between -${bound} and ${bound}.`)
    .max(bound, `${label} must be between -${bound} and ${bound}.`);
}

/** The fields of a report as the app files it, anonymously (the rules' newReportValid, restated). */
export const fileAnonymousReportSchema = z
  .object({
    geoLoc: z
      .object({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) })
      .strict(),
    nearestCampus: campusIdSchema,
    // Its form only: the service checks it is a type the saved setting offers.
    incidentType: incidentTypeKeySchema,
    description: optionalText('Description', LIMITS.body, { multiline: true }),
  })
  .strict();

export interface FileAnonymousReportResponse {
  incidentId: string;
}

/** An Admin reveals who filed an anonymous report: always with the reason, which the timeline keeps. */
export const revealAnonymousReporterSchema = z
  .object({
    incidentId: documentId('Incident id'),
    reason: requiredText('Reason', LIMITS.revealReason, { multiline: true }),
  })
  .strict();

/** Returned only to the Admin who asked; never written where other staff read it. */
export interface RevealAnonymousReporterResponse {
  incidentId: string;
  uid: string;
  name: string;
  email: string;
  contactNumber: string | null;
}

/** The timeline's actor for what an anonymous reporter did: a role, never a uid or a name. */
export const ANONYMOUS_ACTOR: TimelineActor = { uid: null, name: ANONYMOUS_REPORTER, role: null };
