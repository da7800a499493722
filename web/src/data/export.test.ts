import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuerySpec } from './spec';

/** A fake collection of `size` documents read in order; each page read is recorded. */
const fake = vi.hoisted(() => ({
  size: 0,
  pageReads: [] as { limit: number | undefined; after: number | null }[],
  onPageRead: (() => undefined) as () => void,
}));

vi.mock('./firestore', () => {
  const docs = () => Array.from({ length: fake.size }, (_, i) => ({ id: `d${i}`, n: i }));
  return {
    countQuery: async () => fake.size,
    // The fake boundary carries the row's position as its id.
    boundaryAt: (row: { n: number }) => ({ side: 'after', seconds: 0, nanoseconds: 0, id: row.n }),
    readQueryPage: async (spec: { limit?: number; boundary: { id: number } | null }) => {
      const after = spec.boundary ? spec.boundary.id : null;
      fake.pageReads.push({ limit: spec.limit, after });
      fake.onPageRead();
      const start = after === null ? 0 : after + 1;
      return docs()
        .slice(start, start + (spec.limit ?? fake.size))
        .map((d) => ({ ...d, snapshot: {} }));
    },
  };
});

import { ExportTooLargeError, readAllPages } from './export';

interface Doc {
  n: number;
}
const spec: QuerySpec<Doc> = {
  path: ['docs'],
  converter: {} as QuerySpec<Doc>['converter'],
  wheres: [],
  orderBy: { field: 'n', direction: 'asc' },
  limit: 26,
};

async function exportAll(size: number, options: { pageSize?: number; maxRows?: number } = {}) {
  fake.size = size;
  const rows: number[] = [];
  const progress: string[] = [];
  const done = await readAllPages(spec, (row) => rows.push(row.n), {
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(`${p.done}/${p.total}`),
    ...options,
  });
  return { done, rows, progress };
}

describe('readAllPages', () => {
  beforeEach(() => {
    fake.pageReads = [];
    fake.onPageRead = () => undefined;
  });

  it('reads every row once, page after page, with progress against the count', async () => {
    const result = await exportAll(7, { pageSize: 3 });
    expect(result.done).toBe(7);
    expect(result.rows).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.progress).toEqual(['0/7', '3/7', '6/7', '7/7']);
    // The list's own limit is replaced; each page starts after the previous page's last row.
    expect(fake.pageReads).toEqual([
      { limit: 3, after: null },
      { limit: 3, after: 2 },
      { limit: 3, after: 5 },
    ]);
  });

  it('ends with one empty read when the rows fill the last page exactly', async () => {
    const result = await exportAll(6, { pageSize: 3 });
    expect(result.rows).toHaveLength(6);
    expect(fake.pageReads.map((r) => r.after)).toEqual([null, 2, 5]);
  });

  it('exports an empty set as no rows', async () => {
    expect((await exportAll(0)).rows).toEqual([]);
  });

  it('refuses an export over the maximum before reading any row', async () => {
    await expect(exportAll(11, { maxRows: 10 })).rejects.toThrow(ExportTooLargeError);
    await expect(exportAll(11, { maxRows: 10 })).rejects.toThrow(
      'These filters match 11 rows; one export holds at most 10.',
    );
    expect(fake.pageReads).toEqual([]);
    expect((await exportAll(10, { maxRows: 10, pageSize: 4 })).done).toBe(10);
  });

  it('stops between pages once cancelled', async () => {
    fake.size = 10;
    const controller = new AbortController();
    fake.onPageRead = () => {
      if (fake.pageReads.length === 2) controller.abort();
    };
    const rows: number[] = [];
    await expect(
      readAllPages(spec, (row) => rows.push(row.n), {
        signal: controller.signal,
        onProgress: () => undefined,
        pageSize: 3,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(rows).toEqual([0, 1, 2]);
    expect(fake.pageReads).toHaveLength(2);
  });

  it('refuses a page size outside its bounds', async () => {
    await expect(exportAll(1, { pageSize: 0 })).rejects.toThrow(RangeError);
  });
});
