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

import { ListWithMap } from './ListWithMap';

function atWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const rows = [{ id: 'a' }, { id: 'b' }] as Incident[];

function renderList() {
  render(
    <ListWithMap rows={rows} campuses={['Main Campus']} onOpen={() => undefined}>
      <table aria-label="Incident reports" />
    </ListWithMap>,
  );
}

describe('the reports list with its map', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a narrow screen shows the list, and the map of the same rows instead of it on request', async () => {
    atWidth(false);
    renderList();
    expect(screen.getByRole('table', { name: 'Incident reports' })).toBeInTheDocument();
    expect(screen.queryByTestId('map')).toBeNull();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('map')).toHaveTextContent('a,b on Main Campus');
    expect(
      screen.getByText('The map shows the 2 reports listed on this page.'),
    ).toBeInTheDocument();
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
