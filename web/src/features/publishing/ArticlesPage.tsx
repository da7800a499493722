import { ARTICLES } from './kinds';
import { PublicationsPage } from './PublicationsPage';

export default function ArticlesPage({ archived = false }: { archived?: boolean }) {
  return <PublicationsPage kind={ARTICLES} archived={archived} />;
}
