import { useState, type ReactNode } from 'react';
import { Button } from './Button';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Names the column's cells (`data-cell`); needed when headers repeat under groups. Defaults to the header. */
  key?: string;
  /** Applied to the header and every cell, e.g. to hide a column on narrow screens. */
  className?: string;
  /** Figures: right-aligned, digits of one width. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`), e.g. the category of a table of counts. */
  rowHeader?: boolean;
  /** A heading over this and the adjacent columns of the same group (a year over its geographies). */
  group?: string;
  /** The header's full wording when the header is abbreviated (a tooltip). */
  headerTitle?: string;
}

/**
 * How the table is laid out:
 * - `responsive`: a table on wide screens; below the xl breakpoint (1280 px: narrower, a wide
 *   table beside the navigation would scroll; at 768 and 390 px the navigation collapses too)
 *   each row becomes a card of "header value" lines (the header drawn from `data-label`, so cell
 *   text stays the value), keeping every cell and the row's actions on screen without sideways
 *   scrolling. For lists of records.
 * - `grid`: always a table, scrolled sideways in a focusable region on narrow screens (so a
 *   keyboard can scroll it). For tables of figures, read across rows and down columns.
 * - `print`: compact and ruled for paper.
 */
export type TableLayout = 'responsive' | 'grid' | 'print';

/** A row already written as text, one cell per header (a printed log, its CSV's twin). */
export interface CellsRow {
  id: string;
  cells: string[];
}

/** The columns of `headers` over rows of text cells, in order. */
export function cellColumns(headers: readonly string[]): Column<CellsRow>[] {
  return headers.map((header, i) => ({ header, cell: (row) => row.cells[i] }));
}

/** The classes of each part of the table, per layout. */
const STYLES: Record<
  TableLayout,
  Record<'wrapper' | 'table' | 'head' | 'header' | 'subheader' | 'body' | 'row' | 'cell', string>
> = {
  responsive: {
    wrapper: 'rounded-lg border border-slate-200 bg-white xl:overflow-x-auto',
    table: 'min-w-full text-sm max-xl:block xl:divide-y xl:divide-slate-200',
    head: 'bg-slate-100 max-xl:hidden',
    header: 'px-3 py-2 font-semibold text-slate-700',
    subheader: 'px-3 py-2 font-semibold text-slate-700',
    body: 'divide-y divide-slate-100 max-xl:block',
    row: 'hover:bg-slate-50 max-xl:block max-xl:py-2 md:max-xl:grid md:max-xl:grid-cols-2 md:max-xl:gap-x-4',
    cell: 'px-3 py-2 align-top text-slate-800 max-xl:flex max-xl:flex-wrap max-xl:items-baseline max-xl:gap-x-2 max-xl:py-0.5 max-xl:before:text-xs max-xl:before:font-semibold max-xl:before:uppercase max-xl:before:tracking-wide max-xl:before:text-slate-600 max-xl:before:content-[attr(data-label)]',
  },
  grid: {
    wrapper:
      'overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-600',
    table: 'min-w-full text-sm',
    head: 'bg-slate-100',
    header: 'px-2 py-2 font-semibold text-slate-700',
    // Under a group heading, the columns' own headers are short and many: smaller type.
    subheader: 'px-2 py-1 text-xs font-medium text-slate-700',
    body: 'divide-y divide-slate-100',
    row: 'hover:bg-slate-50',
    cell: 'px-2 py-1 align-top text-slate-800',
  },
  print: {
    wrapper: '',
    table: 'w-full border-collapse text-xs',
    head: '',
    header: 'border border-slate-400 px-1 py-0.5',
    subheader: 'border border-slate-400 px-1 py-0.5',
    body: '',
    row: 'break-inside-avoid',
    cell: 'border border-slate-400 px-1 py-0.5 align-top',
  },
};
/** Where a group of columns starts, a rule sets it apart. */
const GROUP_START = 'border-l border-slate-300';

const keyOf = <T,>(column: Column<T>) => column.key ?? column.header;
const alignOf = <T,>(column: Column<T>) => (column.numeric ? 'text-right' : 'text-left');
/** Figures keep one width per digit and stay on one line. */
const figuresOf = <T,>(column: Column<T>) =>
  column.numeric ? 'tabular-nums whitespace-nowrap' : '';

/** Consecutive columns of one group, for the header row above the columns' own. */
function groupRuns<T>(columns: Column<T>[]) {
  const runs: { group: string | undefined; columns: Column<T>[] }[] = [];
  for (const column of columns) {
    const last = runs[runs.length - 1];
    if (last && column.group !== undefined && last.group === column.group)
      last.columns.push(column);
    else runs.push({ group: column.group, columns: [column] });
  }
  return runs;
}

/**
 * Every data table of the console. `caption` names it for assistive tech (on screen with
 * `showCaption`). Rows carry `data-row` (their key) and cells `data-cell` (their column's key), so
 * a test reads a cell by what it counts rather than by its position.
 */
export function Table<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  rowClassName,
  layout = 'responsive',
  empty,
  className = '',
}: {
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Extra classes per row, e.g. to highlight new ones. */
  rowClassName?: (row: T) => string;
  layout?: TableLayout;
  /** Said in the table's body when there are no rows. */
  empty?: ReactNode;
  /** Extra classes of the box around the table, e.g. a maximum height. */
  className?: string;
}) {
  const grouped = columns.some((c) => c.group !== undefined);
  const runs = groupRuns(columns);
  const groupStart = new Set(
    runs.filter((r) => r.group !== undefined).map((r) => keyOf(r.columns[0]!)),
  );
  const ruled = (column: Column<T>) => (groupStart.has(keyOf(column)) ? GROUP_START : '');
  const header = (column: Column<T>, rowSpan?: number) => (
    <th
      key={keyOf(column)}
      scope="col"
      rowSpan={rowSpan}
      title={column.headerTitle}
      className={`${column.group === undefined ? STYLES[layout].header : STYLES[layout].subheader} ${alignOf(column)} ${ruled(column)} ${column.className ?? ''}`}
    >
      {column.header}
    </th>
  );
  // A grid scrolls: focusable, named like its table, so a keyboard can scroll it.
  const scrolls = layout === 'grid' ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {};
  return (
    <div className={`${STYLES[layout].wrapper} ${className}`} {...scrolls}>
      <table className={STYLES[layout].table}>
        <caption
          className={showCaption ? 'px-3 py-2 text-left font-semibold text-slate-900' : 'sr-only'}
        >
          {caption}
        </caption>
        <thead className={STYLES[layout].head}>
          <tr>
            {grouped
              ? runs.map((run) =>
                  run.group === undefined ? (
                    header(run.columns[0]!, 2)
                  ) : (
                    <th
                      key={`group-${keyOf(run.columns[0]!)}`}
                      scope="colgroup"
                      colSpan={run.columns.length}
                      className={`${STYLES[layout].header} text-center ${GROUP_START}`}
                    >
                      {run.group}
                    </th>
                  ),
                )
              : columns.map((c) => header(c))}
          </tr>
          {grouped && <tr>{columns.filter((c) => c.group !== undefined).map((c) => header(c))}</tr>}
        </thead>
        <tbody className={STYLES[layout].body}>
          {rows.length === 0 && empty !== undefined && (
            <tr>
              <td colSpan={columns.length} className={`${STYLES[layout].cell} text-slate-600`}>
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => {
            const key = rowKey(row, index);
            return (
              <tr
                key={key}
                data-row={key}
                className={`${STYLES[layout].row} ${rowClassName?.(row) ?? ''}`}
              >
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={keyOf(c)}
                      scope={c.rowHeader ? 'row' : undefined}
                      data-label={c.header}
                      data-cell={keyOf(c)}
                      className={`${STYLES[layout].cell} ${alignOf(c)} ${figuresOf(c)} ${c.rowHeader ? 'font-normal' : ''} ${ruled(c)} ${c.className ?? ''}`}
                    >
                      {c.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  summary,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  summary?: string;
}) {
  return (
    <nav
      aria-label="Pagination"
      className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-700"
    >
      <span>
        Page {page}
        {summary ? ` · ${summary}` : ''}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onPrevious} disabled={!hasPrevious}>
          Previous page
        </Button>
        <Button variant="secondary" onClick={onNext} disabled={!hasNext}>
          Next page
        </Button>
      </div>
    </nav>
  );
}

/** Client-side pages over a list already in memory (accounts, articles, …). */
export function usePaged<T>(rows: readonly T[], pageSize = 25) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  return {
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
    pager: {
      page: current,
      hasPrevious: current > 1,
      hasNext: current < pages,
      onPrevious: () => setPage(current - 1),
      onNext: () => setPage(current + 1),
      summary: `${rows.length} in all`,
    },
  };
}

/** A table a page at a time; rows are keyed by their document id. */
export function PagedTable<T extends { id: string }>(props: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  pageSize?: number;
}) {
  const { rows, pager } = usePaged(props.rows, props.pageSize);
  return (
    <>
      <Table caption={props.caption} columns={props.columns} rows={rows} rowKey={(row) => row.id} />
      {(pager.hasNext || pager.hasPrevious) && <Pager {...pager} />}
    </>
  );
}
