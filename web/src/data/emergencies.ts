import {
  COLLECTIONS,
  EMERGENCY_LIMITS,
  emergencyCampus,
  formatInZone,
  newEmergency,
  type Campuses,
  type Emergency,
  type EmergencyPoint,
  type TimelineEntry,
  type TimestampLike,
} from '@campus-safety/model';
import { callFunction } from '../lib/functions';
import { programmeTimeZone } from '../lib/institution';
import {
  createInQuota,
  deviceTime,
  entityConverter,
  newDocumentId,
  serverTime,
  updateDocument,
} from './firestore';
import type { DocSpec, QuerySpec } from './spec';

/**
 * Emergencies (SOS, docs/reporter-app.md#sos): the app opens one, moves its location and closes
 * it; the console lists the open ones of its scope and acknowledges them through the callable.
 */

/** A fix as the phone gives it (GeolocationPosition, or a test's). */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number;
  /** The phone's time of the fix, ms. */
  at: number;
}

/** The most open emergencies the console's alarm lists at once (more wait their turn). */
export const OPEN_EMERGENCIES_LIMIT = 20;

const converter = entityConverter<Emergency>();

/** A fix as the rules take it on an emergency or a safety timer. */
export function pointOf(fix: Fix) {
  return {
    lat: fix.latitude,
    lng: fix.longitude,
    accuracy: Math.min(Math.round(fix.accuracy), EMERGENCY_LIMITS.emergencyAccuracyMeters),
    // The phone's clock, as the rules allow within EMERGENCY_LIMITS.emergencyClockSkewSeconds;
    // a fix older than the write (watchPosition's last) is sent as of now.
    at: deviceTime(Math.max(fix.at, Date.now() - 5_000)),
  };
}

function limitText(until: Date): string {
  return (
    `You have sent ${EMERGENCY_LIMITS.emergenciesPerPersonPerHour} emergency alerts within an ` +
    `hour, the most one person can send. You can send another at ` +
    `${formatInZone(until, programmeTimeZone(), 'HH:mm')}. Call campus police now.`
  );
}

/** Said when the institution has set up no campus yet: the emergency has nowhere to go. */
const NO_CAMPUS_YET =
  'The emergency alert was not sent: no campus is set up yet. Call campus police or the local emergency number now.';

/**
 * Opens an emergency for the signed-in person, with their fix when the phone gave one; the campus
 * by the fix, else their own (docs/reporter-app.md#sos). Returns its id.
 */
export async function openEmergency(
  person: { uid: string; email: string; emailVerified: boolean; campus: unknown },
  fix: Fix | null,
  campuses: Campuses,
): Promise<string> {
  const where = emergencyCampus(fix, person.campus, campuses);
  if (!where) throw new Error(NO_CAMPUS_YET);
  const id = newDocumentId([COLLECTIONS.emergencies]);
  const point = fix ? pointOf(fix) : null;
  await createInQuota(
    'emergency',
    [COLLECTIONS.emergencies, id],
    newEmergency(person, point, where, serverTime()),
    person.uid,
    limitText,
    'The emergency alert was not sent',
  );
  return id;
}

/** The person's new fix: `location`, and one more point on the track while it has room. */
export function moveEmergency(
  id: string,
  track: readonly EmergencyPoint<TimestampLike>[],
  fix: Fix,
) {
  const point = pointOf(fix);
  const room = track.length < EMERGENCY_LIMITS.emergencyTrackPoints;
  return updateDocument(
    [COLLECTIONS.emergencies, id],
    { location: point, track: room ? [...track, point] : track, movedAt: serverTime() },
    'Your location was not sent',
  );
}

/** "I'm safe": the person closes their emergency. */
export function closeEmergency(id: string) {
  return updateDocument(
    [COLLECTIONS.emergencies, id],
    { status: 'closed', closedAt: serverTime() },
    'The emergency was not closed',
  );
}

export function emergencySpec(id: string): DocSpec<Emergency> {
  return { path: [COLLECTIONS.emergencies, id], converter };
}

/**
 * The emergencies a staff member lists: an IMT member's campus, every campus for an Admin (what
 * the rules let each list); null for an IMT member with no campus.
 */
function emergenciesOfScope(
  role: 'Admin' | 'IMT',
  campus: string | null,
  query: Pick<QuerySpec<Emergency>, 'wheres' | 'orderBy' | 'limit'>,
): QuerySpec<Emergency> | null {
  if (role === 'IMT' && !campus) return null;
  return {
    path: [COLLECTIONS.emergencies],
    converter,
    ...query,
    wheres: [
      ...query.wheres,
      ...(role === 'IMT' ? [{ field: 'campus', op: '==' as const, value: campus! }] : []),
    ],
  };
}

/** Open (unacknowledged) emergencies of the caller's scope. */
export function openEmergenciesSpec(role: 'Admin' | 'IMT', campus: string | null) {
  return emergenciesOfScope(role, campus, {
    wheres: [{ field: 'status', op: '==', value: 'open' }],
    limit: OPEN_EMERGENCIES_LIMIT,
  });
}

/** How many past emergencies the list shows, newest first. */
export const PAST_EMERGENCIES_LIMIT = 100;

/** Every emergency of the caller's scope, newest first. */
export function pastEmergenciesSpec(role: 'Admin' | 'IMT', campus: string | null) {
  return emergenciesOfScope(role, campus, {
    wheres: [],
    orderBy: { field: 'openedAt', direction: 'desc' },
    limit: PAST_EMERGENCIES_LIMIT,
  });
}

/** The emergency's timeline, oldest first (at most a few dozen entries: bounded steps). */
export function emergencyTimelineSpec(id: string): QuerySpec<TimelineEntry> {
  return {
    path: [COLLECTIONS.emergencies, id, COLLECTIONS.timeline],
    converter: entityConverter<TimelineEntry>(),
    wheres: [],
    orderBy: { field: 'at', direction: 'asc' },
    limit: 100,
  };
}

/** Who sent it, as staff read it: the server-found name, else the email; unverified said so. */
export function emergencyPerson(e: Emergency): string {
  const who = e.personName || e.email;
  return e.emailVerified ? who : `${who} (email not verified)`;
}

export async function acknowledgeEmergency(id: string) {
  return callFunction('acknowledgeEmergency', { emergencyId: id });
}
