/**
 * Decides when the new-incident alert fires: only when the report count grows after the first
 * load (spec section 2). The first observation is the baseline and never alerts.
 */
export function createIncidentAlertTracker() {
  let last: number | null = null;
  return {
    observe(count: number): boolean {
      const grew = last !== null && count > last;
      last = count;
      return grew;
    },
  };
}
