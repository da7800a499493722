import { useMemo, useState } from 'react';
import {
  ANNUAL_SECTION_LABELS,
  CAMPUSES,
  CLERY_TABLE_COLUMNS,
  GEOGRAPHY_LABELS,
  priorCalendarYears,
  type AnnualRow,
  type AnnualSection,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/fields';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { cleryRecordsSpec } from '../../data/clery';
import { useLiveQuery } from '../../data/live-query';
import { csvFileName, downloadCsv } from '../../lib/csv';
import { TIME_ZONE, parseDateTimeLocal } from '../../lib/format';
import { annualTablesCsv, buildAnnualTables } from './annual';

const SECTIONS: AnnualSection[] = ['criminal', 'hate', 'vawa', 'arrests', 'referrals'];
const SHORT: Record<(typeof CLERY_TABLE_COLUMNS)[number], string> = {
  onCampus: 'On campus',
  onCampusHousing: 'of which housing',
  noncampus: 'Noncampus',
  publicProperty: 'Public property',
};

function SectionTable({
  section,
  rows,
  years,
}: {
  section: AnnualSection;
  rows: AnnualRow[];
  years: number[];
}) {
  const columns: Column<AnnualRow>[] = [
    { header: 'Category', cell: (row) => row.label, rowHeader: true, className: 'w-56' },
    ...years.flatMap((y) =>
      CLERY_TABLE_COLUMNS.map((c): Column<AnnualRow> => ({
        header: SHORT[c],
        headerTitle: GEOGRAPHY_LABELS[c],
        key: `${y}/${c}`,
        group: String(y),
        numeric: true,
        cell: (row) => row.counts[y]?.[c] ?? 0,
      })),
    ),
  ];
  return (
    <Table
      caption={ANNUAL_SECTION_LABELS[section]}
      showCaption
      layout="grid"
      className="mb-6"
      columns={columns}
      rows={rows}
      rowKey={(row) => `${section}/${row.id}`}
      empty="None counted in these years."
    />
  );
}

/** Annual statistics (the tables of the Annual Security Report): the three prior calendar years, per category and geography. */
export default function AnnualTablesPage() {
  const years = useMemo(() => priorCalendarYears(Date.now(), TIME_ZONE), []);
  const since = useMemo(
    () => parseDateTimeLocal(`${years[0]}-01-01T00:00`) ?? new Date(0),
    [years],
  );
  const records = useLiveQuery(useMemo(() => cleryRecordsSpec(since), [since]));
  const [campus, setCampus] = useState('');
  const tables = useMemo(
    () => buildAnnualTables(records.data, years, campus || null),
    [records.data, years, campus],
  );

  return (
    <>
      <PageHeader
        title="Annual statistics"
        subtitle={`Clery Act: the Annual Security Report's tables for ${years[0]}–${years[years.length - 1]} by the year reported; on campus includes student housing`}
        actions={
          <Button
            variant="secondary"
            onClick={() =>
              downloadCsv(
                csvFileName(['clery-annual', campus || 'all-campuses']),
                annualTablesCsv(tables),
              )
            }
          >
            Export CSV
          </Button>
        }
      />
      <div className="mb-3 w-60">
        <SelectField
          label="Campus"
          value={campus}
          onChange={setCampus}
          placeholder="All campuses"
          options={CAMPUSES}
        />
      </div>
      <ListState live={records} isEmpty={false} emptyTitle="">
        {SECTIONS.map((section) => (
          <SectionTable
            key={section}
            section={section}
            years={tables.years}
            rows={tables.rows.filter((r) => r.section === section)}
          />
        ))}
      </ListState>
    </>
  );
}
