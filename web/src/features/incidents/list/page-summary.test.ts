import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary';

describe('pageSummary', () => {
  it('places the page in the server-counted whole', () => {
    expect(pageSummary({ page: 2, pageSize: 25, shown: 25, total: 73, searching: false })).toBe(
      'reports 26–50 of 73',
    );
    expect(pageSummary({ page: 3, pageSize: 25, shown: 23, total: 10_073, searching: true })).toBe(
      'reports 51–73 of 10,073 matching any search word',
    );
  });
  it('says the count is on its way or failed rather than guessing, and names an empty page', () => {
    expect(pageSummary({ page: 1, pageSize: 25, shown: 4, total: null, searching: false })).toBe(
      'reports 1–4 of …',
    );
    expect(
      pageSummary({ page: 2, pageSize: 25, shown: 3, total: 'failed', searching: false }),
    ).toBe('reports 26–28 (total not available)');
    expect(pageSummary({ page: 1, pageSize: 25, shown: 0, total: 0, searching: true })).toBe(
      'no reports of 0 matching any search word',
    );
  });
});
