import { describe, expect, it } from 'vitest';
import { docSpecKey, querySpecKey, type QuerySpec } from './spec';

const converter = {} as QuerySpec<unknown>['converter'];
const base: QuerySpec<unknown> = {
  path: ['incident_reports'],
  converter,
  wheres: [{ field: 'isArchived', op: '==', value: false }],
  orderBy: { field: 'timestamp', direction: 'desc' },
  limit: 26,
};

describe('listener keys derive from the spec', () => {
  it('equal specs built apart give the same key (one shared listener)', () => {
    expect(querySpecKey({ ...base, wheres: [...base.wheres] })).toBe(querySpecKey(base));
  });

  it('every part that changes the result changes the key', () => {
    const keys = [
      base,
      { ...base, path: ['accomplishment_reports'] },
      { ...base, wheres: [{ field: 'isArchived', op: '==' as const, value: true }] },
      { ...base, wheres: [{ field: 'isArchived', op: '==' as const, value: 'false' }] },
      { ...base, orderBy: { field: 'timestamp', direction: 'asc' as const } },
      { ...base, limit: 27 },
      { ...base, boundary: { side: 'after' as const, seconds: 1, nanoseconds: 5, id: 'a' } },
      { ...base, boundary: { side: 'before' as const, seconds: 1, nanoseconds: 5, id: 'a' } },
      { ...base, boundary: { side: 'after' as const, seconds: 1, nanoseconds: 6, id: 'a' } },
      {
        ...base,
        wheres: [
          { field: 'keywords', op: 'array-contains-any' as const, value: ['fire', 'smoke'] },
        ],
      },
      {
        ...base,
        wheres: [{ field: 'keywords', op: 'array-contains-any' as const, value: ['fire'] }],
      },
      {
        ...base,
        wheres: [
          { field: 'timestamp', op: '>=' as const, value: new Date('2026-11-01T00:00:00Z') },
        ],
      },
      {
        ...base,
        wheres: [
          { field: 'timestamp', op: '>=' as const, value: new Date('2026-11-02T00:00:00Z') },
        ],
      },
    ].map(querySpecKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a document and a query of the same path are different listeners', () => {
    expect(docSpecKey({ path: ['tags', 'fire'], converter })).not.toBe(
      querySpecKey({ path: ['tags', 'fire'], converter, wheres: [] }),
    );
  });
});
