/**
 * Whether the emulators already hold the demo data, asked over Firestore's REST API as the
 * owner: cheap enough for every warm start (no firebase-admin to load just to find out).
 */
import { PROJECT_ID } from '../lib/paths.mjs';

/** True when Firestore at `firestoreHost` (host:port) holds at least one `users` document. */
export async function hasDemoData(firestoreHost) {
  const url = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents:runQuery`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'users' }], limit: 1 } }),
  });
  if (!response.ok) {
    throw new Error(
      `Firestore answered ${response.status} to the demo-data check: ${await response.text()}`,
    );
  }
  const results = await response.json();
  return Array.isArray(results) && results.some((result) => result.document);
}
