import { defaultSender } from '../push/default-sender';
import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { publishDueItems } from '../services/publications';

/** The console's "Publish due items now": the Admin runs the scheduled job's publishing at once. */
export const publishScheduledNow = callable('publishScheduledNow', async () => {
  const published = await publishDueItems({ db: db(), push: defaultSender() }, new Date());
  return {
    articles: published.filter((p) => p.kind === 'article').length,
    announcements: published.filter((p) => p.kind === 'announcement').length,
  };
});
