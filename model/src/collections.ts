/** Firestore collection names, the one place both the functions and the console read them from. */
export const COLLECTIONS = {
  users: 'users',
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
  /** Server-only: fingerprint of each account's password at creation, to detect a real change. */
  accountCredentials: 'account_credentials',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
