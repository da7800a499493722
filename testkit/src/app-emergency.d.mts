import type { Firestore, Timestamp } from 'firebase/firestore';

export interface AppFix {
  lat: number;
  lng: number;
  accuracy: number;
  at: Timestamp;
}

export function pressSosAsApp(
  db: Firestore,
  person: { uid: string; email: string },
  options: { id: string; campus: string; fix?: AppFix | null; emailVerified: boolean },
): Promise<string>;

export function appFix(lat?: number, lng?: number, accuracy?: number): AppFix;
