import { ARTICLES } from '../publishing/kinds';
import { PublicationsPage } from '../publishing/PublicationsPage';

export default function ArticlesPage({ archived = false }: { archived?: boolean }) {
  return <PublicationsPage kind={ARTICLES} archived={archived} />;
}
