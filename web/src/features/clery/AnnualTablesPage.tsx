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
  const title = ANNUAL_SECTION_LABELS[section];
  return (
    // Focusable, so a keyboard can scroll the wide table on a narrow screen.
    <div
      role="region"
      aria-label={title}
      tabIndex={0}
      className="mb-6 overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-600"
    >
      <table className="min-w-full text-sm" data-section={section}>
        <caption className="px-3 py-2 text-left font-semibold text-slate-900">{title}</caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" rowSpan={2} className="w-56 px-3 py-2 text-left">
              Category
            </th>
            {years.map((y) => (
              <th
                key={y}
                scope="colgroup"
                colSpan={4}
                className="border-l border-slate-300 px-3 py-1 text-center"
              >
                {y}
              </th>
            ))}
          </tr>
          <tr>
            {years.flatMap((y) =>
              CLERY_TABLE_COLUMNS.map((c) => (
                <th
                  key={`${y}-${c}`}
                  scope="col"
                  title={GEOGRAPHY_LABELS[c]}
                  className={`px-2 py-1 text-right text-xs font-medium text-slate-700 ${c === 'onCampus' ? 'border-l border-slate-300' : ''}`}
                >
                  {SHORT[c]}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && (
            <tr>
              <td colSpan={1 + years.length * 4} className="px-3 py-2 text-slate-600">
                None counted in these years.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id} data-row={`${section}/${row.id}`}>
              <th scope="row" className="px-3 py-1 text-left font-normal text-slate-800">
                {row.label}
              </th>
              {years.flatMap((y) =>
                CLERY_TABLE_COLUMNS.map((c) => (
                  <td
                    key={`${y}-${c}`}
                    data-cell={`${y}/${c}`}
                    className={`px-2 py-1 text-right tabular-nums ${c === 'onCampus' ? 'border-l border-slate-300' : ''}`}
                  >
                    {row.counts[y]?.[c] ?? 0}
                  </td>
                )),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
