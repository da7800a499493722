import { defaultSender } from '../push/default-sender';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { savePublication } from '../services/publications';

/** Admin creates or edits an announcement, published now or scheduled. */
export const saveAnnouncement = callable('saveAnnouncement', (input) =>
  savePublication({ db: db(), push: defaultSender() }, 'announcement', input),
);
