import {
  CLERY_CALENDAR,
  COLLECTIONS,
  readHolidays,
  type CleryRecord,
  type EmergencyTest,
  type FireLogEntry,
  type IncidentReport,
  type LegalHold,
  type WarningDecision,
} from '@campus-safety/model';
import type { FirestoreDataConverter } from 'firebase/firestore';
import { entityConverter } from './firestore';
import type { DocSpec, QuerySpec, WithId } from './spec';

/** Every report since `since` (archived ones too: the crime log keeps them), newest first. */
export function crimeLogIncidentsSpec(since: Date): QuerySpec<IncidentReport> {
  return {
    path: [COLLECTIONS.incidentReports],
    converter: entityConverter<IncidentReport>(),
    wheres: [{ field: 'timestamp', op: '>=', value: since }],
    orderBy: { field: 'timestamp', direction: 'desc' },
  };
}

/** The Clery records of reports made since `since` (the crime log window, the annual tables' years). */
export function cleryRecordsSpec(since: Date): QuerySpec<CleryRecord> {
  return {
    path: [COLLECTIONS.cleryRecords],
    converter: entityConverter<CleryRecord>(),
    wheres: [{ field: 'reportedAt', op: '>=', value: since }],
    orderBy: { field: 'reportedAt', direction: 'desc' },
  };
}

/** The fire log entries of fires reported since `since`, newest first. */
export function fireLogSpec(since: Date): QuerySpec<FireLogEntry> {
  return {
    path: [COLLECTIONS.fireLog],
    converter: entityConverter<FireLogEntry>(),
    wheres: [{ field: 'reportedAt', op: '>=', value: since }],
    orderBy: { field: 'reportedAt', direction: 'desc' },
  };
}

/** Decisions not to issue a Timely Warning on reports made since `since` (and before `until`), newest first. */
export function warningDecisionsSpec(since: Date, until?: Date): QuerySpec<WarningDecision> {
  return {
    path: [COLLECTIONS.warningDecisions],
    converter: entityConverter<WarningDecision>(),
    wheres: [
      { field: 'reportedAt', op: '>=', value: since },
      ...(until ? [{ field: 'reportedAt', op: '<' as const, value: until }] : []),
    ],
    orderBy: { field: 'reportedAt', direction: 'desc' },
  };
}

/** Tests of the emergency response held in [since, until), newest first. */
export function emergencyTestsSpec(since: Date, until: Date): QuerySpec<EmergencyTest> {
  return {
    path: [COLLECTIONS.emergencyTests],
    converter: entityConverter<EmergencyTest>(),
    wheres: [
      { field: 'testedAt', op: '>=', value: since },
      { field: 'testedAt', op: '<', value: until },
    ],
    orderBy: { field: 'testedAt', direction: 'desc' },
  };
}

/** Holds in force (few: one per incident under a legal matter). */
export const activeLegalHoldsSpec: QuerySpec<LegalHold> = {
  path: [COLLECTIONS.legalHolds],
  converter: entityConverter<LegalHold>(),
  wheres: [{ field: 'active', op: '==', value: true }],
};

/** The holidays of the crime log's calendar; a missing document reads as none. */
export interface CleryCalendar {
  holidays: string[];
}

const calendarConverter: FirestoreDataConverter<WithId<CleryCalendar>> = {
  toFirestore: ({ id: _id, ...data }) => data,
  fromFirestore: (snap) => ({ id: snap.id, holidays: readHolidays(snap.data()) }),
};

/** `settings/clery_calendar`: written by the `saveCleryCalendar` callable, read by live accounts. */
export const cleryCalendarSpec: DocSpec<CleryCalendar> = {
  path: [CLERY_CALENDAR.collection, CLERY_CALENDAR.id],
  converter: calendarConverter,
};
