import { defaultSender } from '../push/default-sender';
import { callable } from '../services/callable';
import { db } from '../services/firebase';
import { savePublication } from '../services/publications';

/** Admin creates or edits an article (guide), published now or scheduled. */
export const saveArticle = callable('saveArticle', (input) =>
  savePublication({ db: db(), push: defaultSender() }, 'article', input),
);
