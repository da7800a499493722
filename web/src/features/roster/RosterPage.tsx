import { PageHeader } from '../../components/PageHeader';
import { RosterHistory } from './RosterHistory';
import { RosterImportPanel } from './RosterImportPanel';
import { RosterPeople } from './RosterPeople';

/** The institution's people for alerts (Admins; docs/mass-notifications.md#roster). */
export default function RosterPage() {
  return (
    <>
      <PageHeader
        title="Roster"
        subtitle="The institution's people, reached by alerts with or without an app account"
      />
      <RosterImportPanel />
      <RosterHistory />
      <RosterPeople />
    </>
  );
}
