import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { COLLECTIONS } from '@campus-safety/model';
import { defaultSender } from '../push/default-sender';
import { accountEmailVerified, db } from '../platform/firebase';
import { recordingFailures } from '../platform/trigger-failures';
import { pageOnEmergency as work } from '../services/emergencies';
import { programmeTimeZone } from '../services/settings';

/** An SOS from the app: the campus's on-call person is paged at once (services/emergencies.ts). */
export const pageOnEmergency = onDocumentCreated(
  { document: `${COLLECTIONS.emergencies}/{emergencyId}`, retry: true },
  recordingFailures('pageOnEmergency', async (event) => {
    const emergency = event.data?.data();
    if (!emergency) return;
    await work(
      {
        db: db(),
        push: defaultSender(),
        emailVerified: accountEmailVerified,
        now: () => new Date(event.time),
        timeZone: await programmeTimeZone(db()),
      },
      { eventId: event.id, emergencyId: event.params.emergencyId, emergency },
    );
  }),
);
