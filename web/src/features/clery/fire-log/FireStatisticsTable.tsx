import { useMemo } from 'react';
import {
  campusName,
  fireStatistics,
  type CampusId,
  type FireLogEntry,
  type FireStatisticsRow,
} from '@campus-safety/model';
import { Table, type Column } from '../../../components/Table';
import type { WithId } from '../../../data/spec';
import { programmeTimeZone } from '../../../lib/institution';
import { useCampuses } from '../../../data/settings';

/** A row with its campus's current name. */
type NamedRow = FireStatisticsRow & { campusName: string };

const COLUMNS: Column<NamedRow>[] = [
  { header: 'Facility', rowHeader: true, cell: (r) => `${r.facility} (${r.campusName})` },
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
  campus: CampusId | null;
  layout: 'grid' | 'print';
}) {
  const campuses = useCampuses();
  const rows = useMemo(
    () =>
      fireStatistics(
        entries.map((e) => ({ ...e, reportedAt: e.reportedAt.toMillis() })),
        campuses.filter((c) => (campus ? c.id === campus : true)),
        years,
        programmeTimeZone(),
      ).map((r): NamedRow => ({ ...r, campusName: campusName(campuses, r.campus) })),
    [entries, years, campus, campuses],
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
