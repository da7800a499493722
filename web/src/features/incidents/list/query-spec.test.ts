import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterProblems, incidentQuerySpec } from './query-spec';
import type { IncidentScope } from '../../../data/scopes';

const admin: IncidentScope = { role: 'Admin', uid: 'a1', campus: null, archived: false };
const imt: IncidentScope = { role: 'IMT', uid: 'i1', campus: 'north', archived: false };
const reporter: IncidentScope = { role: 'User', uid: 'u1', campus: null, archived: false };

describe('role scope of the incident queries (the rules are not filters)', () => {
  it('Admin: every report by archived flag, newest first', () => {
    expect(incidentQuerySpec(admin, EMPTY_FILTERS)).toEqual({
      wheres: [{ field: 'isArchived', op: '==', value: false }],
      orderBy: { field: 'timestamp', direction: 'desc' },
    });
    expect(incidentQuerySpec({ ...admin, archived: true }, EMPTY_FILTERS).wheres).toEqual([
      { field: 'isArchived', op: '==', value: true },
    ]);
  });

  it('IMT: own campus, never archived, even on the archive flag or a campus filter', () => {
    const spec = incidentQuerySpec(
      { ...imt, archived: true },
      { ...EMPTY_FILTERS, campus: 'main' },
    );
    expect(spec.wheres).toEqual([
      { field: 'nearestCampus', op: '==', value: 'north' },
      { field: 'isArchived', op: '==', value: false },
    ]);
  });

  it('anyone else: only their own reports', () => {
    expect(incidentQuerySpec(reporter, EMPTY_FILTERS).wheres).toEqual([
      { field: 'reporterId', op: '==', value: 'u1' },
    ]);
  });
});

describe('filters', () => {
  it('adds each chosen filter as a server-side condition', () => {
    const spec = incidentQuerySpec(admin, {
      ...EMPTY_FILTERS,
      status: 'Processing',
      campus: 'main',
      threatLevel: 'High',
      incidentType: 'Fire',
      tag: 'night',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(spec.wheres).toEqual([
      { field: 'isArchived', op: '==', value: false },
      { field: 'status', op: '==', value: 'Processing' },
      { field: 'nearestCampus', op: '==', value: 'main' },
      { field: 'threatLevel', op: '==', value: 'High' },
      { field: 'incidentType', op: '==', value: 'Fire' },
      { field: 'tags', op: 'array-contains', value: 'night' },
      // Whole days in the programme zone (Asia/Manila, UTC+8), whatever the browser's zone.
      { field: 'timestamp', op: '>=', value: new Date('2026-02-28T16:00:00Z') },
      { field: 'timestamp', op: '<=', value: new Date('2026-03-31T15:59:59.999Z') },
    ]);
  });

  it('searches the server-kept keywords for any of the words, tokenised as the server does', () => {
    const spec = incidentQuerySpec(imt, { ...EMPTY_FILTERS, search: ' Laptop CAFÉ the ' });
    expect(spec.wheres).toEqual([
      { field: 'nearestCampus', op: '==', value: 'north' },
      { field: 'isArchived', op: '==', value: false },
      { field: 'keywords', op: 'array-contains-any', value: ['laptop', 'cafe'] },
    ]);
  });

  it('finds a reporter by email through the same keywords', () => {
    const spec = incidentQuerySpec(admin, { ...EMPTY_FILTERS, search: 'Jo@Campus.edu' });
    expect(spec.wheres).toContainEqual({
      field: 'keywords',
      op: 'array-contains-any',
      value: ['jo@campus.edu', 'jo'],
    });
  });

  it('refuses to combine search words with a tag (one array filter per query) and says so', () => {
    const filters = { ...EMPTY_FILTERS, search: 'laptop', tag: 'night' };
    expect(filterProblems(filters)).toEqual({
      tag: 'A tag cannot be combined with search words: clear one of them.',
    });
    const wheres = incidentQuerySpec(admin, filters).wheres;
    expect(wheres.filter((w) => w.op.startsWith('array'))).toEqual([
      { field: 'keywords', op: 'array-contains-any', value: ['laptop'] },
    ]);
  });

  it('leaves a search of only common words out of the query, with its problem', () => {
    const filters = { ...EMPTY_FILTERS, search: 'the of' };
    expect(filterProblems(filters).search).toMatch(/not a common word/);
    expect(incidentQuerySpec(admin, filters).wheres).toEqual([
      { field: 'isArchived', op: '==', value: false },
    ]);
  });

  it('reports a date range that ends before it starts and leaves the bad bound out of the query', () => {
    const filters = { ...EMPTY_FILTERS, from: '2026-03-10', to: '2026-03-01' };
    expect(filterProblems(filters)).toEqual({ to: 'The end date is before the start date.' });
  });
});
