import type { PublishScheduledResponse } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { publishScheduledSchema } from '../schemas/callables';
import { parseInput } from '../schemas/parse';
import { callable } from '../services/callable';
import { requireCaller } from '../services/caller';
import { db } from '../services/firebase';
import { publishDueItems } from '../services/publications';

/** The console's "Publish due items now": the Admin runs the scheduled job's publishing at once. */
export const publishScheduledNow = callable(
  'Could not publish the scheduled items. Try again.',
  async (request): Promise<PublishScheduledResponse> => {
    await requireCaller(db(), request.auth?.uid, ['Admin']);
    parseInput(publishScheduledSchema, request.data);
    const published = await publishDueItems({ db: db(), push: defaultSender() }, new Date());
    return {
      articles: published.filter((p) => p.kind === 'article').length,
      announcements: published.filter((p) => p.kind === 'announcement').length,
    };
  },
);
