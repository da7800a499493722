import { useMemo } from 'react';
import {
  CAMPUSES,
  fireStatistics,
  type Campus,
  type FireLogEntry,
  type FireStatisticsRow,
} from '@campus-safety/model';
import { Table, type Column } from '../../../components/Table';
import type { WithId } from '../../../data/spec';
import { programmeTimeZone } from '../../../lib/institution';

const COLUMNS: Column<FireStatisticsRow>[] = [
  { header: 'Facility', rowHeader: true, cell: (r) => `${r.facility} (${r.campus})` },
  { header: 'Year', cell: (r) => r.year, numeric: true },
  { header: 'Fires', cell: (r) => r.fires, numeric: true },
  { header: 'Cause of each fire', cell: (r) => r.causes.join('; ') || '—' },
  {
    header: 'Injuries',
    headerTitle: 'Treated at a medical facility',
    cell: (r) => r.injuries,
    numeric: true,
  },
  { header: 'Deaths', cell: (r) => r.deaths, numeric: true },
  { header: 'Property damage', cell: (r) => r.damage.join('; ') || '—' },
];

/**
 * The annual fire statistics of on-campus student housing (docs/clery.md#fire-log): one row per
 * facility and year, of every campus or one, from the fire log entries read.
 */
export function FireStatisticsTable({
  entries,
  years,
  campus,
  layout,
}: {
  entries: readonly WithId<FireLogEntry>[];
  years: readonly number[];
  campus: Campus | null;
  layout: 'grid' | 'print';
}) {
  const rows = useMemo(
    () =>
      fireStatistics(
        entries.map((e) => ({ ...e, reportedAt: e.reportedAt.toMillis() })),
        campus ? [campus] : CAMPUSES,
        years,
        programmeTimeZone(),
      ),
    [entries, years, campus],
  );
  return (
    <Table
      caption={layout === 'print' ? 'Fire statistics for print' : 'Annual fire statistics'}
      showCaption={layout === 'print'}
      layout={layout}
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => `${r.campus}/${r.facility}/${r.year}`}
    />
  );
}
