/**
 * Root hooks of the integration suite: the demo institution's campuses are saved before any
 * test, as the seed saves them (the rules and the callables look campuses up there).
 */
import { saveCampuses } from '@campus-safety/testkit/institution';
import { db } from './stack';

export const mochaHooks = {
  beforeAll: () => saveCampuses(db),
};
