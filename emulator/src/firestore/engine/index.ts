import type { Authorizer } from '../service.js';
import { Engine, type FirestoreEngine } from './engine.js';

export type { FirestoreEngine } from './engine.js';

/** The in-memory Firestore engine behind every transport (gRPC, REST, WebChannel). */
export function createFirestoreEngine(options?: { authorizer?: Authorizer }): FirestoreEngine {
  return new Engine(options);
}
