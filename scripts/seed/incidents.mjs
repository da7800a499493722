/**
 * Demo incidents, as plain data (Dates, not SDK types) so they can be checked without Firebase:
 * every status, on every campus, over the last 30 days, with the fields the functions would have
 * written by the time each status was reached (assignee, timing, decline reason, threat level).
 */
import {
  ANONYMOUS_ACTOR,
  DECLINE_REASONS,
  DEFAULT_ESCALATION_POLICY,
  INCIDENT_TYPES,
  RESOLVE_CODES,
  THREAT_LEVELS,
  accomplishmentSnapshot,
  DEFAULT_INSTITUTION,
  escalationConditionOf,
  escalationTimeline,
  fullName,
  incidentKeywords,
  isEscalationDue,
  minutesBetween,
  responseTargetFor,
  randomPointInCampus,
  statusEntryDetail,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { REPORTERS, STAFF } from './accounts.mjs';
import { PLACES, pick, seededRandom } from './campuses.mjs';
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

/** Each campus's live IMT member: also its designated lead (campus_leads). */
export function campusImt(campus) {
  return STAFF.find((s) => s.role === 'IMT' && s.campus === campus && !s.isArchived);
}
const ADMIN = STAFF.find((s) => s.role === 'Admin');

function staffFor(campus, random) {
  const imt = campusImt(campus);
  return imt && random() < 0.8 ? imt : ADMIN;
}

function assigneeOf(person) {
  return { id: person.uid, displayName: fullName(person), email: person.email };
}

/** A timeline actor as the functions record one (services/timeline.ts actorOf). */
function actorOf(person) {
  return { uid: person.uid, name: fullName(person), role: person.role };
}

/** Who is told of an escalation on `campus`: its lead and the Admins (services/escalation.ts). */
export function escalationRecipients(campus) {
  return [campusImt(campus), ADMIN].filter(Boolean);
}

const NOTES = [
  'Called the reporter back; they are safe and waiting at the guard house.',
  'Security footage requested from the building admin office.',
  'Reporter asked that their name be kept out of the hand-over.',
  'Maintenance informed; follow up tomorrow morning.',
];

/** The seeded institution profile's zone, which the functions write snapshots in. */
const TIME_ZONE = DEFAULT_INSTITUTION.timeZone;

/**
 * Each incident comes with its timeline (`timeline`: entries with their ids, as the functions
 * write them: the "reported" entry under its fixed id, so the created trigger leaves the report
 * alone) and, now and then, internal notes.
 *
 * @param {Date} now
 * @param {() => number} random deterministic source in [0, 1)
 * Every eighth report (serial 5, 13, …) was filed anonymously: it names no reporter, and
 * `anonymousReporter` is the uid the seed links it to, as fileAnonymousReport would
 * (docs/anonymity.md).
 *
 * @returns {{ id: string, data: object, timeline: object[], notes: object[], anonymousReporter?: string, escalation?: object, accomplishment?: { id: string, data: object, copy: object } }[]}
 */
export function buildIncidents(now, random) {
  // Timeline-only choices (who assigned, notes) draw from their own source, so the incidents
  // themselves stay what they were before timelines were seeded.
  const aside = seededRandom(1122);
  const incidents = [];
  let serial = 0;
  for (const { status, count, maxAgeDays } of PLAN) {
    for (let i = 0; i < count; i += 1) {
      serial += 1;
      const home = DEMO_CAMPUSES[serial % DEMO_CAMPUSES.length];
      const campus = home.id;
      const reporter = REPORTERS[serial % REPORTERS.length];
      const type = pick(INCIDENT_TYPES, random);
      const place = pick(PLACES, random);
      const reportedAt = new Date(now.getTime() - (0.02 + random() * (maxAgeDays - 0.02)) * DAY);
      const id = `demo-incident-${String(serial).padStart(2, '0')}`;
      const anonymous = serial % 8 === 5;
      const data = {
        timestamp: reportedAt,
        geoLoc: randomPointInCampus(home, random),
        nearestCampus: campus,
        status,
        isArchived: false,
        ...(anonymous ? { anonymous: true } : { email: reporter.email, reporterId: reporter.uid }),
        description: DESCRIPTIONS[type](place),
        incidentType: type,
        tags: [],
        threatLevel: null,
        // Written by the server, not filed through the app: no reporter's hourly quota counts it.
        imported: true,
      };
      const reporterActor = anonymous
        ? ANONYMOUS_ACTOR
        : { uid: reporter.uid, name: fullName(reporter), role: 'User' };
      const timeline = [
        {
          id: 'reported',
          kind: 'reported',
          at: reportedAt,
          actor: reporterActor,
          status: 'Reported',
          detail: statusEntryDetail('Reported', { incidentType: type, campus: home.name }),
        },
      ];
      const entry = (kind, at, person, detail, entryStatus) =>
        timeline.push({
          id: `seed-${kind}`,
          kind,
          at,
          actor: person ? actorOf(person) : null,
          detail,
          ...(entryStatus ? { status: entryStatus } : {}),
        });
      const notes = [];
      const note = (at, person) =>
        notes.push({
          id: `seed-note-${notes.length + 1}`,
          text: pick(NOTES, aside),
          authorId: person.uid,
          authorName: fullName(person),
          at,
        });
      const later = (minMinutes, maxMinutes, after) =>
        new Date(after.getTime() + (minMinutes + random() * (maxMinutes - minMinutes)) * MINUTE);

      if (status === 'Declined') {
        const declinedAt = later(5, 90, reportedAt);
        data.declineReason = pick(DECLINE_REASONS, random);
        data.declineDescription = `Checked on site at ${place}: ${data.declineReason.toLowerCase()}.`;
        const decliner = staffFor(campus, random);
        data.updatedBy = decliner.uid;
        entry(
          'declined',
          declinedAt,
          decliner,
          statusEntryDetail('Declined', { declineReason: data.declineReason }),
          'Declined',
        );
        // Old closed cases are archived, so the archive screens have something to show.
        data.isArchived = i === 0;
      } else if (status !== 'Reported') {
        const assignee = staffFor(campus, random);
        const assigner = aside() < 0.5 ? assignee : staffFor(campus, aside);
        const assignedAt = later(2, 45, reportedAt);
        data.assignedTo = assigneeOf(assignee);
        data.updatedBy = assigner.uid;
        data.waitingTimeInMinutes = minutesBetween(reportedAt.getTime(), assignedAt.getTime());
        data.threatLevel = pick(THREAT_LEVELS, random);
        data.tags = [pick(SEED_TAGS, random), pick(SEED_TAGS, random)].filter(
          (tag, index, all) => all.indexOf(tag) === index,
        );
        entry(
          'assigned',
          assignedAt,
          assigner,
          statusEntryDetail('Processing', { assigneeName: data.assignedTo.displayName }),
          'Processing',
        );
        entry('threat-level', assignedAt, assigner, `Threat level set to ${data.threatLevel}`);
        if (aside() < 0.5)
          note(new Date(assignedAt.getTime() + (1 + aside() * 19) * MINUTE), assignee);
        if (status === 'Responded' || status === 'Resolved') {
          const respondedAt = later(5, 120, assignedAt);
          data.responseTimeInMinutes = minutesBetween(reportedAt.getTime(), respondedAt.getTime());
          data.updatedBy = assignee.uid;
          entry(
            'responded',
            respondedAt,
            assignee,
            statusEntryDetail('Responded', {}),
            'Responded',
          );
          if (status === 'Resolved') {
            const resolvedAt = later(30, 24 * 60, respondedAt);
            // Archived first: the accomplishment report and its copy carry the incident's flag.
            data.isArchived = i < 2;
            const accomplishment = accomplishmentFor(id, data, resolvedAt, assignee, random);
            entry(
              'accomplishment',
              resolvedAt,
              assignee,
              `Accomplishment report filed: ${accomplishment.data.title}`,
            );
            // The id the accomplishment trigger gives a new report's entry (services/timeline.ts):
            // finding it, the trigger records nothing twice.
            timeline[timeline.length - 1].id = `accomplishment-${accomplishment.id}`;
            entry('resolved', resolvedAt, assignee, statusEntryDetail('Resolved', {}), 'Resolved');
            incidents.push({
              id,
              data,
              timeline,
              notes,
              accomplishment,
              ...linkOf(anonymous, reporter),
            });
            continue;
          }
        }
      } else if (isEscalationDue(reportedAt.getTime(), null, now.getTime())) {
        // Still unassigned past its target: escalated, as the housekeeping job would have done.
        const target = responseTargetFor(null).assignWithinMinutes;
        const escalatedAt = new Date(reportedAt.getTime() + (target + 1) * MINUTE);
        const told = escalationRecipients(campus);
        data.escalatedAt = escalatedAt;
        entry(
          'escalated',
          escalatedAt,
          null,
          `Unassigned for ${target + 1} min, past the ${target}-minute target; told ${told.map(fullName).join(', ')}`,
        );
        timeline[timeline.length - 1].id = 'escalated';
        incidents.push({
          ...linkOf(anonymous, reporter),
          id,
          data,
          timeline,
          notes,
          escalation: {
            recipients: told.map((p) => p.uid),
            notification: {
              title: 'Report escalated',
              message: `${type} at ${campus} has waited ${target + 1} min unassigned (target ${target} min).`,
              color: 'red',
              icon: 'priority_high',
              isRead: false,
              timestamp: escalatedAt,
              type: 'escalation',
              type_id: id,
            },
          },
        });
        continue;
      }
      // Not escalated yet: `escalatedAt` stays null until the first escalation step.
      if (status === 'Reported') data.escalatedAt = null;
      incidents.push({ id, data, timeline, notes, ...linkOf(anonymous, reporter) });
    }
  }
  // The search words the keywords trigger keeps, written here so a fresh stack can search at once.
  for (const { data } of incidents) data.keywords = incidentKeywords(data);
  for (const incident of incidents) toldAlready(incident, now);
  return incidents;
}

/** The reporter an anonymous report is linked to, only there (docs/anonymity.md). */
function linkOf(anonymous, reporter) {
  return anonymous ? { anonymousReporter: reporter.uid } : {};
}

/**
 * An open seeded report is history: its escalation, if its condition holds, counts as fully told
 * (`escalation.fired == total`), so the first housekeeping run of a fresh stack does not page
 * every level about months-old demo reports. A new condition (an assignment, say) escalates anew.
 */
function toldAlready({ data, escalation }, now) {
  const condition = escalationConditionOf({
    status: data.status,
    isArchived: data.isArchived,
    threatLevel: data.threatLevel,
    reportedAtMs: data.timestamp.getTime(),
    assignedAtMs: null,
    acknowledgedAtMs: null,
  });
  if (!condition) return;
  const total = escalationTimeline(DEFAULT_ESCALATION_POLICY, data.threatLevel).length;
  data.escalation = {
    condition: condition.condition,
    startedAt: new Date(condition.startMs),
    fired: total,
    total,
    level: 'admins',
    lastAt: now,
    recipients: escalation?.recipients ?? [],
    open: true,
  };
}

/** The staff's accomplishment report and its top-level copy, as the accomplishment trigger writes it. */
function accomplishmentFor(incidentId, incident, at, author, random) {
  const resolveCode = pick(RESOLVE_CODES, random);
  const data = {
    title: `${incident.incidentType} at ${incident.nearestCampus} handled`,
    description: `${incident.description} Team responded, area secured, ${resolveCode.toLowerCase()}.`,
    resolveCode,
    timestamp: at,
    imageUrl: '',
    isArchived: incident.isArchived,
    threatLevel: incident.threatLevel,
    updatedBy: author.uid,
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
