import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions';
import { db } from '../platform/firebase';
import { sendDueMassNotifications } from '../services/mass-notifications/send';

/** Every minute: the scheduled alerts whose time has come start sending. */
export const sendScheduledMassNotifications = onSchedule(
  { schedule: 'every 1 minutes', retryCount: 0 },
  async () => {
    const started = await sendDueMassNotifications(db(), new Date());
    if (started.length > 0) logger.info('Started scheduled alerts', { ids: started });
  },
);
