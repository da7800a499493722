/**
 * The demo institution's campuses saved as the seed saves them (settings/campuses), for the
 * suites that start from an empty stack: the rules and the callables look campuses up there.
 */
import {
  COLLECTIONS,
  SETTING_IDS,
  STARTER_SETTINGS_EDITOR,
  toStoredCampuses,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {readonly import('@campus-safety/model').Campus[]} [campuses]
 */
export async function saveCampuses(db, campuses = DEMO_CAMPUSES) {
  await db
    .collection(COLLECTIONS.settings)
    .doc(SETTING_IDS.campuses)
    .set({
      campuses: toStoredCampuses(campuses),
      updatedAt: new Date(),
      updatedBy: STARTER_SETTINGS_EDITOR,
    });
}
