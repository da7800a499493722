import {
  COLLECTIONS,
  type CleryRecord,
  type IncidentReport,
  type LegalHold,
} from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { QuerySpec } from './spec';

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

/** Holds in force (few: one per incident under a legal matter). */
export const activeLegalHoldsSpec: QuerySpec<LegalHold> = {
  path: [COLLECTIONS.legalHolds],
  converter: entityConverter<LegalHold>(),
  wheres: [{ field: 'active', op: '==', value: true }],
};
