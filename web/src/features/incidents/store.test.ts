import { beforeEach, describe, expect, it } from 'vitest';
import type { Cursor } from '../../data/spec';
import { EMPTY_FILTERS } from './query-spec';
import { useIncidentList } from './store';

const row = (id: string) => ({ id }) as Cursor;

describe('incident list store', () => {
  beforeEach(() => useIncidentList.getState().clearFilters());

  it('pages forward with the last row of each page as the cursor, and back again', () => {
    const list = useIncidentList.getState();
    list.nextPage(row('a25'));
    useIncidentList.getState().nextPage(row('a50'));
    expect(useIncidentList.getState().page).toBe(2);
    expect(useIncidentList.getState().cursors.map((c) => c.id)).toEqual(['a25', 'a50']);
    useIncidentList.getState().previousPage();
    expect(useIncidentList.getState().page).toBe(1);
  });

  it('goes back to the first page whenever a filter changes', () => {
    useIncidentList.getState().nextPage(row('a25'));
    useIncidentList.getState().setFilter('status', 'Declined');
    const state = useIncidentList.getState();
    expect(state.page).toBe(0);
    expect(state.cursors).toEqual([]);
    expect(state.filters).toEqual({ ...EMPTY_FILTERS, status: 'Declined' });
  });

  it('re-paging after going back replaces the later cursors', () => {
    const s = () => useIncidentList.getState();
    s().nextPage(row('a25'));
    s().nextPage(row('a50'));
    s().previousPage();
    s().nextPage(row('b50'));
    expect(s().cursors.map((c) => c.id)).toEqual(['a25', 'b50']);
  });
});
