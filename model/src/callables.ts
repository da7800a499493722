/**
 * The contract between the console and the callable functions: names, request and response
 * shapes. Both sides import these; the functions validate every request with zod regardless.
 */
import type { Role } from './roles';

export const CALLABLES = {
  createAccount: 'createAccount',
  clearDefaultPassword: 'clearDefaultPassword',
  saveArticle: 'saveArticle',
  saveAnnouncement: 'saveAnnouncement',
  addTags: 'addTags',
  renameTag: 'renameTag',
  deleteTag: 'deleteTag',
  tagUsage: 'tagUsage',
  publishScheduledNow: 'publishScheduledNow',
  rebuildIncidentStats: 'rebuildIncidentStats',
  reissueDefaultPassword: 'reissueDefaultPassword',
  runHousekeeping: 'runHousekeeping',
} as const;

export interface CreateAccountRequest {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  campus: string | null;
  contactNumber?: string;
  address?: string;
  birthday?: string;
}
export interface CreateAccountResponse {
  uid: string;
  /** Shown once to the Admin who created the account. */
  defaultPassword: string;
}

/** Admin gives an account a new default password (the old one expired or was lost). */
export interface ReissueDefaultPasswordRequest {
  uid: string;
}
export interface ReissueDefaultPasswordResponse {
  /** Shown once to the Admin; never stored readable. */
  defaultPassword: string;
  /** ISO time the new password stops signing in. */
  expiresAt: string;
}

/** What one housekeeping run did (the every-minute job, or `runHousekeeping` on the local stack). */
export interface HousekeepingResponse {
  expiredDefaultPasswords: number;
  removedProcessedEvents: number;
}

export interface ClearDefaultPasswordResponse {
  cleared: boolean;
}

/** Create (no `id`) or update (`id`) an article; `scheduledDate` (ISO) schedules it. */
export interface SaveArticleRequest {
  id?: string;
  title: string;
  description: string;
  imageUrl?: string | null;
  scheduledDate?: string | null;
}
export interface SaveAnnouncementRequest {
  id?: string;
  title: string;
  body: string;
  imageUrl?: string | null;
  tags: string[];
  scheduledDate?: string | null;
}
export interface SavePublicationResponse {
  id: string;
  isScheduled: boolean;
  /** True when the topic push went out with this call (immediate publishing). */
  pushed: boolean;
}

export interface AddTagsRequest {
  /** Raw input: empty and non-string entries are skipped, as are names that already exist. */
  names: unknown[];
}
export interface AddTagsResponse {
  added: string[];
  skipped: {
    name: unknown;
    reason: 'empty' | 'not-a-string' | 'too-long' | 'exists' | 'duplicate';
  }[];
}

export interface RenameTagRequest {
  id: string;
  name: string;
}
export interface DeleteTagRequest {
  id: string;
}
export interface TagUsageRequest {
  names: string[];
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
  reports: number;
}
