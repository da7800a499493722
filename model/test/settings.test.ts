import assert from 'node:assert/strict';
import {
  DECLINE_REASONS,
  DEFAULT_SETTING_VALUES,
  INCIDENT_TYPES,
  INCIDENT_TYPES_MAX,
  RESOLVE_CODES,
  declineReasonsOf,
  incidentTypeKeyFor,
  resolveCodesOf,
  toStoredIncidentTypes,
  RESPONSE_TARGETS,
  campusesOf,
  escalationConditionOf,
  incidentTypeLabel,
  incidentTypesOf,
  offeredIncidentTypes,
  proposedClassification,
  responseTargetFor,
  responseTargetsOf,
  saveSettingSchema,
  toStoredCampuses,
  type ResponseTarget,
  type StoredIncidentType,
  type TargetLevel,
} from '../src/index';
import { DEMO_CAMPUSES } from '../src/demo';

const problems = (input: unknown) => {
  const parsed = saveSettingSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('settings: response targets', () => {
  const targets = () =>
    structuredClone(DEFAULT_SETTING_VALUES.responseTargets.targets) as Record<
      TargetLevel,
      ResponseTarget
    >;

  it('accepts the defaults and reads a saved setting in place of them', () => {
    assert.deepEqual(problems({ setting: 'responseTargets', value: { targets: targets() } }), []);
    const changed = targets();
    changed.Critical.assignWithinMinutes = 2;
    const read = responseTargetsOf({ targets: changed });
    assert.equal(responseTargetFor('Critical', read).assignWithinMinutes, 2);
    assert.equal(responseTargetFor('Critical').assignWithinMinutes, 5, 'defaults untouched');
  });

  it('refuses minutes out of bounds, fractions, a missing level and assign after respond', () => {
    const zero = targets();
    zero.High.assignWithinMinutes = 0;
    assert.match(
      problems({ setting: 'responseTargets', value: { targets: zero } })[0]!,
      /at least 1/,
    );
    const huge = targets();
    huge.Low.respondWithinMinutes = 10_081;
    assert.match(
      problems({ setting: 'responseTargets', value: { targets: huge } })[0]!,
      /at most 10080/,
    );
    const half = targets();
    half.Low.respondWithinMinutes = 1.5;
    assert.match(
      problems({ setting: 'responseTargets', value: { targets: half } })[0]!,
      /whole minutes/,
    );
    const { Unrated: _u, ...missing } = targets();
    assert.notDeepEqual(problems({ setting: 'responseTargets', value: { targets: missing } }), []);
    const late = targets();
    late.Moderate = { assignWithinMinutes: 50, respondWithinMinutes: 40 };
    assert.match(
      problems({ setting: 'responseTargets', value: { targets: late } })[0]!,
      /Moderate: a report cannot be due for response before/,
    );
  });

  it('falls back to the defaults for a missing or damaged document', () => {
    assert.equal(responseTargetsOf(undefined), RESPONSE_TARGETS);
    assert.equal(responseTargetsOf({ targets: { Critical: 'soon' } }), RESPONSE_TARGETS);
  });

  it('starts an unassigned escalation at the saved assignment target', () => {
    const changed = targets();
    changed.Unrated.assignWithinMinutes = 3;
    const facts = {
      status: 'Reported',
      isArchived: false,
      threatLevel: null,
      reportedAtMs: 0,
      assignedAtMs: null,
      acknowledgedAtMs: null,
    };
    assert.equal(escalationConditionOf(facts, changed)?.startMs, 3 * 60_000);
  });
});

describe('settings: incident types', () => {
  const types = () => structuredClone(DEFAULT_SETTING_VALUES.incidentTypes.types);
  const save = (types: unknown) => problems({ setting: 'incidentTypes', value: { types } });

  it('adds a type under its first label, relabels and retires one, keeping the keys', () => {
    const read0 = incidentTypesOf({ types: types() });
    const key = incidentTypeKeyFor('Noise complaint', read0);
    assert.equal(key, 'Noise complaint');
    const changed: Record<string, StoredIncidentType> = {
      ...types(),
      [key]: { label: 'Noise complaint', offered: true, clery: 'notCrime', position: 8 },
    };
    changed['Medical Emergency']!.label = 'Medical';
    changed['Fire']!.offered = false;
    changed['Harassment']!.clery = 'stalking';
    assert.deepEqual(save(changed), []);
    const read = incidentTypesOf({ types: changed });
    assert.equal(read.length, 9);
    assert.equal(read[8]!.type, 'Noise complaint', 'kept in position order');
    assert.deepEqual(proposedClassification(read, 'Noise complaint'), {
      isCrime: false,
      offences: [],
    });
    assert.equal(incidentTypeLabel(read, 'Medical Emergency'), 'Medical');
    assert.ok(!offeredIncidentTypes(read).includes('Fire'));
    assert.ok(offeredIncidentTypes(read).includes('Noise complaint'));
    assert.deepEqual(proposedClassification(read, 'Harassment'), {
      isCrime: true,
      offences: [{ offence: 'stalking', bias: null }],
    });
    assert.equal(proposedClassification(read, 'Theft'), null, 'a starter type proposes nothing');
    assert.equal(incidentTypeLabel(read, 'Fire'), 'Fire', 'a retired type keeps its label');
    assert.equal(incidentTypeLabel(read, 'Unknown'), 'Unknown');
    assert.equal(incidentTypeKeyFor('Fire', read), 'Fire 2', 'a saved key is never reused');
  });

  it('refuses shared labels, none offered, too many, long or hidden labels, a hate-only default', () => {
    const shared = types();
    shared['Fire']!.label = 'MEDICAL EMERGENCY';
    assert.match(save(shared).join(), /share/);
    const none = Object.fromEntries(
      Object.entries(types()).map(([k, t]) => [k, { ...t, offered: false }]),
    );
    assert.match(save(none).join(), /at least one/);
    const many = Object.fromEntries(
      Array.from({ length: INCIDENT_TYPES_MAX + 1 }, (_, i) => [
        `Type ${i}`,
        { label: `Type ${i}`, offered: true, clery: null, position: 0 },
      ]),
    );
    assert.match(save(many).join(), /At most 30/);
    const long = types();
    long['Fire']!.label = 'x'.repeat(41);
    assert.match(save(long).join(), /at most 40/);
    const hidden = types();
    hidden['Fire']!.label = 'Fire\u200b';
    assert.match(save(hidden).join(), /invisible/);
    const hateOnly = types();
    (hateOnly['Theft'] as { clery: string }).clery = 'larcenyTheft';
    assert.match(save(hateOnly).join(), /Clery offence/);
    assert.match(save([]).join(), /map by key/);
  });

  it("reads the previous version's list shape, and the defaults when missing", () => {
    assert.deepEqual(offeredIncidentTypes(incidentTypesOf(null)), [...INCIDENT_TYPES]);
    const legacy = INCIDENT_TYPES.map((type) => ({
      type,
      label: type as string,
      offered: type !== 'Fire',
    }));
    legacy[0]!.label = 'Medical';
    const read = incidentTypesOf({ types: legacy });
    assert.equal(incidentTypeLabel(read, 'Medical Emergency'), 'Medical');
    assert.ok(!offeredIncidentTypes(read).includes('Fire'));
    assert.deepEqual(toStoredIncidentTypes(read)['Fire'], {
      label: 'Fire',
      offered: false,
      clery: null,
      position: 1,
    });
  });
});

describe('settings: decline reasons and resolve codes', () => {
  it('saves an edited list and refuses an empty, duplicate, long or too long one', () => {
    const codes = [...RESOLVE_CODES, 'Referred to housing'];
    assert.deepEqual(problems({ setting: 'resolveCodes', value: { codes } }), []);
    assert.deepEqual(resolveCodesOf({ codes }), codes);
    assert.deepEqual(resolveCodesOf(null), [...RESOLVE_CODES]);
    assert.deepEqual(declineReasonsOf({}), [...DECLINE_REASONS]);
    const reasons = (r: unknown) => problems({ setting: 'declineReasons', value: { reasons: r } });
    assert.match(reasons([]).join(), /at least one/);
    assert.match(reasons(['Duplicate', 'duplicate']).join(), /cannot be the same/);
    assert.match(reasons(['x'.repeat(81)]).join(), /at most 80/);
    assert.match(reasons(Array.from({ length: 21 }, (_, i) => `R${i}`)).join(), /At most 20/);
  });
});

describe('settings: campuses', () => {
  const stored = () => toStoredCampuses(DEMO_CAMPUSES);
  const save = (campuses: unknown) => problems({ setting: 'campuses', value: { campuses } });

  it('stores the boundaries as points and reads them back as rings', () => {
    assert.deepEqual(save(stored()), []);
    assert.deepEqual(campusesOf({ campuses: stored() }), [...DEMO_CAMPUSES]);
    assert.deepEqual(DEFAULT_SETTING_VALUES.campuses, { campuses: {} });
    assert.deepEqual(campusesOf(undefined), []);
  });

  it('refuses too few or too many points, bad coordinates and a centre outside', () => {
    const few = stored();
    few['main']!.boundary = few['main']!.boundary.slice(0, 2);
    assert.match(save(few).join(), /at least 3/);
    const many = stored();
    many['north']!.boundary = Array.from({ length: 101 }, () => ({ latitude: 1, longitude: 1 }));
    assert.match(save(many).join(), /at most 100/);
    const bad = stored();
    bad['riverside']!.boundary[0]!.latitude = 91;
    assert.match(save(bad).join(), /Latitude/);
    const away = stored();
    away['main']!.centre = { latitude: 0, longitude: 0 };
    assert.deepEqual(save(away), ['Main Campus: the centre must lie inside the boundary.']);
  });

  it('refuses an unknown field, and more than twelve campuses', () => {
    const extra = stored();
    assert.ok(save({ ...extra, main: { ...extra['main'], colour: 'red' } }).length > 0);
    const { main } = stored();
    const thirteen = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => {
        const shift = i * 0.1;
        return [
          `campus-${i}`,
          {
            ...main!,
            name: `Campus ${i}`,
            shortName: `C${i}`,
            housing: [],
            publicProperty: [],
            centre: { latitude: main!.centre.latitude + shift, longitude: main!.centre.longitude },
            boundary: main!.boundary.map((p) => ({ ...p, latitude: p.latitude + shift })),
          },
        ];
      }),
    );
    assert.deepEqual(save(thirteen), ['An institution has at most 12 campuses.']);
  });

  it('refuses an unknown setting', () => {
    assert.match(problems({ setting: 'theme', value: {} }).join(), /Setting must be/);
  });
});
