import type { Affiliation } from './catalog';
import type { Language } from './languages';
import type { ReportEscalation } from './escalation';
import type { Role, StaffRole } from './roles';
import type { DurationStats } from './aggregates';
import type { IncidentStatus } from './status';
import type { WebPushSubscription } from './web-push';

/**
 * Both the admin SDK's and the web SDK's Timestamp satisfy this, so entity types are shared
 * while each side keeps its own SDK.
 */
export interface TimestampLike {
  toMillis(): number;
  toDate(): Date;
}

/** `users/{uid}` (document id = Auth uid). */
export interface UserProfile<T = TimestampLike> {
  firstName: string;
  firstNameLowerCase: string;
  lastName: string;
  email: string;
  contactNumber?: string;
  address?: string;
  /** ISO date (YYYY-MM-DD). */
  birthday?: string;
  profileUrl?: string;
  role: Role;
  campus: string | null;
  /** A reporter's own answer in /app (people.ts); absent until asked, never set for staff. */
  affiliation?: Affiliation;
  /** The language alerts reach them in, their own choice (languages.ts); absent: none chosen. */
  language?: Language;
  isArchived: boolean;
  isUsingDefaultPassword: boolean;
  /**
   * Whether the Auth account verified this email, mirrored by the server (never client-written;
   * absent until first mirrored). Roles count only for verified accounts.
   */
  emailVerified?: boolean;
  /**
   * When the current default password stops signing in (DEFAULT_PASSWORD_TTL_HOURS after it was
   * issued); null once it expired or was changed. Absent on accounts that never had one.
   */
  defaultPasswordExpiresAt?: T | null;
  /** ISO string. */
  registrationDate: string;
  registrationDateTimestamp: T;
  deviceToken?: string[];
  /** This person's Web Push devices (model web-push.ts); at most WEB_PUSH_LIMITS.subscriptions. */
  webPush?: WebPushSubscription[];
}

/**
 * `staff_directory/{uid}`: what colleagues may see of a live staff account (the assign dialog's
 * fields). Kept by the user trigger; absent for app users and archived accounts.
 */
export interface StaffDirectoryEntry {
  firstName: string;
  lastName: string;
  firstNameLowerCase: string;
  /** `firstName lastName`: the name an assignment must carry and the reporter is shown. */
  displayName: string;
  email: string;
  role: StaffRole;
  campus: string | null;
}

export interface GeoLoc {
  latitude: number;
  longitude: number;
}

export interface Assignee {
  id: string;
  displayName: string;
  email: string;
}

/** `incident_reports/{id}`. */
export interface IncidentReport<T = TimestampLike> {
  /** The server's time when the report arrived. */
  timestamp: T;
  /**
   * The reporter's device time when it was written (the app sets it; a report queued without
   * signal arrives later), within LIMITS.reportWrittenSkewSeconds / reportWrittenMaxAgeDays of
   * `timestamp` (the rules). Absent on reports from before issue 32 and from the mobile app.
   */
  writtenAt?: T;
  geoLoc: GeoLoc;
  nearestCampus: string;
  status: IncidentStatus;
  isArchived: boolean;
  /** The reporter's email, shown to staff; absent on an anonymous report. */
  email?: string;
  /**
   * Reporter's uid, so rules can let a reporter read only their own reports and the server finds
   * the reporter by it; absent on an anonymous report (model's anonymity.ts).
   */
  reporterId?: string;
  /** Filed anonymously through fileAnonymousReport: no field of the report names the reporter. */
  anonymous?: true;
  description?: string;
  incidentType: string;
  assignedTo?: Assignee | null;
  waitingTimeInMinutes?: number;
  responseTimeInMinutes?: number;
  /** Server-written: when the current assignee was assigned (the start of time to acknowledge). */
  assignedAt?: T | null;
  /** Server-written: when the current assignee acknowledged; null until then (reset on reassignment). */
  acknowledgedAt?: T | null;
  /** Server-written once on acknowledgement: whole minutes from `assignedAt` (MTTA's input). */
  acknowledgeTimeInMinutes?: number;
  /**
   * Server-written by reassignReport: why the report moved, from whom, by whom; and its hour
   * window (`windowStart`, `inWindow` reassignments in it; LIMITS.reassignmentsPerReportPerHour).
   */
  reassignment?: {
    reason: string;
    fromId: string | null;
    byUid: string;
    at: T;
    windowStart?: T;
    inWindow?: number;
  } | null;
  threatLevel?: string | null;
  tags?: string[];
  declineReason?: string;
  declineDescription?: string;
  /** Search words (model's incidentKeywords), written only by the server's keywords trigger. */
  keywords?: string[];
  /**
   * Uid of the staff member who wrote the latest status move (the rules require it to be the
   * caller's), so the status trigger can name who acted in the timeline.
   */
  updatedBy?: string;
  /**
   * Kept by the server: null from the report's creation until its first escalation step, then
   * when that step fired.
   */
  escalatedAt?: T | null;
  /** The escalation in progress or the last one (issue 20 item 3; housekeeping writes it). */
  escalation?: ReportEscalation<T>;
  /**
   * Set by a server writer (an import, the demo seed, a test's setup), never by the app (the
   * rules take no such field from it): the report was not filed through the app, so it does not
   * count towards its reporter's hourly quota (functions services/report-quota.ts).
   */
  imported?: true;
  /**
   * Kept by the server's message trigger: the reporter's messages no staff member has read yet,
   * and whether there are any (the "Reporter replied" queue selects `== true`). Staff reset both
   * when they read the conversation (CONVERSATION_READ, the one change the rules allow them).
   */
  unreadFromReporter?: number;
  reporterReplied?: boolean;
}

/** Snapshot of the incident carried by the top-level accomplishment copy. */
export interface AccomplishmentIncidentSnapshot {
  id: string;
  time: string;
  date: string;
  type: string;
  latitude: number;
  longitude: number;
  campus: string;
  assignee: string;
  threatLevel: string | null;
}

/** `incident_reports/{id}/accomplishment_reports/{aid}` and its copy `accomplishment_reports/{aid}`. */
export interface AccomplishmentReport<T = TimestampLike> {
  title: string;
  description: string;
  resolveCode: string;
  timestamp: T;
  imageUrl?: string;
  isArchived: boolean;
  threatLevel?: string | null;
  /**
   * The incident's accomplishment-write count (`record_counts/accomplishment_reports`) this
   * write brought it to: every staff create or edit sets it, so the rules see the write counted.
   */
  revision?: number;
  /** Only on the top-level copy. */
  report?: AccomplishmentIncidentSnapshot;
}

export interface Tag {
  name: string;
}

export interface Article<T = TimestampLike> {
  title: string;
  description: string;
  imageUrl?: string;
  timestamp: T;
  isArchived: boolean;
  isScheduled: boolean;
}

export interface Announcement<T = TimestampLike> {
  title: string;
  body: string;
  imageUrl?: string;
  tags: string[];
  timestamp: T;
  isArchived: boolean;
  isScheduled: boolean;
}

/** `releases/{id}`: fields decided by the project (docs/requirements.md#entities). */
export interface Release<T = TimestampLike> {
  version: string;
  versionCode: number;
  notes: string;
  storagePath: string;
  size: number;
  md5Hash: string;
  contentType: string;
  timestamp: T;
  isArchived: boolean;
}

/** The `byThreatLevel` bucket of reports that have no threat level (not assessed yet). */
export const UNASSESSED_THREAT_LEVEL = 'Unassessed';

/** A sum and a count, so the mean covers only the reports that have the value. */
export interface MinutesTally {
  sum: number;
  count: number;
}

/**
 * `incident_stats/{incidentStatsId(campus)}`: counts over the campus's non-archived reports,
 * kept by the server. A bucket that was never counted may be absent (read it as 0).
 */
export interface IncidentStats<T = TimestampLike> {
  campus: string;
  total: number;
  byStatus: Partial<Record<IncidentStatus, number>>;
  /** THREAT_LEVELS plus UNASSESSED_THREAT_LEVEL. */
  byThreatLevel: Record<string, number>;
  byIncidentType: Record<string, number>;
  /**
   * Report day (`YYYY-MM-DD` of its `timestamp` in the programme time zone) → reports of that day
   * still open (OPEN_STATUSES): the backlog by age. Days without open reports are absent.
   */
  openByDay: Record<string, number>;
  responseTimeInMinutes: MinutesTally;
  waitingTimeInMinutes: MinutesTally;
  acknowledgeTimeInMinutes?: MinutesTally;
  /** Which shard of the campus doc this is (INCIDENT_STATS_SHARDS; absent on docs written before). */
  shard?: number;
  /** The shard's writes of about the last 10 s, as of `updatedAt`: where the next write goes. */
  recentWrites?: number;
  updatedAt: T;
}

/**
 * `incident_stats/{incidentStatsId(campus)}/days/{YYYY-MM-DD}`: the campus's non-archived reports
 * whose `timestamp` falls on that day in the programme time zone, kept by the server. The
 * dashboard reads one of these per campus and day of its period, whatever the number of reports.
 * Absent buckets read as 0; a day without reports has no doc.
 */
export interface IncidentDayStats<T = TimestampLike> {
  campus: string;
  day: string;
  total: number;
  byStatus: Partial<Record<IncidentStatus, number>>;
  /** THREAT_LEVELS plus UNASSESSED_THREAT_LEVEL. */
  byThreatLevel: Record<string, number>;
  byIncidentType: Record<string, number>;
  byTag: Record<string, number>;
  /** Per target level (THREAT_LEVELS plus Unrated): waiting times against `assignWithinMinutes`. */
  waiting: Record<string, DurationStats>;
  /** Per target level: response times against `respondWithinMinutes`. */
  response: Record<string, DurationStats>;
  /** Per target level: times to acknowledge (no target yet, so no `within`). */
  acknowledge?: Record<string, Partial<DurationStats>>;
  /** Which shard of the day doc this is; past days are folded into shard 0. */
  shard?: number;
  /** As on the campus doc: the shard's recent writes. */
  recentWrites?: number;
  updatedAt: T;
}

/**
 * `trigger_failures/{trigger}-{eventId}`: an event a trigger (or report step) failed on, and the
 * queue its re-runs come from (functions/src/platform/trigger-failures.ts). `retrying` while
 * housekeeping will run it again at `retryAt`, `recovered` once a run succeeded, `failed` when the
 * last allowed attempt failed too (its work is not done: an Admin looks at `document`). `gave-up`
 * is what records written before re-runs existed say instead of `failed`.
 */
export interface TriggerFailure<T = TimestampLike> {
  trigger: string;
  eventId: string;
  /** Path of the document whose change the trigger handled. */
  document: string | null;
  eventTime: T;
  /** The last error's message, shortened. */
  error: string;
  attempts: number;
  state: 'retrying' | 'recovered' | 'failed' | 'gave-up';
  lastFailedAt: T;
  /** When housekeeping runs it again; only while `retrying`. */
  retryAt?: T;
  recoveredAt?: T;
}

/**
 * `file_checks/{fileCheckId(path)}`: what the server found in an uploaded file. A file that is
 * not what its kind must be is moved out of its path (`quarantined`), so it is never served.
 */
export interface FileCheck<T = TimestampLike> {
  path: string;
  kind: 'image' | 'release';
  state: 'ok' | 'quarantined';
  /** Why it was quarantined, as a sentence; null when ok. */
  reason: string | null;
  /** What the first bytes say it is (`png`, `jpeg`, `webp`, `gif`, `zip`), null when none. */
  detectedType: string | null;
  size: number;
  /** Hex SHA-256 of the content, computed on the server (releases only). */
  sha256: string | null;
  checkedAt: T;
}
