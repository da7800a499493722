// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, type Column } from './Table';

interface Count {
  id: string;
  label: string;
  counts: Record<number, { here: number; there: number }>;
}

const YEARS = [2024, 2025];
const COUNT_COLUMNS: Column<Count>[] = [
  { header: 'Category', cell: (r) => r.label, rowHeader: true },
  ...YEARS.flatMap((y) =>
    (['here', 'there'] as const).map((place): Column<Count> => ({
      header: place === 'here' ? 'Here' : 'There',
      headerTitle: place === 'here' ? 'On the premises' : 'Elsewhere',
      key: `${y}/${place}`,
      group: String(y),
      numeric: true,
      cell: (r) => r.counts[y]?.[place] ?? 0,
    })),
  ),
];

const ROWS: Count[] = [
  { id: 'theft', label: 'Theft', counts: { 2024: { here: 3, there: 1 } } },
  { id: 'arson', label: 'Arson', counts: { 2025: { here: 0, there: 2 } } },
];

describe('Table', () => {
  it('is named by its caption and lists one row per record with its cells under their headers', () => {
    render(
      <Table
        caption="People"
        columns={[
          { header: 'Name', cell: (p: { id: string; name: string }) => p.name },
          { header: 'Id', cell: (p) => p.id },
        ]}
        rows={[
          { id: 'a1', name: 'Ana' },
          { id: 'b2', name: 'Ben' },
        ]}
        rowKey={(p) => p.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Id']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Ana', 'a1'],
      ['Ben', 'b2'],
    ]);
    // The card layout of narrow screens labels each value with its header.
    expect(within(rows[0]!).getByText('Ana')).toHaveAttribute('data-label', 'Name');
  });

  it('groups columns under a heading, names each row by its header cell and keys every cell', () => {
    render(
      <Table
        caption="Counts"
        showCaption
        layout="grid"
        columns={COUNT_COLUMNS}
        rows={ROWS}
        rowKey={(r) => `section/${r.id}`}
      />,
    );
    const table = screen.getByRole('table', { name: 'Counts' });
    // A grid scrolls sideways: its box is a focusable region with the table's name.
    expect(screen.getByRole('region', { name: 'Counts' })).toHaveAttribute('tabindex', '0');
    const [groups, places] = within(table).getAllByRole('row');
    const groupHeaders = within(groups!).getAllByRole('columnheader');
    expect(groupHeaders.map((h) => [h.textContent, h.getAttribute('colspan')])).toEqual([
      ['Category', null],
      ['2024', '2'],
      ['2025', '2'],
    ]);
    expect(groupHeaders[0]).toHaveAttribute('rowspan', '2');
    expect(groupHeaders[1]).toHaveAttribute('scope', 'colgroup');
    expect(
      within(places!)
        .getAllByRole('columnheader')
        .map((h) => h.title),
    ).toEqual(['On the premises', 'Elsewhere', 'On the premises', 'Elsewhere']);
    expect(within(table).getByRole('rowheader', { name: 'Theft' })).toBeInTheDocument();
    const theft = table.querySelector('tr[data-row="section/theft"]')!;
    expect(theft.querySelector('td[data-cell="2024/here"]')).toHaveTextContent('3');
    expect(theft.querySelector('td[data-cell="2025/there"]')).toHaveTextContent('0');
    expect(theft.querySelector('td[data-cell="2024/here"]')).toHaveClass('text-right');
  });

  it('says what the empty table means instead of showing no rows', () => {
    render(
      <Table
        caption="Counts"
        layout="grid"
        columns={COUNT_COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        empty="None counted in these years."
      />,
    );
    const cell = screen.getByRole('cell', { name: 'None counted in these years.' });
    expect(cell).toHaveAttribute('colspan', String(COUNT_COLUMNS.length));
  });

  it('prints ruled rows that do not break across pages', () => {
    render(
      <Table
        caption="For print"
        layout="print"
        columns={[{ header: 'Case', cell: (r: { id: string }) => r.id }]}
        rows={[{ id: 'c1' }]}
        rowKey={(r) => r.id}
      />,
    );
    const row = screen.getByRole('cell', { name: 'c1' }).closest('tr');
    expect(row).toHaveClass('break-inside-avoid');
    expect(screen.getByRole('cell', { name: 'c1' })).toHaveClass('border');
    expect(screen.queryByRole('region')).toBeNull();
  });
});
