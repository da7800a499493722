import {
  ANNUAL_SECTION_LABELS,
  CLERY_TABLE_COLUMNS,
  GEOGRAPHY_LABELS,
  annualSecurityTables,
  type AnnualTables,
  type CleryRecord,
} from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { programmeTimeZone } from '../../../lib/institution';

/** The annual tables of the records read, for one campus or all (`campus` null). */
export function buildAnnualTables(
  records: readonly WithId<CleryRecord>[],
  years: readonly number[],
  campus: string | null,
): AnnualTables {
  return annualSecurityTables(
    records
      .filter((r) => campus === null || r.campus === campus)
      .map((r) => ({ ...r, reportedAt: r.reportedAt.toMillis() })),
    years,
    programmeTimeZone(),
  );
}

/** One CSV line per row: section, category, then each year's four geography columns. */
export function annualTablesCsv(tables: AnnualTables): string {
  const header = [
    'Section',
    'Category',
    ...tables.years.flatMap((y) => CLERY_TABLE_COLUMNS.map((c) => `${y} ${GEOGRAPHY_LABELS[c]}`)),
  ];
  return toCsv(
    header,
    tables.rows.map((row) => [
      ANNUAL_SECTION_LABELS[row.section],
      row.label,
      ...tables.years.flatMap((y) => CLERY_TABLE_COLUMNS.map((c) => row.counts[y]?.[c] ?? 0)),
    ]),
  );
}
