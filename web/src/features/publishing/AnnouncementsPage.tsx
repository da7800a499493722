import { ANNOUNCEMENTS } from './kinds';
import { PublicationsPage } from './PublicationsPage';

export default function AnnouncementsPage({ archived = false }: { archived?: boolean }) {
  return <PublicationsPage kind={ANNOUNCEMENTS} archived={archived} />;
}
