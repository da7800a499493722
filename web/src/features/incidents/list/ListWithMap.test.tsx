// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../../data/incidents';

// The map itself is Leaflet (browser suite); here it shows what it was given.
vi.mock('../../../components/map', () => ({
  IncidentsMap: ({ incidents, campuses }: { incidents: Incident[]; campuses: string[] }) => (
    <div data-testid="map">
      {incidents.map((i) => i.id).join(',')} on {campuses.join('|')}
    </div>
  ),
}));

/** The map's read: every spec the list asked for, and the rows it gets back. */
const reads = vi.hoisted(() => ({ specs: [] as unknown[] }));
vi.mock('../../../data/live-query', () => ({
  useLiveQuery: (spec: unknown) => {
    reads.specs.push(spec);
    return {
      status: spec ? 'ready' : 'loading',
      data: spec ? [{ id: 'a' }, { id: 'b' }] : [],
      error: null,
      retry: () => undefined,
    };
  },
}));

import { ListWithMap, MAP_LIMIT } from './ListWithMap';

function atWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const wheres = [{ field: 'status', op: '==', value: 'Processing' }] as const;

function renderList() {
  reads.specs = [];
  render(
    <ListWithMap wheres={wheres} total={2} campuses={['main']} onOpen={() => undefined}>
      <table aria-label="Incident reports" />
    </ListWithMap>,
  );
}

describe('the reports list with its map', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a narrow screen shows the list, and the map of every matching report instead of it on request', async () => {
    atWidth(false);
    renderList();
    expect(screen.getByRole('table', { name: 'Incident reports' })).toBeInTheDocument();
    expect(screen.queryByTestId('map')).toBeNull();
    expect(reads.specs.every((spec) => spec === null)).toBe(true);
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('map')).toHaveTextContent('a,b on main');
    expect(reads.specs.at(-1)).toMatchObject({ wheres, limit: MAP_LIMIT, boundary: null });
    expect(screen.getByText('The map shows all 2 reports that match.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('on a wide screen shows both, without a toggle', () => {
    atWidth(true);
    renderList();
    expect(screen.getByRole('table', { name: 'Incident reports' })).toBeInTheDocument();
    expect(screen.getByTestId('map')).toHaveTextContent('a,b');
    expect(screen.queryByRole('button', { name: 'Map' })).toBeNull();
  });
});
