import assert from 'node:assert/strict';
import { ROSTER_LIMITS } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import {
  parseRosterCsv,
  planRosterImport,
  rosterContentHash,
  type CurrentRosterPerson,
} from '../../src/domain/roster-import';

const HEADER = 'external_id,name,email,phone,campus,affiliation,language';
const ANA = 'S1,Ana Cruz,Ana.Cruz@Example.edu,0917 123 4567,north campus,Student,fil';
const BEN = 'S2,Ben Reyes,ben@example.edu,+63 917 765 4321,Main Campus,faculty,';

function csv(...rows: string[]) {
  return [HEADER, ...rows].join('\n') + '\n';
}

function problemsOf(text: string) {
  return parseRosterCsv(text, DEMO_CAMPUSES).problems.map((p) => [p.row, p.column, p.message]);
}

function current(text: string, status: CurrentRosterPerson['status'] = 'active') {
  return new Map(
    parseRosterCsv(text, DEMO_CAMPUSES).entries.map(({ entry }) => [
      entry.externalId,
      { contentHash: rosterContentHash(entry), status, email: entry.email, phone: entry.phone },
    ]),
  );
}

describe('parseRosterCsv', () => {
  it('cleans every row: email lower-case, phone in E.164 (default region), campus and affiliation named as the catalog does', () => {
    const parsed = parseRosterCsv(csv(ANA, BEN), DEMO_CAMPUSES);
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.rows, 2);
    assert.deepEqual(parsed.entries[0], {
      row: 2,
      entry: {
        externalId: 'S1',
        name: 'Ana Cruz',
        email: 'ana.cruz@example.edu',
        phone: '+639171234567',
        campus: 'north',
        affiliation: 'student',
        language: 'fil',
      },
    });
    assert.equal(parsed.entries[1]!.entry.language, null);
    assert.equal(parsed.entries[1]!.entry.phone, '+639177654321');
  });

  it('takes the columns in any order and case, without the optional language, and skips blank lines', () => {
    const parsed = parseRosterCsv(
      'Email,NAME,external_id,Phone,campus,affiliation\r\n\r\nx@example.edu,X,E9,,Riverside Campus,visitor\r\n',
      DEMO_CAMPUSES,
    );
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.entries, [
      {
        row: 3,
        entry: {
          externalId: 'E9',
          name: 'X',
          email: 'x@example.edu',
          phone: null,
          campus: 'riverside',
          affiliation: 'visitor',
          language: null,
        },
      },
    ]);
  });

  it('names each problem by row and column: email, phone, campus, affiliation, duplicates', () => {
    assert.deepEqual(
      problemsOf(
        csv(
          ANA,
          'S2,Bad Mail,not-an-email,,Main Campus,staff,',
          'S3,Bad Phone,c@example.edu,12345,Main Campus,staff,',
          'S4,No Campus,d@example.edu,,Moon Campus,staff,',
          'S5,No Kind,e@example.edu,,Main Campus,alumnus,',
          'S1,Twice,f@example.edu,,Main Campus,staff,',
          'S7,Same Mail,ANA.CRUZ@example.edu,,Main Campus,staff,',
          'S8,Same Phone,g@example.edu,+639171234567,Main Campus,staff,',
        ),
      ),
      [
        [3, 'email', 'Invalid email address.'],
        [4, 'phone', 'Invalid phone number "12345".'],
        [
          5,
          'campus',
          'Unknown campus (got "Moon Campus"): use one of Main Campus, North Campus, Riverside Campus.',
        ],
        [
          6,
          'affiliation',
          'Unknown affiliation: use one of student, faculty, staff, visitor. (got "alumnus")',
        ],
        [7, 'external_id', 'Duplicate external id "S1": also on row 2.'],
        [8, 'email', 'Duplicate email "ana.cruz@example.edu": also on row 2.'],
        [9, 'phone', 'Duplicate phone "+639171234567": also on row 2.'],
      ],
    );
  });

  it('bounds each field: a name past 200 characters, an external id that cannot be a key', () => {
    const long = 'n'.repeat(ROSTER_LIMITS.name + 1);
    assert.deepEqual(
      problemsOf(
        csv(
          `S1,${long},a@example.edu,,Main Campus,staff,`,
          'a/b,Slash,b@example.edu,,Main Campus,staff,',
        ),
      ),
      [
        [2, 'name', 'The name is at most 200 characters.'],
        [
          3,
          'external_id',
          'The external id may hold letters, digits, ".", "_" and "-" only, starting with a letter or digit.',
        ],
      ],
    );
  });

  it('refuses a wrong header with the expected columns, and reads no row', () => {
    const unknown = parseRosterCsv(
      'external_id,name,mail,phone,campus,affiliation\nS1,A,a@example.edu,,Main Campus,staff\n',
      DEMO_CAMPUSES,
    );
    assert.equal(unknown.entries.length, 0);
    assert.match(
      unknown.problems[0]!.message,
      /^Unknown column "mail"\. The header must name the columns external_id, name, email/,
    );
    const missing = parseRosterCsv('external_id,name,email,phone,campus\n', DEMO_CAMPUSES);
    assert.match(missing.problems[0]!.message, /^Missing column affiliation\./);
    assert.equal(missing.problems[0]!.row, null);
    assert.match(parseRosterCsv('', DEMO_CAMPUSES).problems[0]!.message, /empty/);
  });

  it('refuses more than 60,000 rows and more than 5 MB before reading any', () => {
    const many = csv(
      ...Array.from(
        { length: ROSTER_LIMITS.rows + 1 },
        (_, i) => `S${i},A,a${i}@example.edu,,Main Campus,staff,`,
      ),
    );
    assert.deepEqual(problemsOf(many), [
      [null, null, 'The file has 60001 rows; at most 60000 are imported at once.'],
    ]);
    const big = HEADER + '\n' + 'x'.repeat(ROSTER_LIMITS.fileBytes);
    assert.match(parseRosterCsv(big, DEMO_CAMPUSES).problems[0]!.message, /larger than 5 MB/);
  });

  it('names a row with the wrong number of cells', () => {
    assert.deepEqual(problemsOf(csv('S1,A,a@example.edu')), [
      [2, null, 'The row has 3 cells; the header has 7.'],
    ]);
  });
});

describe('planRosterImport', () => {
  it('adds every row to an empty roster', () => {
    const plan = planRosterImport(
      parseRosterCsv(csv(ANA, BEN), DEMO_CAMPUSES),
      new Map(),
      'update',
    );
    assert.deepEqual(plan.counts, { rows: 2, add: 2, change: 0, unchanged: 0, retire: 0 });
    assert.deepEqual(plan.problems, []);
  });

  it('finds nothing to do in the same file again', () => {
    const plan = planRosterImport(
      parseRosterCsv(csv(ANA, BEN), DEMO_CAMPUSES),
      current(csv(ANA, BEN)),
      'replace',
    );
    assert.deepEqual(plan.counts, { rows: 2, add: 0, change: 0, unchanged: 2, retire: 0 });
    assert.deepEqual([plan.add, plan.change, plan.retire], [[], [], []]);
  });

  it('changes a row whose content differs, and a retired person named again', () => {
    const edited = BEN.replace('Main Campus', 'North Campus');
    const plan = planRosterImport(
      parseRosterCsv(csv(ANA, edited), DEMO_CAMPUSES),
      current(csv(BEN)),
      'update',
    );
    assert.deepEqual(plan.counts, { rows: 2, add: 1, change: 1, unchanged: 0, retire: 0 });
    assert.equal(plan.change[0]!.entry.campus, 'north');
    const back = planRosterImport(
      parseRosterCsv(csv(BEN), DEMO_CAMPUSES),
      current(csv(BEN), 'retired'),
      'update',
    );
    assert.equal(back.counts.change, 1);
  });

  it('retires the active people a replace leaves out; an update keeps them', () => {
    const roster = current(csv(ANA, BEN));
    const replace = planRosterImport(parseRosterCsv(csv(ANA), DEMO_CAMPUSES), roster, 'replace');
    assert.deepEqual(replace.retire, ['S2']);
    assert.equal(replace.counts.retire, 1);
    assert.deepEqual(
      planRosterImport(parseRosterCsv(csv(ANA), DEMO_CAMPUSES), roster, 'update').retire,
      [],
    );
  });

  it('in an update, a row taking the email or phone of someone who stays is a duplicate', () => {
    const roster = current(csv(BEN));
    const plan = planRosterImport(
      parseRosterCsv(csv('S9,New,BEN@example.edu,+639177654321,Main Campus,staff,'), DEMO_CAMPUSES),
      roster,
      'update',
    );
    assert.deepEqual(
      plan.problems.map((p) => [p.row, p.column, p.message]),
      [
        [2, 'email', 'Duplicate email "ben@example.edu": S2, who stays on the roster, has it.'],
        [2, 'phone', 'Duplicate phone "+639177654321": S2, who stays on the roster, has it.'],
      ],
    );
    // In a replace, S2 is retired by the same file: the address is free.
    assert.deepEqual(
      planRosterImport(
        parseRosterCsv(csv('S9,New,ben@example.edu,,Main Campus,staff,'), DEMO_CAMPUSES),
        roster,
        'replace',
      ).problems,
      [],
    );
  });
});
