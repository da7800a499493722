import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { defaultSender } from '../push/default-sender';
import { db } from '../platform/firebase';
import { publishDueItems } from '../services/publications';

/** Every minute: publish the scheduled articles and announcements whose date has come. */
export const publishScheduled = onSchedule(
  { schedule: 'every 1 minutes', retryCount: 0 },
  async () => {
    const published = await publishDueItems({ db: db(), push: defaultSender() }, new Date());
    if (published.length > 0) logger.info('Published scheduled items', { count: published.length });
  },
);
