/**
 * Demo incidents, as plain data (Dates, not SDK types) so they can be checked without Firebase:
 * every status, on every campus, over the last 30 days, with the fields the functions would have
 * written by the time each status was reached (assignee, timing, decline reason, threat level).
 */
import {
  CAMPUSES,
  DECLINE_REASONS,
  INCIDENT_TYPES,
  RESOLVE_CODES,
  THREAT_LEVELS,
  accomplishmentSnapshot,
  fullName,
  incidentKeywords,
  minutesBetween,
  programmeTimeZone,
  randomPointInCampus,
} from '@campus-safety/model';
import { REPORTERS, STAFF } from './accounts.mjs';
import { PLACES, pick } from './campuses.mjs';
import { SEED_TAGS } from './content.mjs';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How many incidents of each status, oldest statuses spread furthest back. */
const PLAN = [
  { status: 'Reported', count: 6, maxAgeDays: 2 },
  { status: 'Processing', count: 6, maxAgeDays: 6 },
  { status: 'Responded', count: 5, maxAgeDays: 12 },
  { status: 'Resolved', count: 10, maxAgeDays: 30 },
  { status: 'Declined', count: 5, maxAgeDays: 30 },
];

const DESCRIPTIONS = {
  'Medical Emergency': (place) => `A student fainted near ${place} and is conscious but dizzy.`,
  Fire: (place) => `Smoke coming from a trash bin beside ${place}.`,
  Theft: (place) => `Laptop taken from an unattended table at ${place}.`,
  Harassment: (place) => `A group is following and shouting at students around ${place}.`,
  Vandalism: (place) => `Graffiti and a broken window found at ${place}.`,
  Accident: (place) => `Motorcycle and bicycle collided near ${place}; minor injuries.`,
  'Suspicious Activity': (place) => `Someone is trying car door handles in ${place}.`,
  Other: (place) => `Power outage and a stuck elevator at ${place}.`,
};

function staffFor(campus, random) {
  const imt = STAFF.find((s) => s.role === 'IMT' && s.campus === campus && !s.isArchived);
  const admin = STAFF.find((s) => s.role === 'Admin');
  const person = imt && random() < 0.8 ? imt : admin;
  return {
    id: person.uid,
    displayName: fullName(person),
    email: person.email,
  };
}

/** The zone the deployment's functions write snapshots in (their PROGRAMME_TIME_ZONE param). */
const TIME_ZONE = programmeTimeZone(process.env.PROGRAMME_TIME_ZONE);

/**
 * @param {Date} now
 * @param {() => number} random deterministic source in [0, 1)
 * @returns {{ id: string, data: object, accomplishment?: { id: string, data: object, copy: object } }[]}
 */
export function buildIncidents(now, random) {
  const incidents = [];
  let serial = 0;
  for (const { status, count, maxAgeDays } of PLAN) {
    for (let i = 0; i < count; i += 1) {
      serial += 1;
      const campus = CAMPUSES[serial % CAMPUSES.length];
      const reporter = REPORTERS[serial % REPORTERS.length];
      const type = pick(INCIDENT_TYPES, random);
      const place = pick(PLACES, random);
      const reportedAt = new Date(now.getTime() - (0.02 + random() * (maxAgeDays - 0.02)) * DAY);
      const id = `demo-incident-${String(serial).padStart(2, '0')}`;
      const data = {
        timestamp: reportedAt,
        geoLoc: randomPointInCampus(campus, random),
        nearestCampus: campus,
        status,
        isArchived: false,
        email: reporter.email,
        reporterId: reporter.uid,
        description: DESCRIPTIONS[type](place),
        incidentType: type,
        tags: [],
        threatLevel: null,
        statusHistory: [{ status: 'Reported', at: reportedAt, by: reporter.uid }],
      };
      const later = (minMinutes, maxMinutes, after) =>
        new Date(after.getTime() + (minMinutes + random() * (maxMinutes - minMinutes)) * MINUTE);

      if (status === 'Declined') {
        const declinedAt = later(5, 90, reportedAt);
        data.declineReason = pick(DECLINE_REASONS, random);
        data.declineDescription = `Checked on site at ${place}: ${data.declineReason.toLowerCase()}.`;
        data.statusHistory.push({
          status: 'Declined',
          at: declinedAt,
          by: staffFor(campus, random).id,
        });
        // Old closed cases are archived, so the archive screens have something to show.
        data.isArchived = i === 0;
      } else if (status !== 'Reported') {
        const assignee = staffFor(campus, random);
        const assignedAt = later(2, 45, reportedAt);
        data.assignedTo = assignee;
        data.waitingTimeInMinutes = minutesBetween(reportedAt.getTime(), assignedAt.getTime());
        data.threatLevel = pick(THREAT_LEVELS, random);
        data.tags = [pick(SEED_TAGS, random), pick(SEED_TAGS, random)].filter(
          (tag, index, all) => all.indexOf(tag) === index,
        );
        data.statusHistory.push({ status: 'Processing', at: assignedAt, by: assignee.id });
        if (status === 'Responded' || status === 'Resolved') {
          const respondedAt = later(5, 120, assignedAt);
          data.responseTimeInMinutes = minutesBetween(reportedAt.getTime(), respondedAt.getTime());
          data.statusHistory.push({ status: 'Responded', at: respondedAt, by: assignee.id });
          if (status === 'Resolved') {
            const resolvedAt = later(30, 24 * 60, respondedAt);
            data.statusHistory.push({ status: 'Resolved', at: resolvedAt, by: assignee.id });
            data.isArchived = i < 2;
            incidents.push({
              id,
              data,
              accomplishment: accomplishmentFor(id, data, resolvedAt, random),
            });
            continue;
          }
        }
      }
      incidents.push({ id, data });
    }
  }
  // The search words the keywords trigger keeps, written here so a fresh stack can search at once.
  for (const { data } of incidents) data.keywords = incidentKeywords(data);
  return incidents;
}

/** The staff's accomplishment report and its top-level copy, as the accomplishment trigger writes it. */
function accomplishmentFor(incidentId, incident, at, random) {
  const resolveCode = pick(RESOLVE_CODES, random);
  const data = {
    title: `${incident.incidentType} at ${incident.nearestCampus} handled`,
    description: `${incident.description} Team responded, area secured, ${resolveCode.toLowerCase()}.`,
    resolveCode,
    timestamp: at,
    imageUrl: '',
    isArchived: incident.isArchived,
    threatLevel: incident.threatLevel,
  };
  const copy = {
    ...data,
    report: accomplishmentSnapshot(
      incidentId,
      { ...incident, reportedAt: incident.timestamp },
      incident.threatLevel,
      TIME_ZONE,
    ),
  };
  return { id: `${incidentId}-accomplishment`, data, copy };
}
