import { initializeApp } from 'firebase/app';
import { readEmulatorSettings, readFirebaseSettings } from './config';

/** The app instance; each service lives in its own module so routes only load what they use. */
export const firebaseApp = initializeApp(readFirebaseSettings(import.meta.env));
export const emulators = readEmulatorSettings(import.meta.env);
