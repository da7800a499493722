import { PageHeader } from '../../components/PageHeader';
import { AlertApprovalForm } from './AlertApprovalForm';
import { CampusesForm } from './CampusesForm';
import { ChoiceListForm } from './ChoiceListForm';
import { IncidentTypesForm } from './IncidentTypesForm';
import { InstitutionForm } from './InstitutionForm';
import { ResponseTargetsForm } from './ResponseTargetsForm';

/**
 * `/settings` (Admins): the institution profile, the deployment's response targets, incident types, decline reasons, resolve codes, campus areas and alert
 * approval, each saved whole through `saveSetting` with its history of who changed what. Escalation policies
 * stay with the on-call schedules they work with (/on-call).
 */
export default function SettingsPage() {
  return (
    <div>
      <PageHeader
        title="Settings"
        subtitle="The institution, its campuses, response targets, incident types, decline reasons, resolve codes and alert approval. Each change is kept in its history."
      />
      <InstitutionForm />
      <ResponseTargetsForm />
      <IncidentTypesForm />
      <ChoiceListForm setting="declineReasons" />
      <ChoiceListForm setting="resolveCodes" />
      <CampusesForm />
      <AlertApprovalForm />
    </div>
  );
}
