import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { readView, viewParams } from './period';

const today = '2026-11-23';
const read = (query: string, campus: string | null = null) =>
  readView(new URLSearchParams(query), today, campus, DEMO_CAMPUSES);

describe('dashboard view in the URL', () => {
  it('defaults to the last 30 days, all campuses', () => {
    expect(read('')).toEqual({
      preset: '30d',
      range: { from: '2026-10-25', to: today },
      campus: null,
      error: null,
    });
  });

  it('reads a preset, a custom range and an Admin campus, and writes them back', () => {
    // The URL names a campus by its id, so a bookmark survives a rename.
    const last = read('period=lastMonth&campus=north');
    expect(last).toMatchObject({
      range: { from: '2026-10-01', to: '2026-10-31' },
      campus: 'north',
    });
    expect(viewParams(last, true).toString()).toBe('period=lastMonth&campus=north');
    const custom = read('from=2026-01-05&to=2026-02-05');
    expect(custom).toMatchObject({
      preset: 'custom',
      range: { from: '2026-01-05', to: '2026-02-05' },
    });
    expect(viewParams(custom, true).toString()).toBe('from=2026-01-05&to=2026-02-05');
  });

  it('an IMT stays on its campus whatever the URL says; bad input falls back with a reason', () => {
    expect(read('campus=main', 'north').campus).toBe('north');
    expect(viewParams(read('', 'north'), false).toString()).toBe('period=30d');
    expect(read('campus=Nowhere').campus).toBeNull();
    expect(read('period=forever').preset).toBe('30d');
    const backwards = read('from=2026-03-01&to=2026-02-01');
    expect(backwards.preset).toBe('30d');
    expect(backwards.error).toMatch(/start must not be after the end/);
  });
});
