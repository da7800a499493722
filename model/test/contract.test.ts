import assert from 'node:assert/strict';
import {
  CALLABLES,
  IMT_NEEDS_CAMPUS,
  PUBLICATION_KINDS,
  createAccountSchema,
  email,
  fieldProblems,
  saveAnnouncementSchema,
  type CallableName,
} from '../src';

const account = {
  firstName: 'Ana',
  lastName: 'Cruz',
  email: 'ana@campus.edu',
  role: 'IMT',
  campus: 'north',
};

describe('callable contract table', () => {
  it('gives every callable a schema, its roles and a failure sentence', () => {
    for (const [name, spec] of Object.entries(CALLABLES)) {
      assert.ok(typeof spec.input.safeParse === 'function', name);
      assert.ok(spec.roles === 'any' || spec.roles.length > 0, name);
      assert.match(spec.failure, /\.$/, name);
    }
  });
  it('leaves account and content management to Admins, tags to staff, password status to anyone', () => {
    const admin: CallableName[] = ['createAccount', 'saveArticle', 'renameTag', 'deleteTag'];
    admin.push('classifyIncident', 'withholdCrimeLogEntry', 'setLegalHold');
    for (const name of admin) assert.deepEqual(CALLABLES[name].roles, ['Admin'], name);
    assert.deepEqual(CALLABLES.addTags.roles, ['Admin', 'IMT']);
    assert.equal(CALLABLES.clearDefaultPassword.roles, 'any');
  });
  it('names each publication kind after a callable of the table', () => {
    for (const kind of Object.values(PUBLICATION_KINDS)) assert.ok(kind.callable in CALLABLES);
  });
});

describe('fieldProblems (the forms read schemas through it)', () => {
  it('is empty for a valid request', () => {
    assert.deepEqual(fieldProblems(createAccountSchema, account), {});
  });
  it('keys the first problem by field', () => {
    const problems = fieldProblems(createAccountSchema, {
      ...account,
      firstName: ' ',
      email: 'nope',
      birthday: '2001-02-30',
    });
    assert.equal(problems.firstName, 'First name is required.');
    assert.equal(problems.email, 'Enter a valid email address.');
    assert.equal(problems.birthday, 'Birthday must be a date like 2001-04-30.');
  });
  it('puts "an IMT needs a campus" on the campus field', () => {
    assert.deepEqual(fieldProblems(createAccountSchema, { ...account, campus: null }), {
      campus: IMT_NEEDS_CAMPUS,
    });
    assert.deepEqual(
      fieldProblems(createAccountSchema, { ...account, role: 'Admin', campus: null }),
      {},
    );
  });
  it('checks a bare email with the same rule', () => {
    assert.deepEqual(fieldProblems(email(), ''), { '': 'Email is required.' });
    assert.deepEqual(fieldProblems(email(), ' Ana@Campus.edu '), {});
  });
  it('refuses tag names in the words of tagNameProblem', () => {
    const problems = fieldProblems(saveAnnouncementSchema, {
      title: 'Drill',
      body: 'Thursday',
      tags: ['a/b'],
    });
    assert.equal(problems.tags, "Tag names cannot contain '/'.");
  });
});
