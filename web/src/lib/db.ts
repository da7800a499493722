import {
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import { inReporterApp } from './app-scope';
import { emulators, firebaseApp } from './firebase';

/*
 * The reporter app keeps its cache and its unsent writes in IndexedDB, so a report written without
 * signal survives a reload and is sent when the connection returns; every tab of it shares one
 * cache. The console keeps the memory cache: staff read other people's reports, often on shared
 * workstations, and nothing of them should stay on the disk after the tab closes
 * (docs/reporter-app.md#offline). Chosen once, by the page the app was opened on.
 */
const localCache =
  typeof window !== 'undefined' && inReporterApp(window.location.pathname)
    ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
    : memoryLocalCache();

export const db = initializeFirestore(firebaseApp, { localCache });
if (emulators) connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
