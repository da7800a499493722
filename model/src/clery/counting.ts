/**
 * The annual security report tables: counts per category, Clery geography and calendar year.
 * A crime counts in the calendar year it was reported (Handbook 2016, chapter 3), in the
 * programme's time zone. Pure: the console counts the records it read; tests count generated ones.
 */
import dayjs from 'dayjs';
import '../dates';
import {
  CLERY_TABLE_COLUMNS,
  tableColumnsOf,
  type CleryGeography,
  type CleryTableColumn,
} from './geography';
import {
  BIAS_LABELS,
  CRIMINAL_OFFENCES,
  OFFENCE_LABELS,
  VAWA_OFFENCES,
  VIOLATIONS,
  VIOLATION_LABELS,
  countedOffences,
  type ClassifiedOffence,
  type Violation,
} from './offences';
import { UNFOUNDED, type PersonCounts } from './record';

/** What counting needs of a record (times as epoch milliseconds). */
export interface CountableRecord {
  reportedAt: number;
  geography: CleryGeography;
  offences: readonly ClassifiedOffence[];
  arrests: PersonCounts;
  referrals: PersonCounts;
  disposition: string;
}

/** The tables of the annual security report, in their order. */
export const ANNUAL_SECTIONS = [
  'criminal',
  'hate',
  'vawa',
  'arrests',
  'referrals',
  'unfounded',
] as const;
export type AnnualSection = (typeof ANNUAL_SECTIONS)[number];

export const ANNUAL_SECTION_LABELS: Readonly<Record<AnnualSection, string>> = {
  criminal: 'Criminal offences',
  hate: 'Hate crimes',
  vawa: 'VAWA offences',
  arrests: 'Arrests',
  referrals: 'Disciplinary referrals',
  unfounded: 'Unfounded crimes',
};

/** The one row of the unfounded section: crime reports withdrawn from the statistics. */
const UNFOUNDED_ROW = { id: 'crimes', label: 'Unfounded crimes (withdrawn from the statistics)' };

export type ColumnCounts = Record<CleryTableColumn, number>;

export interface AnnualRow {
  section: AnnualSection;
  /** Stable id: the offence, `offence:bias` for hate crimes, or the violation. */
  id: string;
  label: string;
  /** Year → column → count. */
  counts: Record<number, ColumnCounts>;
}

export interface AnnualTables {
  years: number[];
  rows: AnnualRow[];
}

/** The `count` prior calendar years in `timeZone`, oldest first (the ASR's three years). */
export function priorCalendarYears(now: Date | number, timeZone: string, count = 3): number[] {
  const year = dayjs(now).tz(timeZone).year();
  return Array.from({ length: count }, (_, i) => year - count + i);
}

/** Calendar year of `instant` in `timeZone`. */
export function calendarYearOf(instant: Date | number, timeZone: string): number {
  return dayjs(instant).tz(timeZone).year();
}

function zeros(): ColumnCounts {
  return Object.fromEntries(CLERY_TABLE_COLUMNS.map((c) => [c, 0])) as ColumnCounts;
}

/**
 * Counts `records` for `years`: criminal offences by the hierarchy rule (countedOffences), every
 * offence with a bias as a hate crime, each VAWA offence once per incident, arrests and referrals
 * by persons. Outside Clery geography counts nowhere. An unfounded report of a criminal offence,
 * hate crime or VAWA offence counts only as one unfounded crime (668.46(c)(2)(iii) wants their
 * number disclosed). Every criminal, VAWA, arrest/referral and unfounded row is present (zeros
 * included); hate crime rows only where counted.
 */
export function annualSecurityTables(
  records: readonly CountableRecord[],
  years: readonly number[],
  timeZone: string,
): AnnualTables {
  const rows = new Map<string, AnnualRow>();
  const row = (section: AnnualSection, id: string, label: string) => {
    const key = `${section}/${id}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        section,
        id,
        label,
        counts: Object.fromEntries(years.map((y) => [y, zeros()])),
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const o of CRIMINAL_OFFENCES) row('criminal', o, OFFENCE_LABELS[o]);
  for (const o of VAWA_OFFENCES) row('vawa', o, OFFENCE_LABELS[o]);
  for (const v of VIOLATIONS) row('arrests', v, VIOLATION_LABELS[v]);
  for (const v of VIOLATIONS) row('referrals', v, VIOLATION_LABELS[v]);
  row('unfounded', UNFOUNDED_ROW.id, UNFOUNDED_ROW.label);

  for (const record of records) {
    const year = calendarYearOf(record.reportedAt, timeZone);
    const columns = tableColumnsOf(record.geography);
    if (!years.includes(year) || columns.length === 0) continue;
    const add = (target: AnnualRow, amount = 1) => {
      const counts = target.counts[year];
      if (counts) for (const c of columns) counts[c] += amount;
    };
    if (record.disposition === UNFOUNDED) {
      const crimeReport =
        countedOffences(record.offences).length > 0 ||
        record.offences.some(
          ({ offence, bias }) =>
            bias !== null || (VAWA_OFFENCES as readonly string[]).includes(offence),
        );
      if (crimeReport) add(row('unfounded', UNFOUNDED_ROW.id, UNFOUNDED_ROW.label));
      continue;
    }
    for (const o of countedOffences(record.offences)) add(row('criminal', o, OFFENCE_LABELS[o]));
    for (const { offence, bias } of record.offences) {
      if (bias !== null)
        add(
          row(
            'hate',
            `${offence}:${bias}`,
            `${OFFENCE_LABELS[offence]} (${BIAS_LABELS[bias]} bias)`,
          ),
        );
      if ((VAWA_OFFENCES as readonly string[]).includes(offence))
        add(row('vawa', offence, OFFENCE_LABELS[offence]));
    }
    for (const v of VIOLATIONS as readonly Violation[]) {
      if (record.arrests[v]) add(row('arrests', v, VIOLATION_LABELS[v]), record.arrests[v]);
      if (record.referrals[v]) add(row('referrals', v, VIOLATION_LABELS[v]), record.referrals[v]);
    }
  }
  const order: readonly AnnualSection[] = ANNUAL_SECTIONS;
  return {
    years: [...years],
    rows: [...rows.values()].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section)),
  };
}
