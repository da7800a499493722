import { setGlobalOptions } from 'firebase-functions/v2';

// Imported first by index.ts: functions read the global options when they are defined.
setGlobalOptions({ region: 'us-central1', maxInstances: 10 });
