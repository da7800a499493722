import assert from 'node:assert/strict';
import {
  EMPTY_INDEX_CONFIG,
  IndexConfigError,
  parseIndexConfig,
  parseIndexFile,
  type IndexConfig,
} from '../../src/firestore/engine/index-config.js';
import { missingIndexMessage, planQuery } from '../../src/firestore/engine/index-planner.js';
import { GrpcCode, type JsonObject as Json } from '../../src/firestore/service.js';
import {
  DATABASE,
  ROOT,
  RecordingSink,
  newEngine,
  owner,
  query,
  rejects,
  set,
  v,
} from './helpers.js';

/**
 * The index planner against the examples of Firestore's index documentation (single-field
 * indexes, composite indexes, index merging, exemptions, multiple inequalities, collection group
 * scope), and the engine refusing what production could not serve.
 */

type Op =
  '==' | '<' | '<=' | '>' | '>=' | '!=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
const OPS: Record<Op, string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  '!=': 'NOT_EQUAL',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

const where = (field: string, op: Op, value: unknown): Json => ({
  fieldFilter: { field: { fieldPath: field }, op: OPS[op], value: v(value) },
});
const and = (...filters: Json[]): Json => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Json[]): Json => ({ compositeFilter: { op: 'OR', filters } });
const order = (field: string, direction: 'asc' | 'desc' = 'asc'): Json => ({
  field: { fieldPath: field },
  direction: direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
});

interface Shape {
  group?: boolean;
  where?: Json[];
  orderBy?: Json[];
}

function structured(collection: string, shape: Shape): Json {
  const filters = shape.where ?? [];
  return {
    from: [{ collectionId: collection, allDescendants: shape.group ?? false }],
    ...(filters.length === 0 ? {} : { where: filters.length === 1 ? filters[0] : and(...filters) }),
    ...(shape.orderBy ? { orderBy: shape.orderBy } : {}),
  };
}

function plan(config: IndexConfig, collection: string, shape: Shape = {}) {
  return planQuery(config, {
    collectionId: collection,
    allDescendants: shape.group ?? false,
    structuredQuery: structured(collection, shape),
  });
}

const served = (config: IndexConfig, collection: string, shape: Shape) =>
  plan(config, collection, shape).served;

/** The index entry the planner asks for. */
function missing(config: IndexConfig, collection: string, shape: Shape): Json {
  const p = plan(config, collection, shape);
  assert.equal(p.served, false, 'expected the query to need an index');
  return p.served ? {} : { [p.section]: p.entry };
}

type F = [string, 'asc' | 'desc' | 'contains'];
const field = ([fieldPath, mode]: F): Json =>
  mode === 'contains'
    ? { fieldPath, arrayConfig: 'CONTAINS' }
    : { fieldPath, order: mode === 'asc' ? 'ASCENDING' : 'DESCENDING' };
const composite = (collectionGroup: string, fields: F[], queryScope = 'COLLECTION'): Json => ({
  collectionGroup,
  queryScope,
  fields: fields.map(field),
});
const config = (indexes: Json[], fieldOverrides: Json[] = []): IndexConfig =>
  parseIndexConfig({ indexes, fieldOverrides });

const NONE = EMPTY_INDEX_CONFIG;

describe('index planner: automatic single-field indexes', () => {
  it('serves one equality, range, array-contains or orderBy field without any composite index', () => {
    assert.ok(served(NONE, 'cities', { where: [where('state', '==', 'CA')] }));
    assert.ok(served(NONE, 'cities', { where: [where('population', '<', 100000)] }));
    assert.ok(served(NONE, 'cities', { where: [where('name', '>=', 'San Francisco')] }));
    assert.ok(
      served(NONE, 'cities', { where: [where('regions', 'array-contains', 'west_coast')] }),
    );
    assert.ok(served(NONE, 'cities', { where: [where('country', 'in', ['USA', 'Japan'])] }));
    assert.ok(
      served(NONE, 'cities', { where: [where('regions', 'array-contains-any', ['west'])] }),
    );
    assert.ok(served(NONE, 'cities', { orderBy: [order('population', 'desc')] }));
    assert.ok(
      served(NONE, 'cities', {
        where: [where('population', '>', 1)],
        orderBy: [order('population', 'desc')],
      }),
    );
    assert.ok(served(NONE, 'cities', {}), 'no filter, ordered by name: the built-in index');
  });

  it('merges single-field indexes for equalities on several fields (no orderBy)', () => {
    assert.ok(
      served(NONE, 'cities', {
        where: [where('state', '==', 'CO'), where('name', '==', 'Denver')],
      }),
    );
    assert.ok(
      served(NONE, 'cities', {
        where: [
          where('state', '==', 'CA'),
          where('capital', '==', false),
          where('regions', 'array-contains', 'west'),
        ],
      }),
    );
    assert.ok(
      served(NONE, 'cities', {
        where: [where('state', '==', 'CA'), where('country', 'in', ['USA'])],
      }),
    );
  });

  it('an orderBy on a field fixed by equality needs nothing more', () => {
    assert.ok(
      served(NONE, 'cities', { where: [where('state', '==', 'CA')], orderBy: [order('state')] }),
    );
  });

  it('filters and orders on the document name use the built-in index', () => {
    const name = { referenceValue: `${ROOT}/cities/SF` };
    const byName = {
      fieldFilter: { field: { fieldPath: '__name__' }, op: 'GREATER_THAN', value: name },
    };
    assert.ok(served(NONE, 'cities', { where: [byName], orderBy: [order('__name__', 'desc')] }));
    assert.ok(
      served(NONE, 'cities', {
        where: [where('state', '==', 'CA')],
        orderBy: [order('__name__', 'desc')],
      }),
    );
  });
});

describe('index planner: composite indexes', () => {
  it('equality plus a range or order on another field needs (equality field, other field)', () => {
    const shape = { where: [where('state', '==', 'CA'), where('population', '<', 1000000)] };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['state', 'asc'],
        ['population', 'asc'],
      ]),
    });
    assert.ok(
      served(
        config([
          composite('cities', [
            ['state', 'asc'],
            ['population', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
    // The equality field's direction in the index does not matter.
    assert.ok(
      served(
        config([
          composite('cities', [
            ['state', 'desc'],
            ['population', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
  });

  it('the orderBy direction must match: (a ASC, b ASC) does not serve orderBy b desc', () => {
    const shape = { where: [where('state', '==', 'CA')], orderBy: [order('population', 'desc')] };
    assert.ok(
      !served(
        config([
          composite('cities', [
            ['state', 'asc'],
            ['population', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
    assert.ok(
      served(
        config([
          composite('cities', [
            ['state', 'asc'],
            ['population', 'desc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
  });

  it('two orderBy fields need an index with both, in that order', () => {
    const shape = { orderBy: [order('state'), order('population', 'desc')] };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['state', 'asc'],
        ['population', 'desc'],
      ]),
    });
    assert.ok(
      !served(
        config([
          composite('cities', [
            ['population', 'desc'],
            ['state', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
  });

  it('array-contains with an orderBy needs a CONTAINS field first', () => {
    const shape = {
      where: [where('regions', 'array-contains', 'west')],
      orderBy: [order('population')],
    };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['regions', 'contains'],
        ['population', 'asc'],
      ]),
    });
    assert.ok(
      !served(
        config([
          composite('cities', [
            ['regions', 'asc'],
            ['population', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
    const withContains = config([
      composite('cities', [
        ['regions', 'contains'],
        ['population', 'asc'],
      ]),
    ]);
    assert.ok(served(withContains, 'cities', shape));
    const any = {
      where: [where('regions', 'array-contains-any', ['west', 'east'])],
      orderBy: [order('population')],
    };
    assert.ok(served(withContains, 'cities', any));
  });

  it('in is an equality for index purposes', () => {
    const shape = {
      where: [where('country', 'in', ['USA', 'Japan'])],
      orderBy: [order('population', 'desc')],
    };
    assert.ok(
      served(
        config([
          composite('cities', [
            ['country', 'asc'],
            ['population', 'desc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
  });

  it('an index with an extra field between does not serve', () => {
    const shape = { where: [where('state', '==', 'CA')], orderBy: [order('population')] };
    const index = composite('cities', [
      ['state', 'asc'],
      ['name', 'asc'],
      ['population', 'asc'],
    ]);
    assert.ok(!served(config([index]), 'cities', shape));
  });
});

describe('index planner: index merging', () => {
  // The documented restaurant example: one (field, star_rating) index per filterable field.
  const restaurants = config([
    composite('restaurants', [
      ['category', 'asc'],
      ['star_rating', 'desc'],
    ]),
    composite('restaurants', [
      ['city', 'asc'],
      ['star_rating', 'desc'],
    ]),
    composite('restaurants', [
      ['price', 'asc'],
      ['star_rating', 'desc'],
    ]),
  ]);
  const byRating = [order('star_rating', 'desc')];

  it('serves any combination of the equality fields sharing the same ordered suffix', () => {
    for (const fields of [['category'], ['city', 'price'], ['category', 'city', 'price']]) {
      const shape = { where: fields.map((f) => where(f, '==', 'x')), orderBy: byRating };
      assert.ok(served(restaurants, 'restaurants', shape), fields.join(' + '));
    }
  });

  it('serves a range on the shared suffix field too', () => {
    const shape = {
      where: [
        where('category', '==', 'x'),
        where('city', '==', 'y'),
        where('star_rating', '>=', 3),
      ],
      orderBy: byRating,
    };
    assert.ok(served(restaurants, 'restaurants', shape));
  });

  it('refuses when one equality field has no index with that suffix, and asks for the whole index', () => {
    const shape = {
      where: [where('category', '==', 'x'), where('cuisine', '==', 'thai')],
      orderBy: byRating,
    };
    assert.deepEqual(missing(restaurants, 'restaurants', shape), {
      indexes: composite('restaurants', [
        ['category', 'asc'],
        ['cuisine', 'asc'],
        ['star_rating', 'desc'],
      ]),
    });
    const ascending = { where: [where('category', '==', 'x')], orderBy: [order('star_rating')] };
    assert.ok(!served(restaurants, 'restaurants', ascending), 'suffix direction differs');
  });
});

describe('index planner: inequalities on several fields', () => {
  it('orders by the inequality fields by field path and needs that index', () => {
    const shape = { where: [where('population', '>', 1000000), where('density', '<', 10000)] };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['density', 'asc'],
        ['population', 'asc'],
      ]),
    });
    assert.ok(
      !served(
        config([
          composite('cities', [
            ['population', 'asc'],
            ['density', 'asc'],
          ]),
        ]),
        'cities',
        shape,
      ),
    );
  });

  it('explicit orderBy first, then the other inequality fields in the last direction', () => {
    const shape = {
      where: [where('population', '>', 1000000), where('density', '<', 10000)],
      orderBy: [order('population', 'desc')],
    };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['population', 'desc'],
        ['density', 'desc'],
      ]),
    });
  });

  it('!= and not-in are inequalities', () => {
    const shape = { where: [where('state', '==', 'CA'), where('country', '!=', 'USA')] };
    assert.deepEqual(missing(NONE, 'cities', shape), {
      indexes: composite('cities', [
        ['state', 'asc'],
        ['country', 'asc'],
      ]),
    });
    assert.ok(served(NONE, 'cities', { where: [where('country', 'not-in', ['USA', 'Japan'])] }));
  });
});

describe('index planner: __name__ direction', () => {
  it('an index implicitly ends with __name__ in its last field direction', () => {
    const index = config([
      composite('cities', [
        ['state', 'asc'],
        ['population', 'desc'],
      ]),
    ]);
    const implicit = {
      where: [where('state', '==', 'CA')],
      orderBy: [order('population', 'desc')],
    };
    assert.ok(served(index, 'cities', implicit));
    const explicitAsc = {
      ...implicit,
      orderBy: [order('population', 'desc'), order('__name__', 'asc')],
    };
    assert.ok(!served(index, 'cities', explicitAsc));
    const entry = missing(index, 'cities', explicitAsc);
    assert.deepEqual(entry, {
      indexes: {
        collectionGroup: 'cities',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'state', order: 'ASCENDING' },
          { fieldPath: 'population', order: 'DESCENDING' },
          { fieldPath: '__name__', order: 'ASCENDING' },
        ],
      },
    });
    assert.ok(served(config([entry.indexes as Json]), 'cities', explicitAsc));
  });
});

describe('index planner: collection group scope', () => {
  it('no single-field index is automatic in collection group scope: an exemption enables one', () => {
    const shape = { group: true, where: [where('type', '==', 'museum')] };
    assert.ok(served(NONE, 'landmarks', { group: true }), 'no filter: built-in');
    const entry = missing(NONE, 'landmarks', shape);
    assert.deepEqual(entry, {
      fieldOverrides: {
        collectionGroup: 'landmarks',
        fieldPath: 'type',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
          { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    });
    const enabled = config([], [entry.fieldOverrides as Json]);
    assert.ok(served(enabled, 'landmarks', shape));
    assert.ok(
      served(enabled, 'landmarks', { where: [where('type', '==', 'museum')] }),
      'collection scope kept',
    );
  });

  it('composite indexes serve only their own scope', () => {
    const shape = { where: [where('type', '==', 'museum')], orderBy: [order('name')] };
    const collectionScoped = config([
      composite('landmarks', [
        ['type', 'asc'],
        ['name', 'asc'],
      ]),
    ]);
    const groupScoped = config([
      composite(
        'landmarks',
        [
          ['type', 'asc'],
          ['name', 'asc'],
        ],
        'COLLECTION_GROUP',
      ),
    ]);
    assert.ok(served(collectionScoped, 'landmarks', shape));
    assert.ok(!served(collectionScoped, 'landmarks', { ...shape, group: true }));
    assert.ok(served(groupScoped, 'landmarks', { ...shape, group: true }));
    assert.ok(!served(groupScoped, 'landmarks', shape));
    assert.ok(!served(collectionScoped, 'monuments', shape), 'another collection id');
  });
});

describe('index planner: exemptions (fieldOverrides)', () => {
  const exempt = (fieldPath: string, indexes: Json[] = []) => ({
    collectionGroup: 'cities',
    fieldPath,
    indexes,
  });

  it('an exempted field serves neither its equality, its order nor a merge', () => {
    const c = config([], [exempt('description')]);
    assert.ok(!served(c, 'cities', { where: [where('description', '==', 'x')] }));
    assert.ok(!served(c, 'cities', { orderBy: [order('description')] }));
    assert.ok(
      !served(c, 'cities', {
        where: [where('state', '==', 'CA'), where('description', '==', 'x')],
      }),
    );
    assert.ok(
      served(c, 'cities', { where: [where('state', '==', 'CA')] }),
      'other fields keep theirs',
    );
    assert.ok(
      served(c, 'towns', { where: [where('description', '==', 'x')] }),
      'other collections too',
    );
  });

  it('keeping only some modes: ascending kept, array-contains dropped', () => {
    const c = config([], [exempt('tags', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }])]);
    assert.ok(served(c, 'cities', { where: [where('tags', '==', ['a'])] }));
    assert.ok(!served(c, 'cities', { where: [where('tags', 'array-contains', 'a')] }));
  });

  it('a map field exemption covers its subfields unless they have their own; * covers the rest', () => {
    const c = config(
      [],
      [
        exempt('address'),
        exempt('address.city', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }]),
      ],
    );
    assert.ok(!served(c, 'cities', { where: [where('address.street', '==', 'x')] }));
    assert.ok(served(c, 'cities', { where: [where('address.city', '==', 'x')] }));
    const star = config(
      [],
      [exempt('*'), exempt('state', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }])],
    );
    assert.ok(!served(star, 'cities', { where: [where('name', '==', 'x')] }));
    assert.ok(served(star, 'cities', { where: [where('state', '==', 'x')] }));
  });

  it('composite indexes are not affected by exemptions', () => {
    const c = config(
      [
        composite('cities', [
          ['description', 'asc'],
          ['population', 'asc'],
        ]),
      ],
      [exempt('description')],
    );
    assert.ok(
      served(c, 'cities', {
        where: [where('description', '==', 'x')],
        orderBy: [order('population')],
      }),
    );
  });
});

describe('index planner: OR queries', () => {
  it('each disjunction of the normal form needs its own index', () => {
    assert.ok(
      served(NONE, 'cities', {
        where: [or(where('state', '==', 'CA'), where('capital', '==', true))],
      }),
    );
    const shape = {
      where: [or(where('state', '==', 'CA'), where('capital', '==', true))],
      orderBy: [order('population', 'desc')],
    };
    const one = config([
      composite('cities', [
        ['state', 'asc'],
        ['population', 'desc'],
      ]),
    ]);
    assert.deepEqual(missing(one, 'cities', shape), {
      indexes: composite('cities', [
        ['capital', 'asc'],
        ['population', 'desc'],
      ]),
    });
    const both = config([
      composite('cities', [
        ['state', 'asc'],
        ['population', 'desc'],
      ]),
      composite('cities', [
        ['capital', 'asc'],
        ['population', 'desc'],
      ]),
    ]);
    assert.ok(served(both, 'cities', shape));
    // (a OR b) AND c distributes into (a AND c) OR (b AND c).
    const distributed = {
      where: [
        or(where('state', '==', 'CA'), where('capital', '==', true)),
        where('country', '==', 'USA'),
      ],
    };
    assert.ok(served(NONE, 'cities', distributed));
  });
});

describe('index planner: the suggested entry serves the query', () => {
  function rng(seed: number): () => number {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
  }

  it('on 500 random queries, adding the entries asked for until served takes one per disjunction', () => {
    const random = rng(11);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const fields = ['a', 'b', 'c', 'm.x', 'tags'];
    const ops: Op[] = ['==', '==', 'in', '<', '>=', '!=', 'array-contains', 'array-contains-any'];
    const filter = (): Json => {
      const op = pick(ops);
      const f = op.startsWith('array') ? 'tags' : pick(fields.filter((x) => x !== 'tags'));
      return where(f, op, op === 'in' || op === 'array-contains-any' ? [1, 2] : 1);
    };
    let needed = 0;
    for (let n = 0; n < 500; n++) {
      const isArray = (f: Json) => String((f.fieldFilter as Json).op).startsWith('ARRAY');
      // The SDKs allow one array-contains(-any) per query.
      const conjunction = Array.from({ length: 1 + Math.floor(random() * 3) }, filter).filter(
        (f, i, all) => !isArray(f) || all.findIndex(isArray) === i,
      );
      const where_ = random() < 0.2 ? [or(conjunction[0]!, filter())] : conjunction;
      const orderBy =
        random() < 0.6 ? [order(pick(['b', 'c', 'd']), pick(['asc', 'desc'] as const))] : [];
      if (random() < 0.15) orderBy.push(order('__name__', pick(['asc', 'desc'] as const)));
      const shape: Shape = { group: random() < 0.2, where: where_, orderBy };
      const indexes: Json[] = [];
      const overrides: Json[] = [];
      for (let attempt = 0; ; attempt++) {
        assert.ok(attempt <= 2, `no convergence for ${JSON.stringify(structured('c', shape))}`);
        const p = plan(config(indexes, overrides), 'c', shape);
        if (p.served) break;
        (p.section === 'indexes' ? indexes : overrides).push(p.entry);
        needed++;
      }
    }
    assert.ok(needed > 200, `only ${needed} queries needed an index`);
  });
});

describe('index config: firestore.indexes.json', () => {
  it('reads a valid file: __name__ implicit or explicit, vector indexes skipped, TTL overrides kept', () => {
    const c = parseIndexFile(
      JSON.stringify({
        indexes: [
          composite('a', [
            ['x', 'asc'],
            ['y', 'desc'],
          ]),
          {
            ...composite('a', [
              ['x', 'asc'],
              ['y', 'desc'],
            ]),
            fields: [
              field(['x', 'asc']),
              field(['y', 'desc']),
              { fieldPath: '__name__', order: 'ASCENDING' },
            ],
          },
          composite('a', [
            ['t', 'contains'],
            ['y', 'asc'],
          ]),
          {
            collectionGroup: 'a',
            queryScope: 'COLLECTION',
            fields: [{ fieldPath: 'e', vectorConfig: { dimension: 3, flat: {} } }],
          },
        ],
        fieldOverrides: [{ collectionGroup: 'p', fieldPath: 'expiresAt', ttl: true, indexes: [] }],
      }),
    );
    assert.deepEqual(
      c.composites.map((i) => i.nameDirection),
      ['DESCENDING', 'ASCENDING', 'ASCENDING'],
    );
    assert.equal(c.overrides.length, 1);
  });

  it('names the bad entry of a broken file', () => {
    const bad: [unknown, RegExp][] = [
      ['[]', /JSON object/],
      ['{"indexes": {}}', /"indexes" must be an array/],
      [
        '{"indexes": [{"queryScope": "COLLECTION", "fields": []}]}',
        /indexes\[0\]\.collectionGroup/,
      ],
      [
        '{"indexes": [{"collectionGroup": "a", "queryScope": "X", "fields": [{"fieldPath": "a", "order": "ASCENDING"}]}]}',
        /queryScope must be COLLECTION or COLLECTION_GROUP/,
      ],
      [
        '{"indexes": [{"collectionGroup": "a", "fields": [{"fieldPath": "a", "order": "UP"}]}]}',
        /indexes\[0\]\.fields\[0\]\.order must be ASCENDING or DESCENDING/,
      ],
      [
        '{"indexes": [{"collectionGroup": "a", "fields": [{"fieldPath": "a"}]}]}',
        /exactly one of order, arrayConfig/,
      ],
      [
        '{"indexes": [{"collectionGroup": "a", "fields": [{"fieldPath": "__name__", "order": "ASCENDING"}, {"fieldPath": "a", "order": "ASCENDING"}]}]}',
        /__name__ may only be the last field/,
      ],
      [
        '{"indexes": [{"collectionGroup": "a", "fields": [{"fieldPath": "a..b", "order": "ASCENDING"}]}]}',
        /invalid field path/,
      ],
      [
        '{"fieldOverrides": [{"collectionGroup": "a", "fieldPath": "b", "ttl": "yes"}]}',
        /fieldOverrides\[0\]\.ttl must be a boolean/,
      ],
      ['{"indexes": [', /not valid JSON/],
    ];
    for (const [text, message] of bad)
      assert.throws(
        () => parseIndexFile(text as string),
        (e: unknown) => e instanceof IndexConfigError && message.test(e.message),
        String(text),
      );
    assert.throws(() => parseIndexFile(' '.repeat(1024 * 1024 + 1)), /larger than/);
  });

  it('the message names the file and carries the entry as JSON', () => {
    const p = plan(NONE, 'cities', {
      where: [where('state', '==', 'CA')],
      orderBy: [order('population')],
    });
    assert.equal(p.served, false);
    if (p.served) return;
    const message = missingIndexMessage(p, '/x/firestore.indexes.json');
    assert.match(
      message,
      /The query requires an index\. Add this entry to the "indexes" array of \/x\/firestore\.indexes\.json:/,
    );
    assert.deepEqual(JSON.parse(message.slice(message.indexOf('{'))), p.entry);
  });
});

describe('engine: index enforcement', () => {
  const needsIndex = {
    from: [{ collectionId: 'cities' }],
    where: where('state', '==', 'CA'),
    orderBy: [order('population', 'desc')],
  };

  it('is off by default, as in the official emulator', async () => {
    const e = newEngine();
    await set(e, 'cities/sf', { state: 'CA', population: 1 });
    assert.deepEqual(await query(e, needsIndex), ['cities/sf']);
  });

  it('refuses RunQuery, RunAggregationQuery and Listen targets that need a missing index, also for the owner', async () => {
    const e = newEngine();
    await set(e, 'cities/sf', { state: 'CA', population: 1 });
    e.indexes.set(NONE, 'firestore.indexes.json');
    const error = await rejects(
      query(e, needsIndex),
      GrpcCode.FAILED_PRECONDITION,
      /requires an index/,
    );
    assert.match(error.message, /"fieldPath": "population",\s+"order": "DESCENDING"/);
    await rejects(
      e.runAggregationQuery(owner, {
        parent: ROOT,
        structuredAggregationQuery: {
          structuredQuery: needsIndex,
          aggregations: [{ alias: 'n', count: {} }],
        },
      }),
      GrpcCode.FAILED_PRECONDITION,
      /requires an index/,
    );
    const sink = new RecordingSink();
    const stream = e.openListen(owner, sink);
    stream.receive({
      database: DATABASE,
      addTarget: { targetId: 2, query: { parent: ROOT, structuredQuery: needsIndex } },
    });
    const [removal] = sink.take();
    assert.equal((removal?.targetChange as Json).targetChangeType, 'REMOVE');
    assert.equal(
      ((removal?.targetChange as Json).cause as Json).code,
      GrpcCode.FAILED_PRECONDITION,
    );
    // Queries the automatic indexes serve still run.
    assert.deepEqual(
      await query(e, { from: [{ collectionId: 'cities' }], where: where('state', '==', 'CA') }),
      ['cities/sf'],
    );
  });

  it('serves the query once the index is loaded', async () => {
    const e = newEngine();
    await set(e, 'cities/sf', { state: 'CA', population: 1 });
    e.indexes.set(
      config([
        composite('cities', [
          ['state', 'asc'],
          ['population', 'desc'],
        ]),
      ]),
    );
    assert.deepEqual(await query(e, needsIndex), ['cities/sf']);
  });
});
