/**
 * Demo Clery records (docs/clery.md): most closed seeded incidents classified (a few left
 * unclassified, so the crime log shows its overdue flags; one entry withheld), and archived
 * incidents of the three prior calendar years with their records, so the annual tables have
 * figures. Plain data, like incidents.mjs.
 */
import {
  CLOSED_STATUSES,
  DEFAULT_INSTITUTION,
  fullName,
  geographiesOf,
  geographyAt,
  priorCalendarYears,
  randomPointInCampus,
  retainUntilOf,
  statusEntryDetail,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { DEMO_ADMIN, REPORTERS } from './accounts.mjs';
import { pick } from './campuses.mjs';

/** The seeded institution profile's zone, which the functions then write in. */
const TIME_ZONE = DEFAULT_INSTITUTION.timeZone;
const HOUR = 3_600_000;
const NO_PERSONS = { weapons: 0, drugAbuse: 0, liquorLaw: 0 };

/** What staff concluded, by kind: a Clery offence, a crime that is no Clery statistic, no crime. */
const OUTCOMES = [
  {
    isCrime: true,
    offences: [{ offence: 'burglary', bias: null }],
    nature: 'Burglary',
    disposition: 'Closed - referred to police',
  },
  {
    isCrime: true,
    offences: [],
    nature: 'Theft of a bicycle',
    disposition: 'Closed - no further action',
  },
  {
    isCrime: false,
    offences: [],
    nature: 'Medical assistance',
    disposition: 'Closed - no further action',
  },
  {
    isCrime: true,
    offences: [{ offence: 'vandalism', bias: 'religion' }],
    nature: 'Vandalism of a chapel (hate crime)',
    disposition: 'Open - under investigation',
  },
  {
    isCrime: true,
    offences: [{ offence: 'stalking', bias: null }],
    nature: 'Stalking',
    disposition: 'Open - under investigation',
    withheld: { reason: 'victimConfidentiality', note: 'The victim asked for confidentiality.' },
  },
  {
    isCrime: true,
    offences: [
      { offence: 'robbery', bias: null },
      { offence: 'aggravatedAssault', bias: null },
    ],
    nature: 'Robbery with assault',
    disposition: 'Closed - arrest',
  },
  {
    isCrime: true,
    offences: [],
    arrests: { ...NO_PERSONS, liquorLaw: 2 },
    referrals: { ...NO_PERSONS, drugAbuse: 1 },
    nature: 'Liquor and drug law violations',
    disposition: 'Closed - referred for discipline',
  },
];

/** The record's history (its `log` sub-collection): classified, and withheld where it is. */
function logFor(record) {
  const by = DEMO_ADMIN.uid;
  const at = record.classifiedAt;
  return [
    { id: 'classified', action: 'classified', at, by, note: null },
    ...(record.withheld
      ? [{ id: 'withheld', action: 'withheld', at, by, note: record.withheld.note }]
      : []),
  ];
}

/** A demo campus by its id. */
const campusById = (id) => DEMO_CAMPUSES.find((c) => c.id === id);

function recordFor(id, incident, outcome, geography) {
  const campus = incident.nearestCampus;
  const reportedAt = incident.timestamp;
  const areas = campusById(campus);
  const housing = areas.housing[0];
  const noncampus = geography === 'noncampus' ? areas.noncampus[0] : null;
  const classifiedAt = new Date(reportedAt.getTime() + 20 * HOUR);
  return {
    incidentId: id,
    campus,
    reportedAt,
    occurredAt: outcome.isCrime ? new Date(reportedAt.getTime() - HOUR) : null,
    isCrime: outcome.isCrime,
    offences: outcome.offences,
    arrests: outcome.arrests ?? NO_PERSONS,
    referrals: outcome.referrals ?? NO_PERSONS,
    geography,
    noncampusProperty: noncampus,
    generalLocation:
      noncampus ?? (geography === 'onCampusHousing' && housing ? housing.name : areas.name),
    nature: outcome.nature,
    disposition: outcome.disposition,
    withheld: outcome.withheld ?? null,
    classifiedAt,
    classifiedBy: DEMO_ADMIN.uid,
    retainUntil: retainUntilOf(reportedAt, TIME_ZONE),
  };
}

/**
 * @param {Date} now
 * @param {{ id: string, data: object }[]} incidents the seeded incidents (buildIncidents)
 * @param {() => number} random
 * @returns {{ incidents: { id: string, data: object, timeline: object[] }[], records: { id: string, data: object, log: object[] }[] }}
 */
export function buildCleryRecords(now, incidents, random) {
  const records = [];
  const closed = incidents.filter((i) => CLOSED_STATUSES.includes(i.data.status));
  // Every third closed incident stays unclassified: the log flags the ones past two business days.
  closed.forEach(({ id, data }, index) => {
    if (index % 3 === 2) return;
    const outcome = OUTCOMES[index % OUTCOMES.length];
    const geography = geographyAt(campusById(data.nearestCampus), data.geoLoc) ?? 'onCampus';
    const record = recordFor(id, data, outcome, geography);
    records.push({ id, data: record, log: logFor(record) });
  });

  const historic = [];
  for (const year of priorCalendarYears(now, TIME_ZONE)) {
    for (let n = 1; n <= 6; n += 1) {
      const home = DEMO_CAMPUSES[(year + n) % DEMO_CAMPUSES.length];
      const campus = home.id;
      const reporter = REPORTERS[n % REPORTERS.length];
      // Mid-month, so no report sits near a year's edge in any zone.
      const timestamp = new Date(Date.UTC(year, (n * 2 - 1) % 12, 15, 2 + n));
      const outcome = OUTCOMES[(year + n) % OUTCOMES.length];
      const id = `demo-clery-${year}-${n}`;
      const data = {
        timestamp,
        geoLoc: randomPointInCampus(home, random),
        nearestCampus: campus,
        status: 'Resolved',
        isArchived: true,
        email: reporter.email,
        reporterId: reporter.uid,
        description: `Archived ${year} case kept for the Clery statistics.`,
        incidentType: outcome.isCrime ? 'Theft' : 'Medical Emergency',
        tags: [],
        threatLevel: 'Moderate',
        // Written by the server, not filed through the app: no reporter's hourly quota counts it.
        imported: true,
      };
      // The "reported" entry, written before the report, as the seed's other incidents have it:
      // the created trigger then leaves this old case alone (no notification to its reporter).
      const reported = {
        id: 'reported',
        kind: 'reported',
        at: timestamp,
        actor: { uid: reporter.uid, name: fullName(reporter), role: 'User' },
        status: 'Reported',
        detail: statusEntryDetail('Reported', {
          incidentType: data.incidentType,
          campus: home.name,
        }),
      };
      historic.push({ id, data, timeline: [reported] });
      const record = recordFor(id, data, outcome, pick(geographiesOf(home), random));
      records.push({ id, data: record, log: logFor(record) });
    }
  }
  return { incidents: historic, records };
}
