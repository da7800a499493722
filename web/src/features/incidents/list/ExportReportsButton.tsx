import { isStaffRole } from '@campus-safety/model';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { EXPORT_PAGE_SIZE } from '../../../data/export';
import { incidentPageSpec } from '../../../data/incidents';
import type { IncidentScope } from '../../../data/scopes';
import { programmeTimeZone } from '../../../lib/institution';
import { incidentCsvHeader, incidentCsvRow } from './csv';
import { incidentQuerySpec, type IncidentFilters } from './query-spec';
import { useCampuses, useIncidentTypes } from '../../../data/settings';

/**
 * Staff export the reports list as filtered now: the list's own query (the role's scope and the
 * filters and search words of the view), every page of it.
 */
export function ExportReportsButton({
  scope,
  filters,
}: {
  scope: IncidentScope;
  filters: IncidentFilters;
}) {
  const campuses = useCampuses();
  const types = useIncidentTypes();
  if (!isStaffRole(scope.role)) return null;
  const { wheres } = incidentQuerySpec(scope, filters, programmeTimeZone());
  return (
    <CsvExportButton
      what={scope.archived ? 'archived incident reports' : 'incident reports'}
      fileStem={scope.archived ? 'archived-incident-reports' : 'incident-reports'}
      spec={incidentPageSpec(wheres, EXPORT_PAGE_SIZE, null)}
      header={incidentCsvHeader(programmeTimeZone())}
      toRow={(row) => incidentCsvRow(row, programmeTimeZone(), campuses, types)}
    />
  );
}
