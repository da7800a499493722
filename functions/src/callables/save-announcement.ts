import { MESSAGES } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { saveAnnouncementSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { savePublication } from '../services/publications';

/** Admin creates or edits an announcement, published now or scheduled. */
export const saveAnnouncement = callable(MESSAGES.failedToUpdateAnnouncement, async (request) => {
  await requireCaller(db(), request.auth?.uid, ['Admin']);
  const input = parseInput(saveAnnouncementSchema, request.data);
  return savePublication({ db: db(), push: defaultSender() }, 'announcement', input);
});
