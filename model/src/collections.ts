/** Firestore collection names, the one place both the functions and the console read them from. */
export const COLLECTIONS = {
  users: 'users',
  /**
   * `staff_directory/{uid}`: the fields of a live staff account that colleagues may see (name,
   * email, role, campus), mirrored from `users/{uid}` by the user trigger.
   */
  staffDirectory: 'staff_directory',
  /** Sub-collection of `users/{uid}`. */
  notifications: 'notifications',
  incidentReports: 'incident_reports',
  /** Sub-collection of `incident_reports/{id}` (written by staff) and its top-level copy. */
  accomplishmentReports: 'accomplishment_reports',
  tags: 'tags',
  articles: 'articles',
  announcements: 'announcements',
  releases: 'releases',
  pushMessages: 'push_messages',
  /** Server-only: markers of trigger events already handled, so a redelivery writes nothing twice. */
  processedEvents: 'processed_events',
  /** Server-only: `invitations/{uid}`, the hash of an account's one live invitation. */
  invitations: 'invitations',
  /** Server-written, Admin-read: who changed whose access, when, before → after. */
  accountAudit: 'account_audit',
  /** Server-only: fingerprint of each account's password at creation, to detect a real change. */
  accountCredentials: 'account_credentials',
  /** Per-campus counts of the non-archived reports, kept by a trigger (one doc per campus). */
  incidentStats: 'incident_stats',
  /** Server-written, Admin-read: events a trigger failed on (attempts, last error, state). */
  triggerFailures: 'trigger_failures',
  /** Server-written: what the Storage trigger found in each uploaded file (keyed by fileCheckId). */
  fileChecks: 'file_checks',
  /**
   * Server-only: an incident media upload waiting for its check (keyed by fileCheckId of its
   * path); deleted with the verdict, so what is here is unchecked (docs/media.md#budget).
   */
  mediaChecks: 'media_checks',
  /** Server-written, Admin-read: an incident's Clery classification (id = incident id); never expires. */
  cleryRecords: 'clery_records',
  /** Server-written, Admin-read: a legal hold on an incident (id = incident id); blocks archiving. */
  legalHolds: 'legal_holds',
  /** Server-written, Admin-read: a fire in on-campus student housing (id = incident id); kept like Clery records. */
  fireLog: 'fire_log',
  /** Server-written, Admin-read: a decision not to issue a Timely Warning (id = incident id). */
  warningDecisions: 'warning_decisions',
  /** Server-written, Admin-read: a test of the emergency response procedures. */
  emergencyTests: 'emergency_tests',
  /** Sub-collection of `incident_reports/{id}`: server-written entries (who did what, when). */
  timeline: 'timeline',
  /** `incident_reports/{id}/media/{mediaId}`: IncidentMedia, written only by the upload check. */
  media: 'media',
  /** Sub-collection of `incident_reports/{id}`: staff-only notes, written by campus IMT and Admins. */
  internalNotes: 'internal_notes',
  /**
   * Sub-collection of `incident_reports/{id}`: `record_counts/{kind}` (RecordCount) counts the
   * report's internal notes and accomplishment writes; the rules hold each to its limit.
   */
  recordCounts: 'record_counts',
  /** `campus_leads/{campus}`: the IMT member an Admin designated to be told about escalations. */
  campusLeads: 'campus_leads',
  /**
   * `oncall_schedules/{campus}` (OnCallSchedule): the campus's rotation, overrides and automatic
   * assignment, written by `saveOnCallSchedule`; each save adds a `history` entry.
   */
  onCallSchedules: 'oncall_schedules',
  /**
   * `escalation_policies/{campus}` (EscalationPolicyDoc): written by `saveEscalationPolicy`
   * (Admins); without one a campus escalates by the default policy (deployment.json).
   */
  escalationPolicies: 'escalation_policies',
  /** Server-written deployment settings every live account reads (`settings/security`). */
  settings: 'settings',
  /**
   * `report_quotas/{uid}`: server-written, read by its reporter: while `fullUntil` is in the
   * future the reporter has filed LIMITS.reportsPerReporterPerHour reports within the hour and
   * the rules refuse another.
   */
  reportQuotas: 'report_quotas',
  /**
   * `sender_quotas/{uid}`: server-only hourly counts of a sender's alerts (`alerts`) and tests to
   * themselves (`tests`), each `{ windowStart, inWindow }`, counted in the callable's transaction.
   */
  senderQuotas: 'sender_quotas',
  /**
   * Server-only record of each refused file (`quarantined_files/{fileCheckId(path)}`): its
   * quarantine path, the media or file-check doc that names it, its owner, whether it was kept
   * (`keptUntil`, when housekeeping deletes it) or deleted at once past the owner's bound, and
   * `purgedAt` once deleted. `quarantine_counts/{owner}` counts the owner's files per day.
   */
  quarantinedFiles: 'quarantined_files',
  quarantineCounts: 'quarantine_counts',
  /**
   * Server-only walks of `incident_media/` that drop download tokens (docs/media.md#tokens):
   * `download_token_sweeps/periodic` (housekeeping's page a run: `cursor`, `dropped` this cycle,
   * `lastCycle`) and one per ended staff access (`uid`, `cursor`, `dropped`, `doneAt`).
   */
  downloadTokenSweeps: 'download_token_sweeps',
  /**
   * Server-only outbox of the mail the functions send (`mail_messages/{id}`, id derived from the
   * event): to, subject, text, state `pending|sent|failed`, so a retried event never mails twice.
   */
  mailMessages: 'mail_messages',
  /**
   * Server-only: `anonymous_reporters/{incidentId}` holds the uid of an anonymous report's
   * reporter (docs/anonymity.md); no client reads it.
   */
  anonymousReporters: 'anonymous_reporters',
  /**
   * Sub-collection of `users/{uid}`: `anonymous_reports/{incidentId}`, server-written, read only
   * by that user: how a reporter finds (and the rules recognise) their own anonymous reports.
   */
  anonymousReports: 'anonymous_reports',
  /**
   * Sub-collection of `incident_reports/{id}`: the conversation between the reporter and staff
   * (IncidentMessage), counted in `record_counts/messages`; never updated or deleted by clients.
   */
  messages: 'messages',
  /** Sub-collection of `incident_reports/{id}`: `message_pace/{uid}` (MessagePace), each author's rate. */
  messagePace: 'message_pace',
  /**
   * `mass_notifications/{id}` (MassNotification): alerts to campuses, written by the callables and
   * the fan-out only; `batches/{n}` are the fan-out's pages with their counts and receipts (their
   * people in the server-only `recipients/list`, their queued pushes in `push_calls/{c}`),
   * `read_shards/{k}` count in-app reads (docs/mass-notifications.md).
   */
  massNotifications: 'mass_notifications',
  /**
   * `last_locations/{uid}` (LastLocation): a person's coarse last location, shared by their app
   * while they opt in; read by its owner only, used by the fan-out to count an audience
   * (docs/locations.md).
   */
  lastLocations: 'last_locations',
  /**
   * `location_pace/{uid}` (LocationPace): the time of a person's last shared location, written
   * with each one and never deleted by a client, so delete then create keeps the one-a-minute pace.
   */
  locationPace: 'location_pace',
  /** Server-only outbox of the SMS the functions send (id derived from the alert and person). */
  smsMessages: 'sms_messages',
  /**
   * `reply_links/{sha256 of the token}`: a person's one-use reply link to an alert (alertId,
   * recipientId, expiresAt, usedAt); server-only (docs/mass-notifications.md#reply-links).
   */
  replyLinks: 'reply_links',
  /** `sms_reply_quotas/{e164}`: the SMS sent back to one number in the hour; server-only. */
  smsReplyQuotas: 'sms_reply_quotas',
  /**
   * `emergencies/{id}` (Emergency): an SOS from the app, opened and moved (its location, "I'm
   * safe") by its person only, acknowledged by staff through acknowledgeEmergency; its
   * `timeline/{entryId}` is server-written (docs/reporter-app.md#sos).
   */
  emergencies: 'emergencies',
  /** `emergency_quotas/{uid}` (EmergencyQuota): a person's emergencies in the hour, moved with each. */
  emergencyQuotas: 'emergency_quotas',
  /**
   * `safety_timers/{id}` (SafetyTimer): started, moved, checked in, extended and cancelled by its
   * person only; expired (an emergency raised, guardians told) by the server. Nobody else reads it:
   * the emergency it raises carries what staff need (docs/reporter-app.md#safety-timer).
   */
  safetyTimers: 'safety_timers',
  /** `safety_timer_current/{uid}` (SafetyTimerCurrent): the person's latest timer, one running at a time. */
  safetyTimerCurrent: 'safety_timer_current',
  /** `alert_phones/{uid}` (AlertPhone): the number its person proved for alerts; server-written. */
  alertPhones: 'alert_phones',
  /**
   * `alert_phone_owners/{e164}`: who holds a proved number (one person per number); server-only.
   * `alert_phone_codes/{uid}`: the pending code (hashed), its tries and the hour's count; server-only.
   */
  alertPhoneOwners: 'alert_phone_owners',
  alertPhoneCodes: 'alert_phone_codes',
  /**
   * `roster/{externalId}` (RosterPerson): the institution's people imported by `importRoster`;
   * server-written, read by Admins only (docs/mass-notifications.md#roster).
   */
  roster: 'roster',
  /** Server-written, Admin-read: one entry per applied roster import (who, when, mode, counts). */
  rosterImports: 'roster_imports',
} as const;

/**
 * Sub-collection of `clery_records/{id}` and `legal_holds/{id}`: their history, one server-written
 * CleryLogEntry per change, never updated or deleted (docs/clery.md#history).
 */
export const CLERY_LOG = 'log';

/** Sub-collection of on-call schedules and escalation policies: one entry per save (who, when, before → after). */
export const SETTINGS_HISTORY = 'history';

/** Sub-collection of `incident_stats/{campus}`: one aggregate doc per day (IncidentDayStats). */
export const INCIDENT_STATS_DAYS = 'days';

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/**
 * Shards of each stats doc (issue 22 item 2): production sustains about one write per second per
 * document, and a campus-wide emergency files several reports a second, each moving its campus
 * doc and its day doc twice (filed, then assigned). Each write goes to the less recently written
 * of two shards (functions' services/incident-stats.ts), so only the sum of a doc's shards means
 * anything; readers sum them, and every shard carries the same `campus` (and `day`) labels.
 * Shard 0 is the doc's plain id. 16, not 8: at 3.3 reports a second, 8 evenly loaded shards take
 * 8.3 writes per 10 s each, too near the limit of 10.
 */
export const INCIDENT_STATS_SHARDS = 16;

/**
 * Document id of shard `shard` of a stats doc whose plain id is `id` (incidentStatsId, or a day).
 * `%s` never comes out of incidentStatsId's escaping (`%25`, `%2F`, a leading `%`), so a shard id
 * is never another campus's id.
 */
export function statsShardId(id: string, shard: number): string {
  return shard === 0 ? id : `${id}%s${shard}`;
}

/** Whether a stats doc id is that of shard 1 or above (statsShardId), not a doc's plain id. */
export function isStatsShardId(id: string): boolean {
  return id.includes('%s');
}

/**
 * Document id of a campus's `incident_stats` doc: the campus name itself when Firestore allows
 * it. `%` and `/` are percent-escaped and the reserved ids (`.`, `..`, `__…__`) get a leading `%`,
 * which escaping never produces, so distinct names keep distinct ids.
 */
export function incidentStatsId(campus: string): string {
  const escaped = campus.replace(/%/g, '%25').replace(/\//g, '%2F');
  return escaped === '.' || escaped === '..' || /^__.*__$/.test(escaped) ? `%${escaped}` : escaped;
}

/**
 * Document id of a Storage object's `file_checks` doc: its path with `%` and `/` percent-escaped
 * (paths are never `.`/`..`/`__…__`: they always hold a `/`), so the console finds the check of a
 * file from the path it already knows.
 */
export function fileCheckId(storagePath: string): string {
  return storagePath.replace(/%/g, '%25').replace(/\//g, '%2F');
}
