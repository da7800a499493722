/**
 * SOS (issue 32 items 1 and 2, docs/reporter-app.md#sos): a person opens an emergency from the
 * app with their location, which the app moves every few seconds while it is open; staff of its
 * campus see an alarm until one of them acknowledges it; its person closes it ("I'm safe"). The
 * rules restate EMERGENCY_LIMITS (firestore.rules, pinned by test/rules/model-drift.test.ts).
 */
import { z } from './zod-config';
import {
  activeCampuses,
  isActiveCampus,
  nearestCampus,
  type CampusId,
  type Campuses,
} from './campuses';
import { PUSH_TYPES } from './constants';
import type { TimestampLike } from './entities';
import { documentId } from './fields';
import type { EmergencyFromTimer } from './safety-timers';

export const EMERGENCY_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type EmergencyStatus = (typeof EMERGENCY_STATUSES)[number];
export const EMERGENCY_STATUS_LABELS: Readonly<Record<EmergencyStatus, string>> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

/** Whole minutes from an emergency's opening to its acknowledgement, or null before one. */
export function minutesToAcknowledgeEmergency(e: {
  openedAt: { toMillis(): number } | null | undefined;
  acknowledgedAt?: { toMillis(): number } | null;
}): number | null {
  if (!e.openedAt || !e.acknowledgedAt) return null;
  return Math.max(0, Math.round((e.acknowledgedAt.toMillis() - e.openedAt.toMillis()) / 60_000));
}

export const EMERGENCY_LIMITS = {
  /** Emergencies one person may open in an hour window (counted in emergency_quotas/{uid}). */
  emergenciesPerPersonPerHour: 5,
  /** The rules take a new location at most this often; the app sends one every 5 s. */
  emergencyPaceSeconds: 3,
  /** Points kept on the track (about 30 minutes at the app's pace); later ones move `location` only. */
  emergencyTrackPoints: 360,
  /** The largest accuracy radius a point may claim, in metres. */
  emergencyAccuracyMeters: 100000,
  /** A point's `at` is the phone's time of the fix: at most this far from the server's. */
  emergencyClockSkewSeconds: 60,
} as const;

/** How often the app sends the person's location while the emergency is open. */
export const EMERGENCY_LOCATION_EVERY_MS = 5_000;

/** How often the console's alarm sounds while an emergency waits for an acknowledgement. */
export const EMERGENCY_ALARM_EVERY_MS = 2_000;

/** Console notification and push `type` of an emergency page (users/{uid}/notifications). */
export const EMERGENCY_NOTIFICATION_TYPE = PUSH_TYPES.emergency;

/** The report threat level an emergency escalates as (its campus's policy, Critical timings). */
export const EMERGENCY_THREAT_LEVEL = 'Critical';

export interface EmergencyPoint<T = TimestampLike> {
  lat: number;
  lng: number;
  /** Radius in metres the phone vouches for. */
  accuracy: number;
  /**
   * The phone's time of the fix (the SDK writes no server time inside a list), within
   * EMERGENCY_LIMITS.emergencyClockSkewSeconds of the server's.
   */
  at: T;
}

/** Where the campus came from: the location's campus area (or nearest), the profile, or the default. */
export type EmergencyCampusSource = 'location' | 'profile' | 'default';

export interface Emergency<T = TimestampLike> {
  uid: string;
  email: string;
  /** Whether Firebase Auth had verified the email when it was opened (staff see "not verified"). */
  emailVerified: boolean;
  campus: CampusId;
  campusFrom: EmergencyCampusSource;
  status: EmergencyStatus;
  openedAt: T;
  /** The server's time of the last location write (the pace is counted from it). */
  movedAt: T;
  /** The latest point; null while the phone gives none (location blocked or not yet known). */
  location: EmergencyPoint<T> | null;
  /** Every point sent, oldest first, at most EMERGENCY_LIMITS.emergencyTrackPoints. */
  track: EmergencyPoint<T>[];
  closedAt?: T;
  acknowledgedAt?: T;
  acknowledgedBy?: { uid: string; name: string };
  /** Server-written: the person's name from their profile (null when they have none yet). */
  personName?: string | null;
  /** Server-written: everyone paged about it (their notices close on the acknowledgement). */
  notified?: string[];
  /** Server-written: escalation steps fired while unacknowledged (housekeeping). */
  escalation?: { fired: number; lastAt: T; level: string };
  /** Server-written: raised by the person's safety timer (ran out, or SOS while it ran). */
  fromTimer?: EmergencyFromTimer<T>;
}

/** An emergency's chat takes messages until the emergency is closed; then it is read-only. */
export function emergencyChatOpen(emergency: { status: EmergencyStatus }): boolean {
  return emergency.status !== 'closed';
}

/**
 * The fields of a new emergency, the one shape of the app's SOS (through the rules) and of a
 * safety timer's (the server): `now` is the time as each side writes it (the server's).
 */
export function newEmergency<T, N>(
  person: { uid: string; email: string; emailVerified: boolean },
  location: EmergencyPoint<T> | null,
  where: { campus: CampusId; campusFrom: EmergencyCampusSource },
  now: N,
) {
  return {
    uid: person.uid,
    email: person.email,
    emailVerified: person.emailVerified,
    campus: where.campus,
    campusFrom: where.campusFrom,
    status: 'open' as const,
    openedAt: now,
    movedAt: now,
    location,
    track: location ? [location] : [],
  };
}

/** `emergency_quotas/{uid}`: the person's window and the emergencies opened in it. */
export interface EmergencyQuota<T = TimestampLike> {
  windowStart?: T;
  opened?: number;
  lastId?: string;
}

export const EMERGENCY_QUOTA_WINDOW_MS = 3_600_000;

/**
 * The campus an emergency goes to: by its location, else the person's campus, else the first
 * active one (by name). Null only while the institution has no active campus (set-up not done).
 */
export function emergencyCampus(
  point: { latitude: number; longitude: number } | null,
  ownCampus: unknown,
  campuses: Campuses,
): { campus: CampusId; campusFrom: EmergencyCampusSource } | null {
  const nearest = point ? nearestCampus(point, campuses) : null;
  if (nearest) return { campus: nearest.campus, campusFrom: 'location' };
  if (isActiveCampus(campuses, ownCampus)) return { campus: ownCampus, campusFrom: 'profile' };
  const first = activeCampuses(campuses)[0];
  return first ? { campus: first.id, campusFrom: 'default' } : null;
}

/**
 * What `emergency_quotas/{uid}` becomes with the emergency `id` at `nowMs`: one more in the open
 * window, or a new one (`'now'`, stamped with the commit time as the rules require); `{ full }`
 * with the time the window ends when it holds the limit.
 */
export function nextEmergencyQuota<T extends { toMillis(): number }>(
  quota: EmergencyQuota<T> | undefined,
  nowMs: number,
  id: string,
): { windowStart: T | 'now'; opened: number; lastId: string } | { full: Date } {
  const start = quota?.windowStart;
  const open = start !== undefined && nowMs < start.toMillis() + EMERGENCY_QUOTA_WINDOW_MS;
  if (!open) return { windowStart: 'now', opened: 1, lastId: id };
  const opened = quota?.opened ?? 0;
  if (opened >= EMERGENCY_LIMITS.emergenciesPerPersonPerHour)
    return { full: new Date(start.toMillis() + EMERGENCY_QUOTA_WINDOW_MS) };
  return { windowStart: start, opened: opened + 1, lastId: id };
}

/** The words staff read for the campus's source. */
export const EMERGENCY_CAMPUS_FROM_TEXT: Record<EmergencyCampusSource, string> = {
  location: 'by the location',
  profile: 'no location: the person’s own campus',
  default: 'no location and no campus on the profile: the first campus',
};

export const acknowledgeEmergencySchema = z
  .object({ emergencyId: documentId('Emergency id') })
  .strict();

export interface AcknowledgeEmergencyResponse {
  emergencyId: string;
  acknowledgedAt: string;
  alreadyAcknowledged: boolean;
}
