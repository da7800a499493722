/**
 * Root hooks of the integration suite: the demo institution's campuses and starter vocabularies are saved before any
 * test, as the seed saves them (the rules and the callables look campuses up there).
 */
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';
import { db } from './stack';

export const mochaHooks = {
  beforeAll: () => Promise.all([saveCampuses(db), saveVocabularies(db)]),
};
