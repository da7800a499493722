/**
 * Decides which reports the new-incident alert is about: those that arrive after the first load
 * (docs/requirements.md#new-incident-alert). The first observation is the baseline and never
 * alerts. Snapshots served from the local cache are ignored: a cached first snapshot may lack
 * reports the server has, and the server's answer would then look like new arrivals.
 */
export function createIncidentAlertTracker() {
  let seen: Set<string> | null = null;
  return {
    /** The ids of `ids` not seen before (none on the baseline). */
    observe(ids: readonly string[], fromCache = false): string[] {
      if (fromCache) return [];
      if (seen === null) {
        seen = new Set(ids);
        return [];
      }
      const known = seen;
      const fresh = ids.filter((id) => !known.has(id));
      for (const id of fresh) known.add(id);
      return fresh;
    },
  };
}
