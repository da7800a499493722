import { boundaryAt, countQuery, readQueryPage } from './firestore';
import type { PageBoundary, QuerySpec, Row, WithId } from './spec';

/** Rows read per request: large enough to keep the round trips few, small enough to show progress. */
export const EXPORT_PAGE_SIZE = 500;
/** The most rows one CSV export holds, bounding the memory and time it takes; larger sets are narrowed first. */
export const EXPORT_MAX_ROWS = 50_000;

const number = (n: number) => n.toLocaleString('en-US');

/** Refused before any row is read: the export would hold more than `max` rows. */
export class ExportTooLargeError extends Error {
  constructor(
    readonly rows: number,
    readonly max: number,
  ) {
    super(
      `These filters match ${number(rows)} rows; one export holds at most ${number(max)}. ` +
        'Narrow the filters (a date range, a campus or a status) and export again.',
    );
    this.name = 'ExportTooLargeError';
  }
}

export interface ExportProgress {
  /** Rows read so far. */
  done: number;
  /** Rows the query matched when the export started (a count aggregation). */
  total: number;
}

export interface ReadAllOptions {
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
  pageSize?: number;
  maxRows?: number;
}

/**
 * Reads every document `spec` matches (its own limit and cursor are replaced), one page after the
 * previous page's last row, handing each row to `onRow`. The count comes first, so an export over
 * `maxRows` is refused before any row is read and progress has a total; rows written while the
 * export runs can still push it over, which stops it the same way. An aborted `signal` stops it
 * between pages with the signal's reason.
 */
export async function readAllPages<T>(
  spec: QuerySpec<T>,
  onRow: (row: WithId<T>) => void,
  { signal, onProgress, pageSize = EXPORT_PAGE_SIZE, maxRows = EXPORT_MAX_ROWS }: ReadAllOptions,
): Promise<number> {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000)
    throw new RangeError(`Page size ${pageSize} is outside 1–10,000.`);
  const order = spec.orderBy;
  if (!order) throw new RangeError('An export pages by its order field; the query has none.');
  const total = await countQuery(spec);
  signal.throwIfAborted();
  if (total > maxRows) throw new ExportTooLargeError(total, maxRows);
  onProgress({ done: 0, total });

  let done = 0;
  let after: PageBoundary | null = null;
  for (;;) {
    const page: Row<T>[] = await readQueryPage({ ...spec, limit: pageSize, boundary: after });
    signal.throwIfAborted();
    done += page.length;
    if (done > maxRows) throw new ExportTooLargeError(done, maxRows);
    for (const row of page) onRow(row);
    onProgress({ done, total: Math.max(total, done) });
    if (page.length < pageSize) return done;
    after = boundaryAt(page[page.length - 1]!, order.field, 'after');
  }
}
