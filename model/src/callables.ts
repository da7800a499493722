/**
 * The contract between the console and the callable functions, as one table: for each callable its
 * input schema (zod, callable-inputs.ts), the roles that may call it, what an unexpected fault is
 * reported as, and its response type. The functions take every request through it (one wrapper,
 * functions/src/platform/callable.ts); the console's `callFunction` infers its types from it.
 */
import type { z } from 'zod';
import {
  addTagsSchema,
  createAccountSchema,
  deleteTagSchema,
  noInputSchema,
  renameTagSchema,
  saveAnnouncementSchema,
  saveArticleSchema,
  tagUsageSchema,
} from './callable-inputs';
import {
  classifyIncidentSchema,
  setLegalHoldSchema,
  withholdCrimeLogEntrySchema,
} from './clery/record';
import { saveCleryCalendarSchema } from './clery/crime-log';
import { recordFireSchema } from './clery/fire';
import {
  recordEmergencyTestSchema,
  recordWarningDecisionSchema,
  type RecordEmergencyTestResponse,
} from './clery/emergency';
import { MESSAGES } from './constants';
import {
  accountIdSchema,
  redeemInvitationSchema,
  setStaffAccessSchema,
  type ConfirmEmailVerifiedResponse,
  type Invitation,
  type IssueInvitationResponse,
  type RedeemInvitationResponse,
  type RemoveUnverifiedAccountResponse,
  type SetStaffAccessResponse,
} from './identity';
import {
  acknowledgeAssignmentSchema,
  reassignReportSchema,
  type AcknowledgeAssignmentResponse,
  type ReassignReportResponse,
} from './paging';
import {
  fileAnonymousReportSchema,
  revealAnonymousReporterSchema,
  type FileAnonymousReportResponse,
  type RevealAnonymousReporterResponse,
} from './anonymity';
import {
  approveMassNotificationSchema,
  sendMassNotificationSchema,
  sendMassNotificationTestSchema,
  countMassNotificationAudienceSchema,
  type SendMassNotificationResponse,
  type SendMassNotificationTestResponse,
  type AudienceCount,
} from './mass-notifications';
import { importRosterSchema, type ImportRosterResponse } from './roster';
import {
  replyToMassNotificationSchema,
  type ReplyToMassNotificationResponse,
} from './alert-replies';
import { saveEscalationPolicySchema, type SaveEscalationPolicyResponse } from './escalation';
import { acknowledgeEmergencySchema, type AcknowledgeEmergencyResponse } from './emergencies';
import {
  confirmAlertPhoneSchema,
  removeAlertPhoneSchema,
  startAlertPhoneVerificationSchema,
  type ConfirmAlertPhoneResponse,
  type RemoveAlertPhoneResponse,
  type StartAlertPhoneVerificationResponse,
} from './alert-phones';
import { saveSettingSchema, type SaveSettingResponse } from './settings';
import {
  handOverReportsSchema,
  saveOnCallScheduleSchema,
  type HandOverReportsResponse,
  type SaveOnCallScheduleResponse,
} from './on-call';
import { ROLES, STAFF_ROLES, type Role } from './roles';

export interface CreateAccountResponse {
  uid: string;
  /** Shown once to the Admin who created the account; only its hash is stored. */
  invitation: Invitation;
  /**
   * Only where the deployment turned the spec's derived password on
   * (DERIVED_DEFAULT_PASSWORD_ENABLED, unsafe: docs/decisions.md#invitations).
   */
  defaultPassword?: string;
}

/** What one housekeeping run did (the every-minute job, or `runHousekeeping` on the local stack). */
export interface HousekeepingResponse {
  /** Failed trigger runs run again (trigger_failures whose retryAt had come). */
  retriedFailures: number;
  expiredDefaultPasswords: number;
  /** Escalation steps fired (issue 20 item 3: one per report and run at most). */
  escalatedReports: number;
  /** Safety timers past due that raised their emergency (docs/reporter-app.md#safety-timer). */
  raisedSafetyTimers: number;
  /** Escalation steps fired for emergencies left unacknowledged (one per emergency and run). */
  escalatedEmergencies: number;
  /** Quarantined files deleted past LIMITS.quarantineKeepDays (a page a run). */
  purgedQuarantinedFiles: number;
  /** Download tokens dropped from media objects (docs/media.md#tokens). */
  droppedDownloadTokens: number;
  removedProcessedEvents: number;
}

export interface ClearDefaultPasswordResponse {
  cleared: boolean;
}

export interface SavePublicationResponse {
  id: string;
  isScheduled: boolean;
  /** True when the topic push went out with this call (immediate publishing). */
  pushed: boolean;
}

export interface AddTagsResponse {
  added: string[];
  skipped: {
    name: unknown;
    reason: 'empty' | 'not-a-string' | 'too-long' | 'exists' | 'duplicate';
  }[];
}

export interface TagUsageResponse {
  incidents: number;
  announcements: number;
}

export interface PublishScheduledResponse {
  articles: number;
  announcements: number;
}

/** Admin recomputes every `incident_stats` doc from the reports (after a seed or an import). */
export interface RebuildIncidentStatsResponse {
  campuses: number;
  /** Day docs written (one per campus and programme-zone day with reports). */
  days: number;
  reports: number;
}

/** Admin rewrites every report's `keywords` that is missing or stale (reports from before search). */
export interface RebuildIncidentKeywordsResponse {
  checked: number;
  updated: number;
}

export interface RenameTagResponse {
  id: string;
  name: string;
}
export interface DeleteTagResponse {
  deleted: true;
}

/** The holidays saved, in date order. */
export interface SaveCleryCalendarResponse {
  holidays: string[];
}

/** What a Clery callable changed: the incident it is about. */
export interface CleryChangeResponse {
  incidentId: string;
}

/**
 * Who may make a call: listed roles, every signed-in, non-archived account (`'any'`), or anyone
 * at all (`'public'`: the invitation, whose secret is the proof).
 */
export type CallableRoles = readonly Role[] | 'any' | 'public';

export interface CallableSpec<S extends z.ZodType = z.ZodType, Response = unknown> {
  input: S;
  roles: CallableRoles;
  /**
   * Callers must have verified their email (docs/security-rules.md#verified-email); only the
   * call that mirrors the verification itself admits unverified callers.
   */
  allowUnverified?: true;
  /** What the caller reads when the call fails for a reason that is not theirs. */
  failure: string;
  /** Type only: what the call answers (never set at runtime). */
  response?: Response;
}

/** Builds one row, fixing its response type: `spec<Response>()({ input, roles, failure })`. */
function spec<Response>() {
  return <S extends z.ZodType>(row: Omit<CallableSpec<S, Response>, 'response'>) =>
    row as CallableSpec<S, Response>;
}

const ADMIN = ['Admin'] as const satisfies readonly Role[];

export const CALLABLES = {
  createAccount: spec<CreateAccountResponse>()({
    input: createAccountSchema,
    roles: ADMIN,
    failure: 'Could not create the account. Try again.',
  }),
  clearDefaultPassword: spec<ClearDefaultPasswordResponse>()({
    input: noInputSchema,
    roles: 'any',
    failure: 'Could not update your password status. Try again.',
  }),
  issueInvitation: spec<IssueInvitationResponse>()({
    input: accountIdSchema,
    roles: ADMIN,
    failure: 'Could not issue a new invitation. Try again.',
  }),
  redeemInvitation: spec<RedeemInvitationResponse>()({
    input: redeemInvitationSchema,
    roles: 'public',
    failure: 'Could not set your password. Try again.',
  }),
  confirmEmailVerified: spec<ConfirmEmailVerifiedResponse>()({
    input: noInputSchema,
    roles: 'any',
    allowUnverified: true,
    failure: 'Could not check your email verification. Try again.',
  }),
  setStaffAccess: spec<SetStaffAccessResponse>()({
    input: setStaffAccessSchema,
    roles: ADMIN,
    failure: 'Could not change the account. Try again.',
  }),
  removeUnverifiedAccount: spec<RemoveUnverifiedAccountResponse>()({
    input: accountIdSchema,
    roles: ADMIN,
    failure: 'Could not remove the account. Try again.',
  }),
  saveArticle: spec<SavePublicationResponse>()({
    input: saveArticleSchema,
    roles: ADMIN,
    failure: MESSAGES.failedToUpdateArticle,
  }),
  saveAnnouncement: spec<SavePublicationResponse>()({
    input: saveAnnouncementSchema,
    roles: ADMIN,
    failure: MESSAGES.failedToUpdateAnnouncement,
  }),
  addTags: spec<AddTagsResponse>()({
    input: addTagsSchema,
    roles: STAFF_ROLES,
    failure: 'Could not add the tags. Try again.',
  }),
  renameTag: spec<RenameTagResponse>()({
    input: renameTagSchema,
    roles: ADMIN,
    failure: MESSAGES.failedToUpdateTag,
  }),
  deleteTag: spec<DeleteTagResponse>()({
    input: deleteTagSchema,
    roles: ADMIN,
    failure: MESSAGES.failedToDeleteTag,
  }),
  tagUsage: spec<TagUsageResponse>()({
    input: tagUsageSchema,
    roles: STAFF_ROLES,
    failure: 'Could not count where the tags are used. Try again.',
  }),
  publishScheduledNow: spec<PublishScheduledResponse>()({
    input: noInputSchema,
    roles: ADMIN,
    failure: 'Could not publish the scheduled items. Try again.',
  }),
  rebuildIncidentStats: spec<RebuildIncidentStatsResponse>()({
    input: noInputSchema,
    roles: ADMIN,
    failure: 'Could not rebuild the incident statistics. Try again.',
  }),
  // Clery records and legal holds: Admins only (docs/clery.md#who-classifies).
  classifyIncident: spec<CleryChangeResponse>()({
    input: classifyIncidentSchema,
    roles: ADMIN,
    failure: 'Could not save the Clery classification. Try again.',
  }),
  withholdCrimeLogEntry: spec<CleryChangeResponse>()({
    input: withholdCrimeLogEntrySchema,
    roles: ADMIN,
    failure: 'Could not change the crime log entry. Try again.',
  }),
  setLegalHold: spec<CleryChangeResponse>()({
    input: setLegalHoldSchema,
    roles: ADMIN,
    failure: 'Could not change the legal hold. Try again.',
  }),
  recordFire: spec<CleryChangeResponse>()({
    input: recordFireSchema,
    roles: ADMIN,
    failure: 'Could not save the fire log entry. Try again.',
  }),
  recordWarningDecision: spec<CleryChangeResponse>()({
    input: recordWarningDecisionSchema,
    roles: ADMIN,
    failure: 'Could not record the decision. Try again.',
  }),
  recordEmergencyTest: spec<RecordEmergencyTestResponse>()({
    input: recordEmergencyTestSchema,
    roles: ADMIN,
    failure: 'Could not record the test. Try again.',
  }),
  saveCleryCalendar: spec<SaveCleryCalendarResponse>()({
    input: saveCleryCalendarSchema,
    roles: ADMIN,
    failure: 'Could not save the holidays. Try again.',
  }),
  rebuildIncidentKeywords: spec<RebuildIncidentKeywordsResponse>()({
    input: noInputSchema,
    roles: ADMIN,
    failure: 'Could not rebuild the search words of the reports. Try again.',
  }),
  /** Only the report's current assignee may acknowledge it (checked by the function). */
  acknowledgeAssignment: spec<AcknowledgeAssignmentResponse>()({
    input: acknowledgeAssignmentSchema,
    roles: STAFF_ROLES,
    failure: 'Could not acknowledge the report. Try again.',
  }),
  /** Every verified account: a code by SMS to the number (bounded per hour; docs/mass-notifications.md#phones-for-alerts). */
  startAlertPhoneVerification: spec<StartAlertPhoneVerificationResponse>()({
    input: startAlertPhoneVerificationSchema,
    roles: 'any',
    failure: 'Could not send the code. Try again.',
  }),
  /** The caller's pending code: the number becomes their phone for alerts. */
  confirmAlertPhone: spec<ConfirmAlertPhoneResponse>()({
    input: confirmAlertPhoneSchema,
    roles: 'any',
    failure: 'Could not check the code. Try again.',
  }),
  removeAlertPhone: spec<RemoveAlertPhoneResponse>()({
    input: removeAlertPhoneSchema,
    roles: 'any',
    failure: 'Could not remove the phone. Try again.',
  }),
  /** Admins, and the IMT of the emergency's campus (checked by the function). */
  acknowledgeEmergency: spec<AcknowledgeEmergencyResponse>()({
    input: acknowledgeEmergencySchema,
    roles: STAFF_ROLES,
    failure: 'Could not acknowledge the emergency. Try again.',
  }),
  /** Admins, and the IMT of the report's campus (checked by the function). */
  reassignReport: spec<ReassignReportResponse>()({
    input: reassignReportSchema,
    roles: STAFF_ROLES,
    failure: 'Could not reassign the report. Try again.',
  }),
  /** An app user files a report without their name on it (docs/anonymity.md). */
  fileAnonymousReport: spec<FileAnonymousReportResponse>()({
    input: fileAnonymousReportSchema,
    roles: ['User'],
    failure: 'Could not send the report. Try again.',
  }),
  /** An Admin reveals who filed an anonymous report, with a reason the timeline keeps. */
  revealAnonymousReporter: spec<RevealAnonymousReporterResponse>()({
    input: revealAnonymousReporterSchema,
    roles: ADMIN,
    failure: 'Could not reveal the reporter. Try again.',
  }),
  /** Admins anywhere, an IMT to their own campus only (checked by the function: senderRefusal). */
  sendMassNotification: spec<SendMassNotificationResponse>()({
    input: sendMassNotificationSchema,
    roles: STAFF_ROLES,
    failure: 'Could not send the alert. Try again.',
  }),
  /** A second Admin, never the author (checked by the function). */
  approveMassNotification: spec<SendMassNotificationResponse>()({
    input: approveMassNotificationSchema,
    roles: ADMIN,
    failure: 'Could not approve the alert. Try again.',
  }),
  /** Admins anywhere, an IMT their own campus (checked by the function: senderRefusal). */
  countMassNotificationAudience: spec<AudienceCount>()({
    input: countMassNotificationAudienceSchema,
    roles: STAFF_ROLES,
    failure: 'Could not count who the alert reaches. Try again.',
  }),
  /** To the caller only, marked test, not on the record. */
  sendMassNotificationTest: spec<SendMassNotificationTestResponse>()({
    input: sendMassNotificationTestSchema,
    roles: STAFF_ROLES,
    failure: 'Could not send the test. Try again.',
  }),
  /** Admins preview a roster CSV or apply one that has no problem (docs/mass-notifications.md#roster). */
  importRoster: spec<ImportRosterResponse>()({
    input: importRosterSchema,
    roles: ADMIN,
    failure:
      'Could not import the roster. Try again: a file already applied in part is completed by importing it again.',
  }),
  /** Any person an alert asking for a reply reached answers it (checked by the function). */
  replyToMassNotification: spec<ReplyToMassNotificationResponse>()({
    input: replyToMassNotificationSchema,
    roles: ROLES,
    failure: 'Could not record your answer. Try again.',
  }),
  /** Admins any campus, the IMT of the campus its own (checked by the function). */
  saveOnCallSchedule: spec<SaveOnCallScheduleResponse>()({
    input: saveOnCallScheduleSchema,
    roles: STAFF_ROLES,
    failure: 'Could not save the on-call schedule. Try again.',
  }),
  /** Staff hand their reports in progress over (each one checked as a reassignment). */
  handOverReports: spec<HandOverReportsResponse>()({
    input: handOverReportsSchema,
    roles: STAFF_ROLES,
    failure: 'Could not hand over your reports. Try again.',
  }),
  saveEscalationPolicy: spec<SaveEscalationPolicyResponse>()({
    input: saveEscalationPolicySchema,
    roles: ADMIN,
    failure: 'Could not save the escalation policy. Try again.',
  }),
  /** Response targets, incident types or campus areas, whole; the history keeps each change. */
  saveSetting: spec<SaveSettingResponse>()({
    input: saveSettingSchema,
    roles: ADMIN,
    failure: 'Could not save the setting. Try again.',
  }),
  runHousekeeping: spec<HousekeepingResponse>()({
    input: noInputSchema,
    roles: ADMIN,
    failure: 'Could not run the housekeeping job. Try again.',
  }),
} as const;

export type CallableName = keyof typeof CALLABLES;
/** What the console sends (before the schema's trimming and defaults). */
export type CallableRequest<N extends CallableName> = z.input<(typeof CALLABLES)[N]['input']>;
/** What the function's work receives (after parsing). */
export type CallableInput<N extends CallableName> = z.output<(typeof CALLABLES)[N]['input']>;
export type CallableResponse<N extends CallableName> = NonNullable<
  (typeof CALLABLES)[N]['response']
>;

export type CreateAccountRequest = CallableRequest<'createAccount'>;
export type SaveArticleRequest = CallableRequest<'saveArticle'>;
export type SaveAnnouncementRequest = CallableRequest<'saveAnnouncement'>;
