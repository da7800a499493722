import { useState, type ReactNode } from 'react';
import { Button } from './Button';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Applied to the header and every cell, e.g. to hide a column on narrow screens. */
  className?: string;
}

/**
 * A table with keyboard-reachable row actions; `rowLabel` names each row for assistive tech.
 * Below the xl breakpoint (1280 px: narrower, a wide table beside the navigation would scroll; at
 * 768 and 390 px the navigation collapses too) each row becomes a
 * card of "header value" lines (the header drawn from `data-label`, so cell text stays the value),
 * keeping every cell and the row's actions on screen without sideways scrolling.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Extra classes per row, e.g. to highlight new ones. */
  rowClassName?: (row: T) => string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white xl:overflow-x-auto">
      <table className="min-w-full text-sm max-xl:block xl:divide-y xl:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 max-xl:hidden">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-3 py-2 text-left font-semibold text-slate-700 ${c.className ?? ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-xl:block">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`hover:bg-slate-50 max-xl:block max-xl:py-2 md:max-xl:grid md:max-xl:grid-cols-2 md:max-xl:gap-x-4 ${rowClassName?.(row) ?? ''}`}
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={`px-3 py-2 align-top text-slate-800 max-xl:flex max-xl:flex-wrap max-xl:items-baseline max-xl:gap-x-2 max-xl:py-0.5 max-xl:before:text-xs max-xl:before:font-semibold max-xl:before:uppercase max-xl:before:tracking-wide max-xl:before:text-slate-600 max-xl:before:content-[attr(data-label)] ${c.className ?? ''}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
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
