/**
 * Root hooks of the attack suite: the demo institution's campuses are saved before any attack,
 * as the seed saves them (the rules and the callables look campuses up there).
 */
import { saveCampuses } from '@campus-safety/testkit/institution';
import { admin } from './support';

export const mochaHooks = {
  beforeAll: () => saveCampuses(admin.db),
};
