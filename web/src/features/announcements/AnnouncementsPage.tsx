import { ANNOUNCEMENTS } from '../publishing/kinds';
import { PublicationsPage } from '../publishing/PublicationsPage';

export default function AnnouncementsPage({ archived = false }: { archived?: boolean }) {
  return <PublicationsPage kind={ANNOUNCEMENTS} archived={archived} />;
}
