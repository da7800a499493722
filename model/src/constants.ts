import deployment from './deployment.json';

/**
 * Date format of notifications and every date the console shows (docs/requirements.md#constants).
 */
export const DATE_FORMAT = 'MMM DD YYYY hh:mm:ss A';
/** The date and time parts of DATE_FORMAT, as stored in an accomplishment copy's `report.date`/`report.time`. */
export const REPORT_DATE_FORMAT = 'MMM DD YYYY';
export const REPORT_TIME_FORMAT = 'hh:mm:ss A';

/** Toast auto-close, including the new-incident alert (docs/requirements.md#constants). */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Topic every app install subscribes to for guide and announcement pushes. */
export const BROADCAST_TOPIC = 'all';

/** Push/notification `type` values the app understands. */
export const PUSH_TYPES = {
  report: 'report',
  guide: 'guide',
  announcement: 'announcement',
  /** To staff: a report waited unassigned past its target (the console opens it). */
  escalation: 'escalation',
  /** To staff: a report was assigned to them, or reassigned away (the console opens it). */
  assignment: 'assignment',
  /** An alert to campuses (docs/mass-notifications.md); the app opens its notification. */
  massNotification: 'mass-notification',
  /** To staff: an SOS from the app (docs/reporter-app.md#sos); the console opens the emergency. */
  emergency: 'emergency',
} as const;
export type PushType = (typeof PUSH_TYPES)[keyof typeof PUSH_TYPES];

export const NEW_INCIDENT_ALERT = {
  title: 'New Incident Reported',
  message: 'A new incident has been reported. Check it now!',
} as const;

/** Product messages (docs/requirements.md#errors). */
export const MESSAGES = {
  invalidScheduledDate: 'Invalid scheduledDate format.',
  failedToDeleteTag: 'Failed to delete tag.',
  failedToUpdateTag: 'Failed to update tag.',
  failedToUpdateArticle: 'Failed to update article.',
  failedToUpdateAnnouncement: 'Failed to update announcement.',
  noUserData: 'No user data found in Firestore',
} as const;

/**
 * Size limits shared by the callables' schemas, the console's forms and (restated) the rules.
 * Strings are counted in UTF-16 code units, as both JavaScript and the rules language do.
 */
export const LIMITS = {
  name: 80,
  email: 254,
  contactNumber: 32,
  address: 300,
  title: 150,
  body: 5000,
  tagName: 40,
  tagsPerItem: 20,
  tagsPerRequest: 50,
  declineDescription: 2000,
  /** An internal note on an incident (staff only). */
  internalNote: 2000,
  /** The reason given when a report in progress is reassigned (shown in its timeline). */
  reassignReason: 500,
  /** Why an Admin reveals who filed an anonymous report (kept on its timeline). */
  revealReason: 500,
  releaseNotes: 5000,
  imageBytes: 5 * 1024 * 1024,
  releaseBytes: 200 * 1024 * 1024,
  /**
   * Smallest app build the server accepts: an APK is a ZIP holding at least a manifest, code and
   * a signature, tens of kilobytes in practice; this only keeps out stubs (the 20-byte "apk").
   */
  releaseMinBytes: 4 * 1024,
  /** Push tokens per account, and characters per token (FCM tokens are ~160; RE2 in the rules caps a repeat at 1000). */
  deviceTokens: 20,
  deviceToken: 512,
  url: 2048,
  id: 128,
  /** Storage object names (the last path segment) and content types. */
  fileName: 200,
  contentType: 128,
  /** Custom metadata entries on one stored file. */
  customMetadata: 10,
  /**
   * Reports one reporter may file in any hour (issue 17 item 5, issue 22 item 5): far above what
   * one person sends about an emergency (a report and a few updates), far below a flood. Many
   * reporters at once are the normal case of an emergency, and each has a limit of their own.
   */
  reportsPerReporterPerHour: 12,
  /**
   * A report's `writtenAt` (the device's time when it was written, which may be long before it
   * reaches the server from a phone without signal) may be at most this far past the server's
   * time: a phone's clock runs a little off.
   */
  reportWrittenSkewSeconds: 120,
  /** …and at most this many days before it: a report kept longer on a phone is refused. */
  reportWrittenMaxAgeDays: 7,
  /**
   * Reassignments of one report in any hour window (issue 28 item 5): each tells the reporter,
   * pushes to them and pages two staff members, so a run of them floods three people. A real
   * handover moves a report once or twice.
   */
  reassignmentsPerReportPerHour: 5,
  /**
   * "Send a test to myself" per sender in any hour window (issue 28 item 5): each is a mail, a
   * text and a push to the sender; a few are enough to check how an alert reads.
   */
  massNotificationTestsPerSenderPerHour: 5,
  /**
   * Audience counts (the send step's confirmation) per sender in any hour window: each reads
   * every account and roster person of the audience, so the bound caps what one person can make
   * the server read; a sender counts once or twice per alert.
   */
  massNotificationAudienceCountsPerSenderPerHour: 60,
  /**
   * Alerts one sender may start in any hour window, by role (issue 28 item 5): each can reach a
   * whole campus by mail and text. Far above a real emergency's alert and its follow-ups; an
   * Admin covers every campus, so gets more.
   */
  massNotificationsPerSenderPerHour: { IMT: 10, Admin: 30 },
  /**
   * Refused files kept under quarantine/ per owner in any day window (issue 28 item 5): an
   * uploader's uid (staff media, profile photos), or the report for a reporter's media (their
   * path carries no uid, by design), or the folder for the site's files. Past it a refused
   * upload is deleted instead of kept: a flood of bad files cannot fill the bucket.
   */
  quarantinedFilesPerOwnerPerDay: 20,
  /** Days a quarantined file is kept for a look before housekeeping deletes it. */
  quarantineKeepDays: 30,
  /** Quarantined files housekeeping deletes per run at most (the rest go next minute). */
  quarantinePurgePage: 50,
  /**
   * Internal notes one report holds, and accomplishment reports filed or edited on one report
   * (issue 17 finding 8): each leaves a row in the record staff read and print. Far above what
   * real work on one incident writes, far below what would make that record unreadable.
   */
  internalNotesPerReport: 100,
  accomplishmentWritesPerReport: 50,
  /** A message of an incident's conversation (either side). */
  message: 2000,
  /**
   * Messages one report's conversation holds (both sides): far above a real exchange about one
   * incident, far below what would make the printed record unreadable.
   */
  messagesPerReport: 200,
  /** Messages one author may send on one report within messageWindowMinutes (a flood stops). */
  messagesPerWindow: 10,
  messageWindowMinutes: 5,
  /** Quick questions staff may send with one click, and characters per question. */
  quickQuestions: 12,
  quickQuestion: 200,
  /**
   * Media on an incident (issue 19 item 3, model/src/media.ts): bytes per file of each kind,
   * files one report holds (ready ones; the next is quarantined) and media one message carries.
   */
  mediaImageBytes: 10 * 1024 * 1024,
  mediaVideoBytes: 50 * 1024 * 1024,
  mediaAudioBytes: 20 * 1024 * 1024,
  mediaPerReport: 10,
  mediaPerMessage: 4,
} as const;

/** A default password stops signing in this long after it was issued (createAccount, re-issue). */
export const DEFAULT_PASSWORD_TTL_HOURS = 72;

/** `processed_events` markers expire this long after the event (TTL policy on `expiresAt`). */
export const PROCESSED_EVENT_TTL_DAYS = 7;

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Region of every Cloud Function; the console's functions client and the scripts call it there.
 * Kept in deployment.json so plain-node scripts (npm start) read the same value.
 */
export const FUNCTIONS_REGION: string = deployment.functionsRegion;
