/**
 * Rules evaluation overhead per request with a given rules file (the scenarios are written for
 * the product's; `npm run bench:rules` at the root passes its firestore.rules).
 * Run: `node --import tsx emulator/src/rules/bench.ts <path/to/firestore.rules> [iterations]`.
 * Prints p50/p99 per scenario (get with role lookups, query judged as a constraint, and a
 * status-changing update that reads several documents).
 */
import { benchSize } from '@campus-safety/testkit/bench';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { AccessRequest, Caller, JsonObject } from '../firestore/service.js';
import { createFirestoreRulesAuthorizer } from './firestore-authorizer.js';

// The package is reusable: which rules to measure is the caller's to say.
const rulesPath = process.argv[2];
if (!rulesPath) {
  console.error('Usage: bench.ts <path/to/firestore.rules> [iterations]');
  process.exit(2);
}
const iterations = Number(process.argv[3] ?? benchSize(5000, 200));

const PROJECT = 'demo-bench';

function value(v: unknown): JsonObject {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(value) } };
  return { mapValue: { fields: fieldsOf(v as Record<string, unknown>) } };
}

function fieldsOf(data: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, value(v)]));
}

function doc(path: string, data: Record<string, unknown>): JsonObject {
  return {
    name: `projects/${PROJECT}/databases/(default)/documents/${path}`,
    fields: fieldsOf(data),
  };
}

const when = new Date('2026-01-01T00:00:00Z');
const store: Record<string, JsonObject> = {
  'users/imt1': doc('users/imt1', {
    firstName: 'I',
    lastName: 'M',
    email: 'imt1@x.test',
    role: 'IMT',
    campus: 'main',
    isArchived: false,
  }),
  // The assignee's directory entry: an assignment must name it exactly.
  'staff_directory/imt1': doc('staff_directory/imt1', {
    displayName: 'I M',
    email: 'imt1@x.test',
    role: 'IMT',
    campus: 'main',
  }),
  'users/app1': doc('users/app1', {
    firstName: 'A',
    lastName: 'U',
    email: 'app1@x.test',
    role: 'User',
    isArchived: false,
  }),
  'incident_reports/r1': doc('incident_reports/r1', {
    timestamp: when,
    geoLoc: { latitude: 1, longitude: 2 },
    nearestCampus: 'main',
    status: 'Reported',
    isArchived: false,
    email: 'app1@x.test',
    reporterId: 'app1',
    incidentType: 'Fire',
    description: 'smoke',
  }),
};

function caller(uid: string, claims: Record<string, unknown>): Caller {
  return { kind: 'user', token: { sub: uid, user_id: uid, email: `${uid}@x.test`, ...claims } };
}

function request(
  c: Caller,
  method: AccessRequest['method'],
  path: string,
  extra: Partial<AccessRequest> = {},
): AccessRequest {
  return {
    ctx: { projectId: PROJECT, databaseId: '(default)', caller: c },
    method,
    path,
    resource: method === 'list' ? null : (store[path] ?? null),
    readBefore: (p) => store[p] ?? null,
    readAfter: (p) => store[p] ?? null,
    ...extra,
  };
}

const imt = caller('imt1', { role: 'IMT', campus: 'main' });
const app = caller('app1', {});
const filter = (field: string, v: unknown): JsonObject => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: value(v) },
});
const updated: JsonObject = {
  ...store['incident_reports/r1']!,
  fields: {
    ...(store['incident_reports/r1']!.fields as JsonObject),
    status: value('Processing'),
    threatLevel: value('High'),
    assignedTo: value({ id: 'imt1', displayName: 'I M', email: 'imt1@x.test' }),
  },
};

const scenarios: { name: string; request: AccessRequest; expectAllowed: boolean }[] = [
  {
    name: 'get own report (app user)',
    request: request(app, 'get', 'incident_reports/r1'),
    expectAllowed: true,
  },
  {
    name: 'list reports of own campus (IMT query)',
    request: request(imt, 'list', 'incident_reports', {
      query: {
        from: [{ collectionId: 'incident_reports' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [filter('nearestCampus', 'main'), filter('isArchived', false)],
          },
        },
        limit: 50,
      },
    }),
    expectAllowed: true,
  },
  {
    name: 'assign report (IMT update)',
    request: request(imt, 'update', 'incident_reports/r1', { requestResource: updated }),
    expectAllowed: true,
  },
  {
    name: 'denied get (other app user)',
    request: request(caller('app2', {}), 'get', 'incident_reports/r1'),
    expectAllowed: false,
  },
];

const authorizer = createFirestoreRulesAuthorizer();
authorizer.load(readFileSync(rulesPath, 'utf8'), rulesPath);

function run(req: AccessRequest): boolean {
  try {
    authorizer.authorize(req);
    return true;
  } catch {
    return false;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

console.log(`rules: ${rulesPath}, ${iterations} iterations per scenario`);
for (const s of scenarios) {
  const outcome = run(s.request);
  if (outcome !== s.expectAllowed)
    console.log(`  note: '${s.name}' was ${outcome ? 'allowed' : 'denied'}, expected the opposite`);
  for (let i = 0; i < 500; i++) run(s.request);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    run(s.request);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${s.name.padEnd(42)} p50 ${(percentile(times, 50) * 1000).toFixed(1)} µs   p99 ${(percentile(times, 99) * 1000).toFixed(1)} µs`,
  );
}
