import type { Role } from '@campus-safety/model';
import { CsvExportButton } from '../../components/CsvExportButton';
import { accomplishmentsSpec } from '../../data/accomplishments';
import { EXPORT_PAGE_SIZE } from '../../data/export';
import { programmeTimeZone } from '../../lib/institution';
import { accomplishmentCsvHeader, accomplishmentCsvRow } from './csv';
import { useCampuses } from '../../data/settings';

/** Every accomplishment report of the role's scope (the screen's query), not only the newest shown. */
export function ExportAccomplishmentsButton({
  role,
  campus,
  archived,
}: {
  role: Role | null;
  campus: string | null;
  archived: boolean;
}) {
  const campuses = useCampuses();
  const spec = accomplishmentsSpec(role, campus, archived, EXPORT_PAGE_SIZE);
  if (!spec) return null;
  return (
    <CsvExportButton
      what={archived ? 'archived accomplishment reports' : 'accomplishment reports'}
      fileStem={archived ? 'archived-accomplishment-reports' : 'accomplishment-reports'}
      spec={spec}
      header={accomplishmentCsvHeader(programmeTimeZone())}
      toRow={(row) => accomplishmentCsvRow(row, programmeTimeZone(), campuses)}
    />
  );
}
