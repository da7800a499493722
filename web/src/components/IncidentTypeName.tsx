import { useIncidentTypeName } from '../data/settings';

/** A stored incident type key shown as its current label (a relabel shows everywhere at once). */
export function IncidentTypeName({ type }: { type: string | null | undefined }) {
  return <>{useIncidentTypeName()(type)}</>;
}
