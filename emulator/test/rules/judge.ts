/** Loads rules into a fresh authorizer and says whether requests are allowed. */
import { FirestoreApiError, GrpcCode, type AccessRequest } from '../../src/firestore/service.js';
import {
  createFirestoreRulesAuthorizer,
  type RulesAuthorizer,
} from '../../src/rules/firestore-authorizer.js';

export function authorizerFor(rules: string): RulesAuthorizer {
  const a = createFirestoreRulesAuthorizer({ now: () => new Date('2024-02-29T13:45:30.000Z') });
  a.load(rules);
  return a;
}

/** The denial message, or 'allowed'. */
export function judge(a: RulesAuthorizer, req: AccessRequest): string {
  try {
    a.authorize(req);
    return 'allowed';
  } catch (e) {
    if (e instanceof FirestoreApiError && e.code === GrpcCode.PERMISSION_DENIED) return e.message;
    throw e;
  }
}

/** Wraps match blocks in the usual Firestore preamble. */
export function firestoreRules(body: string): string {
  return `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;
}
