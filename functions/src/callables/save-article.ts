import { defaultSender } from '../push/default-sender';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { savePublication } from '../services/publications';

/** Admin creates or edits an article (guide), published now or scheduled. */
export const saveArticle = callable('saveArticle', (input) =>
  savePublication({ db: db(), push: defaultSender() }, 'article', input),
);
