/**
 * Root hooks of the attack suite: the demo institution's campuses and starter vocabularies are saved before any attack,
 * as the seed saves them (the rules and the callables look campuses up there).
 */
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';
import { admin } from './support';

export const mochaHooks = {
  beforeAll: () => Promise.all([saveCampuses(admin.db), saveVocabularies(admin.db)]),
};
