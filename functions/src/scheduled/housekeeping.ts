import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { auth, db, isEmulated } from '../services/firebase';
import { runHousekeeping } from '../services/housekeeping';

/** Every minute: expire default passwords whose time is up (and, under emulators, old event markers). */
export const housekeeping = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const done = await runHousekeeping({
    db: db(),
    auth: auth(),
    now: () => new Date(),
    sweepMarkers: isEmulated(),
  });
  if (done.expiredDefaultPasswords > 0 || done.removedProcessedEvents > 0)
    logger.info('Housekeeping', done);
});
