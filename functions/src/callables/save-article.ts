import { MESSAGES } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { saveArticleSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { savePublication } from '../services/publications';

/** Admin creates or edits an article (guide), published now or scheduled. */
export const saveArticle = callable(MESSAGES.failedToUpdateArticle, async (request) => {
  await requireCaller(db(), request.auth?.uid, ['Admin']);
  const input = parseInput(saveArticleSchema, request.data);
  return savePublication({ db: db(), push: defaultSender() }, 'article', input);
});
