import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { emulators, firebaseApp } from './firebase';

export const auth = getAuth(firebaseApp);
if (emulators) connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
