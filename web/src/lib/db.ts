import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { emulators, firebaseApp } from './firebase';

export const db = getFirestore(firebaseApp);
if (emulators) connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
