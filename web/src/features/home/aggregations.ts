import {
  average,
  collection,
  count,
  getAggregateFromServer,
  getCountFromServer,
  query,
} from 'firebase/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { db } from '../../lib/db';
import { scopeFilters, type IncidentScope, type WhereSpec } from '../../lib/incident-scope';
import { whereConstraints } from '../../lib/where';

const reports = () => collection(db, COLLECTIONS.incidentReports);

export async function runCount(wheres: WhereSpec[]): Promise<number> {
  const snap = await getCountFromServer(query(reports(), ...whereConstraints(wheres)));
  return snap.data().count;
}

/** Mean response and waiting time: average() skips reports that lack the field (spec section 9). */
export async function runAverages(scope: IncidentScope) {
  const snap = await getAggregateFromServer(
    query(reports(), ...whereConstraints(scopeFilters({ ...scope, archived: false }))),
    {
      total: count(),
      response: average('responseTimeInMinutes'),
      waiting: average('waitingTimeInMinutes'),
    },
  );
  const data = snap.data();
  return {
    total: data.total,
    averageResponseMinutes: data.response,
    averageWaitingMinutes: data.waiting,
  };
}
