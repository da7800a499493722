import { describe, expect, it } from 'vitest';
import { mapCaption } from './map-caption';

describe('the reports map caption', () => {
  it('says the map holds every matching report when they fit', () => {
    expect(mapCaption({ shown: 73, limit: 500, total: 73 })).toBe(
      'The map shows all 73 reports that match.',
    );
    expect(mapCaption({ shown: 1, limit: 500, total: null })).toBe(
      'The map shows the one report that matches.',
    );
  });

  it('states the bound and the whole count when more match than the map holds', () => {
    expect(mapCaption({ shown: 500, limit: 500, total: 1234 })).toBe(
      'The map shows the newest 500 reports of 1,234 reports that match (at most 500: narrow the filters to see the rest).',
    );
    expect(mapCaption({ shown: 500, limit: 500, total: null })).toMatch(
      /newest 500 reports of more than 500 that match/,
    );
  });
});
