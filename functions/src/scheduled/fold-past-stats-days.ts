import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { dayInZone } from '@campus-safety/model';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';
import { foldStatsDaysBefore } from '../services/incident-stats';

/**
 * Every hour: the stats day docs of days that are over, spread over shards during the day, are
 * folded into one doc each (the dashboard then reads one doc per campus and past day). Hourly
 * rather than at midnight so the programme time zone needs no schedule of its own; a run with
 * nothing to fold reads only today's shards.
 */
export const foldPastStatsDays = onSchedule(
  { schedule: 'every 1 hours', retryCount: 0 },
  async () => {
    const folded = await foldStatsDaysBefore(
      db(),
      dayInZone(Date.now(), await programmeTimeZone(db(), { fresh: true })),
    );
    if (folded.days > 0) logger.info('Folded past stats days', folded);
  },
);
