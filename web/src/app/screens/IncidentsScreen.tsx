import { AccomplishmentFormDialog } from '../../features/accomplishments/AccomplishmentFormDialog';
import IncidentsPage from '../../features/incidents/list/IncidentsPage';

/**
 * The reports screen with the accomplishment form plugged into its detail: two features
 * composed here, at the app level, so neither imports the other.
 */
export default function IncidentsScreen({ archived = false }: { archived?: boolean }) {
  return <IncidentsPage archived={archived} accomplishDialog={AccomplishmentFormDialog} />;
}
