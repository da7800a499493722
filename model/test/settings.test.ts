import assert from 'node:assert/strict';
import {
  DEFAULT_SETTING_VALUES,
  INCIDENT_TYPES,
  RESPONSE_TARGETS,
  campusesOf,
  escalationConditionOf,
  incidentTypeLabel,
  incidentTypesOf,
  offeredIncidentTypes,
  responseTargetFor,
  responseTargetsOf,
  saveSettingSchema,
  toStoredCampuses,
  type ResponseTarget,
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

  it('renames and retires a type without leaving the catalog', () => {
    const changed = types();
    changed[0]!.label = 'Medical';
    changed[1]!.offered = false;
    assert.deepEqual(problems({ setting: 'incidentTypes', value: { types: changed } }), []);
    const read = incidentTypesOf({ types: changed });
    assert.equal(incidentTypeLabel(read, 'Medical Emergency'), 'Medical');
    assert.ok(!offeredIncidentTypes(read).includes('Fire'));
    assert.equal(incidentTypeLabel(read, 'Fire'), 'Fire', 'a retired type keeps its label');
    assert.equal(incidentTypeLabel(read, 'Unknown'), 'Unknown');
  });

  it('refuses a type outside the catalog, a duplicate, a missing one, shared labels, none offered', () => {
    const foreign = types();
    foreign[0]!.type = 'Alien' as never;
    assert.match(
      problems({ setting: 'incidentTypes', value: { types: foreign } }).join(),
      /catalog/,
    );
    const twice = types();
    twice[1]!.type = twice[0]!.type;
    assert.match(problems({ setting: 'incidentTypes', value: { types: twice } }).join(), /once/);
    assert.match(
      problems({ setting: 'incidentTypes', value: { types: types().slice(1) } }).join(),
      /once/,
    );
    const shared = types();
    shared[1]!.label = shared[0]!.label.toUpperCase();
    assert.match(problems({ setting: 'incidentTypes', value: { types: shared } }).join(), /share/);
    const none = types().map((t) => ({ ...t, offered: false }));
    assert.match(
      problems({ setting: 'incidentTypes', value: { types: none } }).join(),
      /at least one/,
    );
    const long = types();
    long[0]!.label = 'x'.repeat(41);
    assert.match(
      problems({ setting: 'incidentTypes', value: { types: long } }).join(),
      /at most 40/,
    );
    const hidden = types();
    hidden[0]!.label = 'Fire\u200b';
    assert.match(
      problems({ setting: 'incidentTypes', value: { types: hidden } }).join(),
      /invisible/,
    );
  });

  it('reads the defaults (every catalog type, offered, named as itself) when missing', () => {
    assert.deepEqual(offeredIncidentTypes(incidentTypesOf(null)), [...INCIDENT_TYPES]);
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
