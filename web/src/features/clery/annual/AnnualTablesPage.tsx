import { useMemo, useState } from 'react';
import {
  ANNUAL_SECTIONS,
  ANNUAL_SECTION_LABELS,
  CLERY_TABLE_COLUMNS,
  GEOGRAPHY_LABELS,
  campusName,
  campusOf,
  priorCalendarYears,
  type AnnualRow,
  type AnnualSection,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { PageHeader } from '../../../components/PageHeader';
import { SelectField } from '../../../components/fields';
import { ListState } from '../../../components/States';
import { Table, type Column } from '../../../components/Table';
import { cleryRecordsSpec, fireLogSpec } from '../../../data/clery';
import { combineLive, useLiveQuery } from '../../../data/live-query';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { formatDate, parseDateTimeLocal } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';
import { annualTablesCsv, buildAnnualTables } from './annual';
import { FireStatisticsTable } from '../fire-log/FireStatisticsTable';
import { useCampusOptions, useCampuses } from '../../../data/settings';

const SHORT: Record<(typeof CLERY_TABLE_COLUMNS)[number], string> = {
  onCampus: 'On campus',
  onCampusHousing: 'of which housing',
  noncampus: 'Noncampus',
  publicProperty: 'Public property',
};

/** Printed under the tables, so a reader of the report knows what the figures mean. */
const COUNTING_NOTES = [
  'Each crime counts in the calendar year it was reported, in the programme time zone.',
  'On campus includes on-campus student housing; the housing column repeats those figures.',
  'Of several offences in one incident only the most serious counts (hierarchy rule); arson always counts, and a sex offence counts beside the most serious other offence.',
  'Hate crimes, VAWA offences (domestic violence, dating violence, stalking), arrests and disciplinary referrals are counted outside the hierarchy; arrests and referrals count persons.',
  'Unfounded crimes are reports found false or baseless: withdrawn from their categories and counted once in their own row.',
  'Fire statistics cover each on-campus student housing facility: fires, the cause of each, injuries treated at a medical facility, deaths and the range of property damage.',
] as const;

function SectionTable({
  section,
  rows,
  years,
  layout,
}: {
  section: AnnualSection;
  rows: AnnualRow[];
  years: number[];
  layout: 'grid' | 'print';
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
      layout={layout}
      className={layout === 'print' ? 'mb-3' : 'mb-6'}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${section}/${row.id}`}
      empty="None counted in these years."
    />
  );
}

/** Annual statistics (the tables of the Annual Security Report): the three prior calendar years, per category and geography. */
export default function AnnualTablesPage() {
  const years = useMemo(() => priorCalendarYears(Date.now(), programmeTimeZone()), []);
  const since = useMemo(
    () => parseDateTimeLocal(`${years[0]}-01-01T00:00`) ?? new Date(0),
    [years],
  );
  const records = useLiveQuery(useMemo(() => cleryRecordsSpec(since), [since]));
  const fires = useLiveQuery(useMemo(() => fireLogSpec(since), [since]));
  const [campus, setCampus] = useState('');
  const campuses = useCampuses();
  const campusOptions = useCampusOptions('all');
  const tables = useMemo(
    () => buildAnnualTables(records.data, years, campus || null),
    [records.data, years, campus],
  );

  const sections = (layout: 'grid' | 'print') =>
    ANNUAL_SECTIONS.map((section) => (
      <SectionTable
        key={section}
        section={section}
        years={tables.years}
        rows={tables.rows.filter((r) => r.section === section)}
        layout={layout}
      />
    ));
  const span = `${years[0]}–${years[years.length - 1]}`;

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Annual statistics"
          subtitle={`Clery Act: the Annual Security Report's tables for ${years[0]}–${years[years.length - 1]} by the year reported; on campus includes student housing`}
          actions={
            <>
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
              <Button
                disabled={combineLive([records, fires]).status !== 'ready'}
                onClick={() => window.print()}
              >
                Print report
              </Button>
            </>
          }
        />
        <div className="mb-3 w-60">
          <SelectField
            label="Campus"
            value={campus}
            onChange={setCampus}
            placeholder="All campuses"
            options={campusOptions}
          />
        </div>
        <ListState live={records} isEmpty={false} emptyTitle="">
          {sections('grid')}
        </ListState>
        <h2 className="mt-2 mb-2 text-lg font-semibold">
          Fire statistics: on-campus student housing
        </h2>
        <ListState live={fires} isEmpty={false} emptyTitle="">
          <FireStatisticsTable
            entries={fires.data}
            years={years}
            campus={campusOf(campuses, campus)?.id ?? null}
            layout="grid"
          />
        </ListState>
      </div>

      {/* The report's statistics as one document: every table, what was counted and how. */}
      <section
        aria-label="Printable annual security report tables"
        data-testid="annual-print"
        className="hidden print:block"
      >
        <h1 className="text-xl font-semibold">Annual security report: crime statistics {span}</h1>
        <p className="mb-2 text-sm">
          {campus ? campusName(campuses, campus) : 'All campuses'} · prepared{' '}
          {formatDate(new Date())} ({programmeTimeZone()})
        </p>
        {sections('print')}
        <FireStatisticsTable
          entries={fires.data}
          years={years}
          campus={campusOf(campuses, campus)?.id ?? null}
          layout="print"
        />
        <h2 className="mt-2 text-sm font-semibold">How the tables are counted</h2>
        <ul className="list-disc pl-5 text-xs">
          {COUNTING_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
