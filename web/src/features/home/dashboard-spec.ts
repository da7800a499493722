import { CAMPUSES, INCIDENT_STATUSES, THREAT_LEVELS } from '@campus-safety/model';
import { scopeFilters, type IncidentScope, type WhereSpec } from '../../lib/incident-scope';

export interface CountSpec {
  group: 'status' | 'campus' | 'threat' | 'day';
  label: string;
  wheres: WhereSpec[];
}

export const TREND_DAYS = 30;

/** Midnight (local) of each of the last `days` days, oldest first, ending today. */
export function trendDays(now: Date, days = TREND_DAYS): Date[] {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Array.from(
    { length: days },
    (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i)),
  );
}

/**
 * One count aggregation per figure on the dashboard, each inside the role's scope, so opening
 * Home never reads the reports themselves. IMT sees one campus, so no campus breakdown.
 */
export function dashboardCountSpecs(scope: IncidentScope, now: Date): CountSpec[] {
  const base = scopeFilters({ ...scope, archived: false });
  const specs: CountSpec[] = INCIDENT_STATUSES.map((status) => ({
    group: 'status',
    label: status,
    wheres: [...base, { field: 'status', op: '==', value: status }],
  }));
  if (scope.role !== 'IMT') {
    for (const campus of CAMPUSES) {
      specs.push({
        group: 'campus',
        label: campus,
        wheres: [...base, { field: 'nearestCampus', op: '==', value: campus }],
      });
    }
  }
  for (const level of THREAT_LEVELS) {
    specs.push({
      group: 'threat',
      label: level,
      wheres: [...base, { field: 'threatLevel', op: '==', value: level }],
    });
  }
  for (const day of trendDays(now)) {
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    specs.push({
      group: 'day',
      label: day.toISOString(),
      wheres: [
        ...base,
        { field: 'timestamp', op: '>=', value: day },
        { field: 'timestamp', op: '<', value: next },
      ],
    });
  }
  return specs;
}
