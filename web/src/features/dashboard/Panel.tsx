import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { InlineSpinner } from '../../components/States';
import { Table } from '../../components/Table';
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
        <Table
          caption={title}
          layout="grid"
          className="mt-2 max-h-80"
          columns={table.columns.map((header, j) => ({
            header,
            cell: (row: FigureTable['rows'][number]) => row[j] ?? '—',
            rowHeader: j === 0,
            numeric: j > 0,
          }))}
          rows={table.rows}
          rowKey={(_, i) => String(i)}
        />
      </details>
    </section>
  );
}
