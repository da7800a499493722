import assert from 'node:assert/strict';
import {
  BIASES,
  CLERY_OFFENCES,
  CRIMINAL_OFFENCES,
  HATE_CRIME_OFFENCES,
  VAWA_OFFENCES,
  VIOLATIONS,
  annualSecurityTables,
  classificationDueBy,
  facilityProblem,
  fireStatistics,
  housingFacilities,
  recordFireSchema,
  classifyIncidentSchema,
  countedOffences,
  crimeLogEntries,
  geographyAt,
  geographyProblem,
  holidaysProblem,
  isInsideBoundary,
  saveCleryCalendarSchema,
  offencesProblem,
  printableEntries,
  nearestCampus,
  reportPlacesOf,
  priorCalendarYears,
  retainUntilOf,
  type ClassifiedOffence,
  type CleryGeography,
  type CleryRecord,
  type CountableFire,
  type CountableRecord,
  type Disposition,
  type PersonCounts,
} from '../src/index';
import { DEMO_CAMPUSES, SECOND_INSTITUTION } from '../src/demo';

const campus = (id: string) => DEMO_CAMPUSES.find((c) => c.id === id)!;

const ZONE = 'Asia/Manila';
const none: PersonCounts = { weapons: 0, drugAbuse: 0, liquorLaw: 0 };
const off = (...offences: ClassifiedOffence['offence'][]): ClassifiedOffence[] =>
  offences.map((offence) => ({ offence, bias: null }));

describe('Clery hierarchy rule', () => {
  it('counts only the most serious of the offences other than sex offences and arson', () => {
    assert.deepEqual(countedOffences(off('burglary', 'robbery', 'aggravatedAssault')), ['robbery']);
    assert.deepEqual(countedOffences(off('motorVehicleTheft', 'burglary')), ['burglary']);
    assert.deepEqual(countedOffences(off('negligentManslaughter', 'robbery')), [
      'negligentManslaughter',
    ]);
  });

  it('counts arson always, and a sex offence beside the most serious other offence', () => {
    assert.deepEqual(countedOffences(off('murder', 'rape', 'robbery', 'arson')), [
      'murder',
      'rape',
      'arson',
    ]);
    assert.deepEqual(countedOffences(off('arson', 'burglary')), ['burglary', 'arson']);
    assert.deepEqual(countedOffences(off('arson')), ['arson']);
  });

  it('counts only the most serious of several sex offences', () => {
    assert.deepEqual(countedOffences(off('fondling', 'rape')), ['rape']);
    assert.deepEqual(countedOffences(off('statutoryRape', 'incest')), ['incest']);
  });

  it('leaves VAWA and hate-crime-only offences out of the criminal offence counts', () => {
    assert.deepEqual(countedOffences(off('stalking', 'domesticViolence')), []);
    assert.deepEqual(countedOffences([{ offence: 'intimidation', bias: 'race' }]), []);
  });

  it('refuses offences that cannot be one classification', () => {
    assert.match(offencesProblem(off('robbery', 'robbery')) ?? '', /twice/);
    assert.match(
      offencesProblem([{ offence: 'negligentManslaughter', bias: 'race' }]) ?? '',
      /cannot be counted as a hate crime/,
    );
    assert.match(offencesProblem(off('vandalism')) ?? '', /choose the bias/);
    assert.equal(offencesProblem([{ offence: 'vandalism', bias: 'religion' }]), null);
  });
});

describe('Clery geography per campus', () => {
  it('puts each housing area inside its campus and each public property strip outside it', () => {
    for (const c of DEMO_CAMPUSES) {
      assert.ok(c.housing.length > 0 && c.publicProperty.length > 0, c.id);
      for (const area of c.housing)
        for (const [latitude, longitude] of area.boundary)
          assert.ok(isInsideBoundary({ latitude, longitude }, c.boundary));
      for (const area of c.publicProperty)
        for (const [latitude, longitude] of area.boundary)
          assert.ok(!isInsideBoundary({ latitude, longitude }, c.boundary));
    }
  });

  it('suggests the geography of a position and none off the grounds', () => {
    const main = campus('main');
    assert.equal(geographyAt(main, { latitude: 14.657, longitude: 121.062 }), 'onCampusHousing');
    assert.equal(geographyAt(main, main.centre), 'onCampus');
    assert.equal(geographyAt(main, { latitude: 14.6492, longitude: 121.065 }), 'publicProperty');
    assert.equal(geographyAt(main, { latitude: 14.7, longitude: 121.0 }), null);
    // Another campus's hall is not this campus's housing.
    assert.equal(geographyAt(main, campus('north').centre), null);
  });

  it('offers a reporter the grounds and every housing building of a campus, each placed inside it', () => {
    for (const institution of [DEMO_CAMPUSES, SECOND_INSTITUTION.campuses])
      for (const c of institution) {
        const places = reportPlacesOf(c);
        assert.deepEqual(
          places.map((p) => p.name),
          [`${c.name} grounds`, ...c.housing.map((h) => h.name)],
        );
        // The report goes to that campus, and staff are proposed that building's geography.
        for (const place of places)
          assert.equal(nearestCampus(place.point, institution)?.campus, c.id);
        assert.ok(places.slice(1).every((p) => geographyAt(c, p.point) === 'onCampusHousing'));
      }
    // The grounds follow the saved campus (Settings).
    const moved = { ...campus('main'), centre: { latitude: 14.6551, longitude: 121.0649 } };
    assert.deepEqual(reportPlacesOf(moved)[0]!.point, moved.centre);
  });

  it("accepts only the campus's own geographies and noncampus properties", () => {
    const [main, north, riverside] = [campus('main'), campus('north'), campus('riverside')];
    assert.equal(geographyProblem(main, 'noncampus', 'Downtown Extension Office'), null);
    assert.match(
      geographyProblem(main, 'noncampus', 'Field Research Station') ?? '',
      /noncampus properties of Main Campus/,
    );
    assert.match(geographyProblem(riverside, 'noncampus', null) ?? '', /no noncampus/);
    assert.match(
      geographyProblem(main, 'onCampus', 'Downtown Extension Office') ?? '',
      /Only a noncampus/,
    );
    assert.equal(geographyProblem(north, 'outside', null), null);
    assert.equal(
      geographyProblem({ ...north, housing: [] }, 'onCampusHousing', null),
      'North Campus has no on-campus student housing geography.',
    );
  });
});

/** Manila is UTC+8 all year: 16:30 UTC on 31 December is already the next year there. */
const at = (iso: string) => Date.parse(iso);

function record(partial: Partial<CountableRecord>): CountableRecord {
  return {
    reportedAt: at('2025-06-01T00:00:00Z'),
    geography: 'onCampus',
    offences: [],
    arrests: none,
    referrals: none,
    disposition: 'Closed - no further action',
    ...partial,
  };
}

describe('annual security report tables', () => {
  it('takes the three calendar years before the current one, in the programme zone', () => {
    assert.deepEqual(priorCalendarYears(at('2026-11-23T00:00:00Z'), ZONE), [2023, 2024, 2025]);
    assert.deepEqual(priorCalendarYears(at('2025-12-31T16:30:00Z'), ZONE), [2023, 2024, 2025]);
  });

  it('counts a hand-built set exactly: hierarchy, housing inside on campus, years, exclusions', () => {
    const records = [
      record({ offences: off('robbery', 'burglary', 'arson'), geography: 'onCampusHousing' }),
      record({ offences: off('murder', 'rape'), geography: 'publicProperty' }),
      record({ offences: off('burglary'), reportedAt: at('2025-12-31T16:30:00Z') }), // 2026 in Manila
      record({ offences: off('burglary'), reportedAt: at('2025-12-31T15:30:00Z') }), // 2025
      record({ offences: off('burglary'), geography: 'outside' }),
      record({ offences: off('burglary'), disposition: 'Unfounded' }),
      record({ offences: off('robbery'), disposition: 'Unfounded', geography: 'noncampus' }),
      record({ arrests: { ...none, weapons: 1 }, disposition: 'Unfounded' }),
      record({
        offences: [
          { offence: 'simpleAssault', bias: 'race' },
          { offence: 'aggravatedAssault', bias: 'race' },
          { offence: 'datingViolence', bias: null },
        ],
        geography: 'noncampus',
      }),
      record({ arrests: { ...none, liquorLaw: 3 }, referrals: { ...none, drugAbuse: 2 } }),
    ];
    const tables = annualSecurityTables(records, [2025, 2026], ZONE);
    const get = (section: string, id: string, year: number) =>
      tables.rows.find((r) => r.section === section && r.id === id)?.counts[year];
    assert.deepEqual(get('criminal', 'robbery', 2025), {
      onCampus: 1,
      onCampusHousing: 1,
      noncampus: 0,
      publicProperty: 0,
    });
    assert.deepEqual(get('criminal', 'burglary', 2025), {
      onCampus: 1,
      onCampusHousing: 0,
      noncampus: 0,
      publicProperty: 0,
    });
    assert.deepEqual(get('criminal', 'burglary', 2026), {
      onCampus: 1,
      onCampusHousing: 0,
      noncampus: 0,
      publicProperty: 0,
    });
    assert.deepEqual(get('criminal', 'arson', 2025), {
      onCampus: 1,
      onCampusHousing: 1,
      noncampus: 0,
      publicProperty: 0,
    });
    assert.equal(get('criminal', 'murder', 2025)?.publicProperty, 1);
    assert.equal(get('criminal', 'rape', 2025)?.publicProperty, 1);
    assert.equal(get('criminal', 'aggravatedAssault', 2025)?.noncampus, 1);
    assert.equal(get('hate', 'simpleAssault:race', 2025)?.noncampus, 1);
    assert.equal(get('hate', 'aggravatedAssault:race', 2025)?.noncampus, 1);
    assert.equal(get('vawa', 'datingViolence', 2025)?.noncampus, 1);
    assert.equal(get('arrests', 'liquorLaw', 2025)?.onCampus, 3);
    assert.equal(get('referrals', 'drugAbuse', 2025)?.onCampus, 2);
    assert.equal(tables.rows.filter((r) => r.section === 'hate').length, 2);
    // Unfounded crime reports leave their categories and count once each as unfounded; an
    // unfounded report of no crime (an arrest only) counts nowhere.
    assert.deepEqual(get('unfounded', 'crimes', 2025), {
      onCampus: 1,
      onCampusHousing: 0,
      noncampus: 1,
      publicProperty: 0,
    });
    assert.equal(get('criminal', 'robbery', 2025)?.noncampus, 0);
    assert.equal(get('arrests', 'weapons', 2025)?.onCampus, 0);
  });

  it('matches a brute-force count of 2,000 generated records', function () {
    // 2,000 time zone conversions: well under a second alone, slower on a shared machine.
    this.timeout(20_000);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const geographies: CleryGeography[] = [
      'onCampus',
      'onCampusHousing',
      'noncampus',
      'publicProperty',
      'outside',
    ];
    const records: CountableRecord[] = [];
    for (let i = 0; i < 2000; i++) {
      const offences = new Map<string, ClassifiedOffence>();
      const n = Math.floor(random() * 4);
      for (let k = 0; k < n; k++) {
        const offence = pick(CLERY_OFFENCES);
        const hateable = HATE_CRIME_OFFENCES.includes(offence);
        const bias =
          hateable &&
          (random() < 0.2 ||
            (!CRIMINAL_OFFENCES.includes(offence as never) &&
              !VAWA_OFFENCES.includes(offence as never)))
            ? pick(BIASES)
            : null;
        offences.set(offence, { offence, bias });
      }
      const persons = () =>
        Object.fromEntries(
          VIOLATIONS.map((v) => [v, random() < 0.1 ? Math.floor(random() * 4) : 0]),
        ) as PersonCounts;
      records.push({
        reportedAt: at('2022-06-01T00:00:00Z') + Math.floor(random() * 4 * 365 * 86_400_000),
        geography: pick(geographies),
        offences: [...offences.values()],
        arrests: persons(),
        referrals: persons(),
        disposition: random() < 0.05 ? 'Unfounded' : 'Closed - arrest',
      });
    }
    const years = [2023, 2024, 2025];
    const tables = annualSecurityTables(records, years, ZONE);

    // Brute force, restating the rules by rank: the lowest-ranked non-sex, non-arson offence,
    // the lowest-ranked sex offence, and arson; the year from the local date string.
    const rank = (o: string) => CRIMINAL_OFFENCES.indexOf(o as never);
    const sex = new Set(['rape', 'fondling', 'incest', 'statutoryRape']);
    const yearIn = (ms: number) => Number(new Date(ms + 8 * 3_600_000).toISOString().slice(0, 4));
    const expected = new Map<string, number>();
    const bump = (key: string, by = 1) => expected.set(key, (expected.get(key) ?? 0) + by);
    for (const r of records) {
      const year = yearIn(r.reportedAt);
      if (!years.includes(year) || r.geography === 'outside') continue;
      const cols =
        r.geography === 'onCampusHousing' ? ['onCampus', 'onCampusHousing'] : [r.geography];
      if (r.disposition === 'Unfounded') {
        const crimeReport = r.offences.some(
          (o) =>
            rank(o.offence) >= 0 || o.bias !== null || VAWA_OFFENCES.includes(o.offence as never),
        );
        if (crimeReport) for (const c of cols) bump(`unfounded/crimes/${year}/${c}`);
        continue;
      }
      const criminal = r.offences.map((o) => o.offence).filter((o) => rank(o) >= 0);
      const best = (list: string[]) => list.sort((a, b) => rank(a) - rank(b)).slice(0, 1);
      const counted = [
        ...best(criminal.filter((o) => !sex.has(o) && o !== 'arson')),
        ...best(criminal.filter((o) => sex.has(o))),
        ...criminal.filter((o) => o === 'arson'),
      ];
      for (const c of cols) {
        for (const o of counted) bump(`criminal/${o}/${year}/${c}`);
        for (const o of r.offences) {
          if (o.bias) bump(`hate/${o.offence}:${o.bias}/${year}/${c}`);
          if (VAWA_OFFENCES.includes(o.offence as never)) bump(`vawa/${o.offence}/${year}/${c}`);
        }
        for (const v of VIOLATIONS) {
          bump(`arrests/${v}/${year}/${c}`, r.arrests[v]);
          bump(`referrals/${v}/${year}/${c}`, r.referrals[v]);
        }
      }
    }
    const actual = new Map<string, number>();
    for (const row of tables.rows)
      for (const year of years)
        for (const [column, count] of Object.entries(row.counts[year] ?? {}))
          if (count) actual.set(`${row.section}/${row.id}/${year}/${column}`, count);
    for (const [key, count] of expected) if (count === 0) expected.delete(key);
    assert.ok(expected.size > 100, 'the generated set exercises many cells');
    assert.deepEqual(
      Object.fromEntries([...actual].sort()),
      Object.fromEntries([...expected].sort()),
    );
  });
});

const ts = (ms: number) => ({ toMillis: () => ms, toDate: () => new Date(ms) });

/** A classified crime of the log, with `change` applied. */
function logRecord(id: string, change: Partial<CleryRecord> = {}): CleryRecord {
  return {
    incidentId: id,
    campus: 'main',
    reportedAt: ts(0),
    occurredAt: null,
    isCrime: true,
    offences: [],
    arrests: none,
    referrals: none,
    geography: 'onCampus',
    noncampusProperty: null,
    generalLocation: 'Library',
    nature: 'Theft',
    disposition: 'Closed - arrest',
    withheld: null,
    log: [],
    classifiedAt: ts(0),
    classifiedBy: 'a',
    retainUntil: ts(0),
    ...change,
  } as CleryRecord;
}

describe('daily crime log', () => {
  it('is due by the end of the second business day after the report (weekends skipped)', () => {
    // Friday 2026-11-20 10:00 Manila → due end of Tuesday 2026-11-24 Manila.
    const friday = at('2026-11-20T02:00:00Z');
    assert.equal(classificationDueBy(friday, ZONE), at('2026-11-24T15:59:59.999Z'));
    const wednesday = at('2026-11-18T02:00:00Z');
    assert.equal(classificationDueBy(wednesday, ZONE), at('2026-11-20T15:59:59.999Z'));
  });

  it('flags overdue unclassified entries and prints only crimes that are not withheld', () => {
    const now = at('2026-11-23T04:00:00Z');
    const base = { campus: 'main', incidentType: 'Theft', status: 'Resolved' };
    const incidents = [
      { ...base, id: 'old-open', reportedAt: at('2026-11-10T00:00:00Z') },
      { ...base, id: 'fresh-open', reportedAt: at('2026-11-23T01:00:00Z') },
      { ...base, id: 'crime', reportedAt: at('2026-11-12T00:00:00Z') },
      { ...base, id: 'withheld', reportedAt: at('2026-11-13T00:00:00Z') },
      { ...base, id: 'no-crime', reportedAt: at('2026-11-14T00:00:00Z') },
    ];
    const rec = (id: string, isCrime: boolean, withheld: boolean) =>
      [
        id,
        logRecord(id, {
          isCrime,
          withheld: withheld ? { reason: 'investigation', note: 'x' } : null,
        }),
      ] as const;
    const records = new Map([
      rec('crime', true, false),
      rec('withheld', true, true),
      rec('no-crime', false, false),
    ]);
    const entries = crimeLogEntries(incidents, records, now, ZONE);
    assert.deepEqual(
      entries.map((e) => e.incidentId),
      ['fresh-open', 'no-crime', 'withheld', 'crime', 'old-open'],
    );
    assert.deepEqual(
      entries.filter((e) => e.overdue).map((e) => e.incidentId),
      ['old-open'],
    );
    assert.deepEqual(
      printableEntries(entries).map((e) => e.incidentId),
      ['crime'],
    );
  });

  it('skips the holidays of the calendar when an entry falls due', () => {
    // Friday 2026-11-20 → Monday and Tuesday are the two business days; a holiday on Monday
    // moves the due time to the end of Wednesday 2026-11-25 Manila.
    const friday = at('2026-11-20T02:00:00Z');
    const holidays = new Set(['2026-11-23', '2026-11-29']);
    assert.equal(classificationDueBy(friday, ZONE, holidays), at('2026-11-25T15:59:59.999Z'));
    const now = at('2026-11-25T02:00:00Z');
    const incidents = [
      {
        id: 'r',
        campus: 'main',
        incidentType: 'Theft',
        status: 'Reported',
        reportedAt: friday,
      },
    ];
    assert.equal(crimeLogEntries(incidents, new Map(), now, ZONE)[0]!.overdue, true);
    assert.equal(crimeLogEntries(incidents, new Map(), now, ZONE, holidays)[0]!.overdue, false);
  });

  it('asks for a new disposition once a case classified open has closed', () => {
    const entry = (status: string, disposition: Disposition, isCrime = true) =>
      crimeLogEntries(
        [{ id: 'r', campus: 'main', incidentType: 'Theft', status, reportedAt: 0 }],
        new Map([['r', logRecord('r', { disposition, isCrime })]]),
        0,
        ZONE,
      )[0]!.dispositionToUpdate;
    assert.equal(entry('Processing', 'Open - under investigation'), false);
    assert.equal(entry('Resolved', 'Open - under investigation'), true);
    assert.equal(entry('Declined', 'Open - under investigation'), true);
    assert.equal(entry('Resolved', 'Closed - arrest'), false);
    assert.equal(entry('Resolved', 'Open - under investigation', false), false);
  });

  it('takes a calendar of real, distinct dates, bounded', () => {
    assert.equal(holidaysProblem(['2026-12-25', '2027-01-01']), null);
    assert.match(holidaysProblem(['2026-02-30'])!, /not a date/);
    assert.match(holidaysProblem(['25/12/2026'])!, /not a date/);
    assert.match(holidaysProblem(['2026-12-25', '2026-12-25'])!, /twice/);
    const many = Array.from({ length: 101 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    );
    assert.match(holidaysProblem(many)!, /At most 100/);
    assert.equal(saveCleryCalendarSchema.safeParse({ holidays: ['2026-12-25'] }).success, true);
    assert.equal(saveCleryCalendarSchema.safeParse({ holidays: [25] }).success, false);
    assert.equal(saveCleryCalendarSchema.safeParse({ holidays: [], extra: true }).success, false);
  });
});

describe('classification input and retention', () => {
  const valid = {
    incidentId: 'abc',
    isCrime: true,
    offences: [{ offence: 'robbery', bias: null }],
    arrests: none,
    referrals: none,
    geography: 'onCampus',
    noncampusProperty: null,
    occurredAt: '2026-11-20T10:00:00+08:00',
    generalLocation: 'Library',
    nature: 'Robbery',
    disposition: 'Closed - arrest',
  };
  it('accepts a full classification and parses the time it occurred', () => {
    const parsed = classifyIncidentSchema.parse(valid);
    assert.equal(parsed.occurredAt?.toISOString(), '2026-11-20T02:00:00.000Z');
  });
  it('refuses offences on an incident that is no crime, bad counts and unknown values', () => {
    const bad = (change: object) =>
      !classifyIncidentSchema.safeParse({ ...valid, ...change }).success;
    assert.ok(bad({ isCrime: false }));
    assert.ok(bad({ arrests: { ...none, weapons: -1 } }));
    assert.ok(bad({ arrests: { ...none, weapons: 1.5 } }));
    assert.ok(bad({ offences: [{ offence: 'jaywalking', bias: null }] }));
    assert.ok(bad({ geography: 'moon' }));
    assert.ok(bad({ occurredAt: 'yesterday' }));
    assert.ok(bad({ generalLocation: '' }));
    assert.ok(bad({ disposition: 'Unfounded' }), 'unfounded needs its reason');
    assert.ok(bad({ disposition: 'Unfounded', unfoundedReason: '  ' }));
    assert.ok(bad({ unfoundedReason: 'Baseless' }), 'only an unfounded report has a reason');
    assert.ok(
      classifyIncidentSchema.safeParse({
        ...valid,
        disposition: 'Unfounded',
        unfoundedReason: 'Found baseless by the campus police',
      }).success,
    );
    assert.ok(!bad({ occurredAt: null }));
  });
  it('keeps a record until the start of the seventh year after the year it counts in', () => {
    assert.equal(
      retainUntilOf(at('2025-12-31T16:30:00Z'), ZONE).toISOString(),
      '2033-12-31T16:00:00.000Z',
    );
    assert.equal(
      retainUntilOf(at('2025-06-01T00:00:00Z'), ZONE).toISOString(),
      '2032-12-31T16:00:00.000Z',
    );
  });
});

describe('Clery retention in the deployment files', () => {
  it('puts no TTL policy on Clery records or legal holds', async () => {
    const { readFileSync } = await import('node:fs');
    const indexes = JSON.parse(
      readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8'),
    ) as { fieldOverrides?: { collectionGroup: string; ttl?: boolean }[] };
    const ttl = (indexes.fieldOverrides ?? []).filter((f) => f.ttl).map((f) => f.collectionGroup);
    assert.ok(!ttl.includes('clery_records') && !ttl.includes('legal_holds'), ttl.join(', '));
  });
});

describe('fire log and fire statistics', () => {
  const fire = (change: Partial<CountableFire> = {}): CountableFire => ({
    campus: 'main',
    facility: 'Acacia Residence Hall',
    reportedAt: at('2025-03-02T02:00:00Z'),
    cause: 'Unintentional: cooking',
    injuries: 0,
    deaths: 0,
    damage: '$100–999',
    ...change,
  });

  it('gives every housing facility a row per year, zeros included, and adds each fire up', () => {
    const rows = fireStatistics(
      [
        fire({ injuries: 2, damage: '$1,000–9,999' }),
        fire({ cause: 'Intentional', reportedAt: at('2025-01-10T00:00:00Z'), deaths: 1 }),
        // 31 December 2024 20:00 UTC is 2025 in Manila.
        fire({ reportedAt: at('2024-12-31T20:00:00Z'), cause: 'Undetermined' }),
        fire({ reportedAt: at('2023-06-01T00:00:00Z') }), // outside the years
        fire({ facility: 'Gym' }), // no such facility: counted nowhere
      ],
      DEMO_CAMPUSES,
      [2024, 2025],
      ZONE,
    );
    const facilities = DEMO_CAMPUSES.flatMap((c) => housingFacilities(c));
    assert.equal(rows.length, facilities.length * 2);
    const acacia2025 = rows.find((r) => r.facility === 'Acacia Residence Hall' && r.year === 2025);
    assert.deepEqual(acacia2025, {
      campus: 'main',
      facility: 'Acacia Residence Hall',
      year: 2025,
      fires: 3,
      causes: ['Undetermined', 'Intentional', 'Unintentional: cooking'],
      injuries: 2,
      deaths: 1,
      damage: ['$100–999', '$100–999', '$1,000–9,999'],
    });
    assert.equal(
      rows.find((r) => r.facility === 'Acacia Residence Hall' && r.year === 2024)?.fires,
      0,
    );
  });

  it('logs fires only in a housing facility of the incident’s campus, with whole counts', () => {
    assert.equal(facilityProblem(campus('main'), 'Acacia Residence Hall'), null);
    assert.equal(
      facilityProblem(campus('main'), 'Narra Residence Hall'),
      'Choose a housing facility of Main Campus: Acacia Residence Hall.',
    );
    assert.match(facilityProblem(null, 'Acacia Residence Hall')!, /no campus/);
    assert.equal(
      facilityProblem({ ...campus('riverside'), housing: [] }, 'Molave Residence Hall'),
      'Riverside Campus has no on-campus student housing.',
    );
    const valid = {
      incidentId: 'f1',
      facility: 'Acacia Residence Hall',
      occurredAt: null,
      nature: 'Kitchen fire',
      generalLocation: 'Acacia Residence Hall, 2nd floor',
      cause: 'Unintentional: cooking',
      injuries: 1,
      deaths: 0,
      damage: '$100–999',
    };
    assert.equal(recordFireSchema.safeParse(valid).success, true);
    const bad = (change: object) => !recordFireSchema.safeParse({ ...valid, ...change }).success;
    assert.ok(bad({ injuries: -1 }));
    assert.ok(bad({ deaths: 1.5 }));
    assert.ok(bad({ injuries: 10_001 }));
    assert.ok(bad({ cause: 'Arson by dragons' }));
    assert.ok(bad({ damage: '$5' }));
    assert.ok(bad({ nature: '' }));
    assert.ok(bad({ extra: true }));
  });
});
