import { callFunction } from '../../lib/functions';

/**
 * Admin: recompute every campus and day aggregate from the reports (after importing data, an
 * outage of the trigger, or a change of the response targets or the programme time zone).
 */
export function rebuildFigures() {
  return callFunction('rebuildIncidentStats', {});
}
