import { callFunction } from '../lib/functions';

/**
 * An Admin learns who filed an anonymous report (docs/anonymity.md#reveal). The answer goes to
 * this Admin only; the server puts the act and the reason on the report's timeline.
 */
export function revealAnonymousReporter(input: { incidentId: string; reason: string }) {
  return callFunction('revealAnonymousReporter', input);
}
