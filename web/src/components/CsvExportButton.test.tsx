// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuerySpec } from '../data/spec';

/** The data layer's two reads (and its page boundary), driven by the test: a count and pages it releases one by one. */
const fake = vi.hoisted(() => ({
  count: 0,
  pages: [] as { id: string; name: string }[][],
  pageGate: null as Promise<void> | null,
  downloads: [] as { fileName: string; content: Blob }[],
}));

vi.mock('../data/firestore', () => ({
  countQuery: async () => fake.count,
  boundaryAt: (row: { id: string }) => ({ side: 'after', seconds: 0, nanoseconds: 0, id: row.id }),
  readQueryPage: async () => {
    if (fake.pageGate) await fake.pageGate;
    return (fake.pages.shift() ?? []).map((row) => ({ ...row, snapshot: { row } }));
  },
}));

vi.mock('../lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/csv')>()),
  downloadCsv: (fileName: string, content: Blob) => fake.downloads.push({ fileName, content }),
}));

/** A Blob's text with its byte-order mark (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

import { CsvExportButton } from './CsvExportButton';
import { Toasts } from './Toasts';
import { useToasts } from './toast-store';

interface Item {
  name: string;
}
const spec: QuerySpec<Item> = {
  path: ['items'],
  converter: {} as QuerySpec<Item>['converter'],
  wheres: [],
  orderBy: { field: 'name', direction: 'asc' },
};
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `i${from + i}`, name: `Item ${from + i}` }));

function renderButton() {
  render(
    <>
      <CsvExportButton
        what="items"
        fileStem="items"
        spec={spec}
        header={['ID', 'Name']}
        toRow={(r) => [r.id, r.name]}
      />
      <Toasts />
    </>,
  );
}

describe('CsvExportButton', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    fake.downloads = [];
    fake.pageGate = null;
  });

  it('shows rows read against the count, then downloads every row and says so', async () => {
    fake.count = 501;
    fake.pages = [rows(0, 500), rows(500, 1)];
    let release = () => undefined as void;
    fake.pageGate = new Promise<void>((r) => (release = r));
    renderButton();
    act(() => screen.getByRole('button', { name: 'Export CSV' }).click());

    const dialog = await screen.findByRole('dialog', { name: 'Exporting items' });
    expect(dialog).toHaveTextContent('0 of 501 rows read');
    expect(screen.getByRole('progressbar', { name: 'Rows exported' })).toHaveAttribute(
      'max',
      '501',
    );
    act(() => release());
    await screen.findByText(/501 rows · items-\d{4}-\d{2}-\d{2}-\d{4}\.csv/);
    expect(fake.downloads).toHaveLength(1);
    const lines = (await bytesOf(fake.downloads[0]!.content)).split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Name');
    expect(lines.slice(1, -1)).toHaveLength(501);
    expect(lines).toContain('i500,Item 500');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses an export over the maximum with a message and no file', async () => {
    fake.count = 50_001;
    renderButton();
    act(() => screen.getByRole('button', { name: 'Export CSV' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Too many rows to export' });
    expect(dialog).toHaveTextContent(
      'These filters match 50,001 rows; one export holds at most 50,000.',
    );
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.downloads).toEqual([]);
  });

  it('Cancel closes the dialog and writes no file when the pending page arrives', async () => {
    fake.count = 2;
    fake.pages = [rows(0, 2)];
    let release = () => undefined as void;
    fake.pageGate = new Promise<void>((r) => (release = r));
    renderButton();
    act(() => screen.getByRole('button', { name: 'Export CSV' }).click());
    const dialog = await screen.findByRole('dialog', { name: 'Exporting items' });
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByText('Export cancelled')).toBeInTheDocument();
    await act(async () => release());
    expect(fake.downloads).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
