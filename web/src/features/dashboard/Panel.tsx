import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { InlineSpinner } from '../../components/States';
import { downloadCsv, toCsv } from '../../lib/csv';
import type { ChartProps } from './Chart';
import type { FigureTable } from './figures';

const Chart = lazy(() => import('./Chart'));

/** A chart with its table behind it (a disclosure) and the table's CSV. */
export function Panel({
  title,
  file,
  table,
  chart,
  note,
}: {
  title: string;
  /** The CSV's file name (lib/csv `csvFileName`). */
  file: string;
  table: FigureTable;
  chart: ChartProps;
  note?: ReactNode;
}) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section
      aria-labelledby={`${slug}-heading`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${slug}-heading`} className="font-semibold text-slate-900">
          {title}
        </h2>
        <Button
          variant="secondary"
          onClick={() => downloadCsv(file, toCsv(table.columns, table.rows))}
        >
          Download CSV<span className="sr-only"> of {title}</span>
        </Button>
      </div>
      {note && <p className="mb-2 text-xs text-slate-600">{note}</p>}
      <Suspense fallback={<InlineSpinner label="Loading chart…" />}>
        <Chart {...chart} />
      </Suspense>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-sky-800">Table of {title}</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="px-2 py-1 font-medium text-slate-700">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i} className="border-b border-slate-100">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="px-2 py-1 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className="px-2 py-1 whitespace-nowrap tabular-nums">
                        {cell ?? '—'}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
