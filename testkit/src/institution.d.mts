import type { Firestore } from 'firebase-admin/firestore';
import type { Campus } from '@campus-safety/model';

export function saveCampuses(db: Firestore, campuses?: readonly Campus[]): Promise<void>;
export function saveVocabularies(db: Firestore): Promise<void>;
