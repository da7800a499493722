export type FirestoreEngine = 'official' | 'own';
export interface FirestoreChoice {
  engine: FirestoreEngine;
  binary: string;
  reason: string;
  env: Record<string, string>;
}
export declare const FIRESTORE_ENGINES: readonly string[];
export declare const OFFICIAL_FIRESTORE_MAIN_CLASS: string;
export declare function chooseFirestore(
  root: string,
  options?: { env?: NodeJS.ProcessEnv; engine?: string },
): FirestoreChoice;
export declare function officialFirestoreAvailable(root: string, env?: NodeJS.ProcessEnv): boolean;
export declare function findOfficialFirestoreJar(
  root: string,
  env?: NodeJS.ProcessEnv,
): { jar: string; source: 'cache' | 'cloud-sdk' } | null;
