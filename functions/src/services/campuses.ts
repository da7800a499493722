import type { Firestore } from 'firebase-admin/firestore';
import { campusName, isActiveCampus, type Campuses } from '@campus-safety/model';
import { fail } from '../platform/errors';
import { currentCampuses } from './settings';

/**
 * The one check a callable makes of the campus ids it is given (schemas check only their form):
 * each must be an active campus of the saved ones, read fresh. Refuses with the field's path
 * otherwise; returns the campuses for the caller's further use (names, areas).
 */
export async function requireActiveCampuses(
  db: Firestore,
  ids: readonly (string | null)[],
  path: string,
): Promise<Campuses> {
  const campuses = await currentCampuses(db, { fresh: true });
  const unknown = ids.filter((id): id is string => id !== null && !isActiveCampus(campuses, id));
  if (unknown.length) {
    const message = `${unknown.map((id) => campusName(campuses, id)).join(', ')}: not a campus in use. Choose a campus from the list.`;
    fail('invalid-argument', message, { issues: [{ path: [path], message }] });
  }
  return campuses;
}
