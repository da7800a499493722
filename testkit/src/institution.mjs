/**
 * The demo institution's campuses saved as the seed saves them (settings/campuses), and the
 * starter vocabularies (incident types, decline reasons, resolve codes), for the suites that
 * start from an empty stack: the rules and the callables look them up there.
 */
import {
  COLLECTIONS,
  DEFAULT_SETTING_VALUES,
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

/**
 * The starter incident types, decline reasons and resolve codes, as the seed saves them.
 * @param {import('firebase-admin/firestore').Firestore} db
 */
export async function saveVocabularies(db) {
  const batch = db.batch();
  for (const name of /** @type {const} */ (['incidentTypes', 'declineReasons', 'resolveCodes']))
    batch.set(db.collection(COLLECTIONS.settings).doc(SETTING_IDS[name]), {
      ...DEFAULT_SETTING_VALUES[name],
      updatedAt: new Date(),
      updatedBy: STARTER_SETTINGS_EDITOR,
    });
  await batch.commit();
}
