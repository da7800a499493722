/**
 * Root hooks of the integration suite: the demo institution's campuses are saved before any
 * test, as the seed saves them, so reports, people and alerts name campuses that exist
 * (the rules and the callables look them up in settings/campuses).
 */
import {
  COLLECTIONS,
  SETTING_IDS,
  STARTER_SETTINGS_EDITOR,
  toStoredCampuses,
} from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { db } from './stack';

export const mochaHooks = {
  async beforeAll() {
    await db
      .collection(COLLECTIONS.settings)
      .doc(SETTING_IDS.campuses)
      .set({
        campuses: toStoredCampuses(DEMO_CAMPUSES),
        updatedAt: new Date(),
        updatedBy: STARTER_SETTINGS_EDITOR,
      });
  },
};
