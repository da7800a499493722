/**
 * Decides when the new-incident alert fires: only when the report count grows after the first load
 * (docs/requirements.md#new-incident-alert). The first observation is the baseline and never
 * alerts. Counts served from the local cache are ignored: a cached first snapshot may lack reports
 * the server has, and the server's answer would then look like growth.
 */
export function createIncidentAlertTracker() {
  let last: number | null = null;
  return {
    observe(count: number, fromCache = false): boolean {
      if (fromCache) return false;
      const grew = last !== null && count > last;
      last = count;
      return grew;
    },
  };
}
