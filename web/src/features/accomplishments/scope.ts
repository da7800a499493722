import type { Role } from '@campus-safety/model';
import type { WhereSpec } from '../../lib/incident-scope';

/**
 * Role filters for the top-level accomplishment copies (IMT: own campus, live only); null for
 * roles that may not read them at all (reporters), so no doomed query is sent.
 */
export function accomplishmentScope(
  role: Role | null,
  campus: string | null,
  archived: boolean,
): WhereSpec[] | null {
  if (role === 'Admin') return [{ field: 'isArchived', op: '==', value: archived }];
  if (role === 'IMT') {
    return [
      { field: 'report.campus', op: '==', value: campus ?? '' },
      { field: 'isArchived', op: '==', value: false },
    ];
  }
  return null;
}
