import { initializeApp } from 'firebase/app';
import { ReCaptchaEnterpriseProvider, initializeAppCheck } from 'firebase/app-check';
import {
  readAppCheckSettings,
  readEmulatorSettings,
  readFirebaseSettings,
  readWebPushKey,
} from './config';

/** The app instance; each service lives in its own module so routes only load what they use. */
export const firebaseApp = initializeApp(readFirebaseSettings(import.meta.env));
export const emulators = readEmulatorSettings(import.meta.env);

// App Check before any service is used, so callables, Firestore and Storage requests carry its
// token; with emulators, the debug provider's token (the SDK reads this global when it starts).
const appCheck = readAppCheckSettings(import.meta.env, emulators !== null);
if (appCheck) {
  if (appCheck.debugToken !== null)
    (
      globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | true }
    ).FIREBASE_APPCHECK_DEBUG_TOKEN = appCheck.debugToken;
  initializeAppCheck(firebaseApp, {
    provider: new ReCaptchaEnterpriseProvider(appCheck.siteKey),
    isTokenAutoRefreshEnabled: true,
  });
}

/** The VAPID public key devices subscribe to Web Push with; null: no Web Push here. */
export const webPushKey = readWebPushKey(import.meta.env, emulators !== null);
