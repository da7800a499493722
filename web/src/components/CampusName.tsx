import { useCampusName } from '../data/settings';

/** A stored campus id shown as the campus's current name (a rename shows everywhere at once). */
export function CampusName({ id }: { id: string | null | undefined }) {
  return <>{useCampusName()(id)}</>;
}
