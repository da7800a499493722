/**
 * Every Cloud Function of the Campus Safety Console. Each export is one trigger, callable or
 * endpoint; the work lives in plain functions under services/ and domain/.
 */
import './options';

export { handleIncidentReportWrite } from './triggers/handle-incident-report-write';
export { applyAccomplishmentReport } from './triggers/apply-accomplishment-report';
export { syncAccomplishmentArchive } from './triggers/sync-accomplishment-archive';
export { syncUserAccount } from './triggers/sync-user-account';
export { checkUploadedFile } from './triggers/check-uploaded-file';
export { checkIncidentMedia } from './triggers/check-incident-media';
export { deliverIncidentMessage } from './triggers/deliver-incident-message';
export { deliverEmergencyMessage } from './triggers/deliver-emergency-message';
export { planMassNotification } from './triggers/plan-mass-notification';
export { askForAlertApproval } from './triggers/ask-for-alert-approval';
export { deliverMassNotificationBatch } from './triggers/deliver-mass-notification-batch';
export { sendMassNotificationMessages } from './triggers/send-mass-notification-messages';
export { countMassNotificationRead } from './triggers/count-mass-notification-read';
export { pageOnEmergency } from './triggers/page-on-emergency';

export { createAccount } from './callables/create-account';
export { clearDefaultPassword } from './callables/clear-default-password';
export { issueInvitation } from './callables/issue-account-invitation';
export { redeemInvitation } from './callables/redeem-account-invitation';
export { confirmEmailVerified } from './callables/confirm-account-email-verified';
export { setStaffAccess } from './callables/set-account-staff-access';
export { removeUnverifiedAccount } from './callables/remove-unverified-account';
export { runHousekeeping } from './callables/run-housekeeping';
export { saveArticle } from './callables/save-article';
export { saveAnnouncement } from './callables/save-announcement';
export { addTags } from './callables/add-tags';
export { renameTag } from './callables/rename-tag';
export { deleteTag } from './callables/delete-tag';
export { tagUsage } from './callables/tag-usage';
export { publishScheduledNow } from './callables/publish-scheduled-now';
export { rebuildIncidentStats } from './callables/rebuild-incident-stats';
export { classifyIncident } from './callables/classify-incident';
export { withholdCrimeLogEntry } from './callables/withhold-crime-log-entry';
export { setLegalHold } from './callables/set-legal-hold';
export { saveCleryCalendar } from './callables/save-clery-calendar';
export { recordFire } from './callables/record-fire';
export { recordWarningDecision } from './callables/record-warning-decision';
export { recordEmergencyTest } from './callables/record-emergency-test';
export { rebuildIncidentKeywords } from './callables/rebuild-incident-keywords';
export { acknowledgeAssignment } from './callables/acknowledge-assignment';
export { acknowledgeEmergency } from './callables/acknowledge-emergency';
export { startAlertPhoneVerification } from './callables/start-alert-phone-verification';
export { confirmAlertPhone } from './callables/confirm-alert-phone';
export { removeAlertPhone } from './callables/remove-alert-phone';
export { reassignReport } from './callables/reassign-report';
export { fileAnonymousReport } from './callables/file-anonymous-report';
export { revealAnonymousReporter } from './callables/reveal-anonymous-reporter';
export { sendMassNotification } from './callables/send-mass-notification';
export { approveMassNotification } from './callables/approve-mass-notification';
export { sendMassNotificationTest } from './callables/send-mass-notification-test';
export { countMassNotificationAudience } from './callables/count-mass-notification-audience';
export { importRoster } from './callables/import-roster';
export { replyToMassNotification } from './callables/reply-to-mass-notification';
export { saveOnCallSchedule } from './callables/save-on-call-schedule';
export { saveEscalationPolicy } from './callables/save-escalation-policy';
export { saveSetting } from './callables/save-setting';
export { handOverReports } from './callables/hand-over-reports';

export { publishScheduled } from './scheduled/publish-scheduled';
export { housekeeping } from './scheduled/housekeeping';
export { sendScheduledMassNotifications } from './scheduled/send-scheduled-mass-notifications';
export { foldPastStatsDays } from './scheduled/fold-past-stats-days';

// Function ids join export groups with '-': these deploy as `send-notification` and
// `send-notif-topic`, the endpoint names of docs/requirements.md#calls.
import { sendNotification } from './http/send-notification';
import { sendNotifTopic } from './http/send-notif-topic';
export const send = { notification: sendNotification, notif: { topic: sendNotifTopic } };
// Deploys as `roster-import` (docs/mass-notifications.md#roster-endpoint).
import { importRosterEndpoint } from './http/import-roster';
export const roster = { import: importRosterEndpoint };
// Deploy as `alert-reply` and `sms-inbound` (docs/mass-notifications.md#reply-links).
import { alertReplyEndpoint } from './http/alert-reply';
import { smsInboundEndpoint } from './http/sms-inbound';
export const alert = { reply: alertReplyEndpoint };
export const sms = { inbound: smsInboundEndpoint };
