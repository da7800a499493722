import assert from 'node:assert/strict';
import { PASSWORD_HINT, PASSWORD_POLICY, passwordProblem } from '../src/index';

describe('the password policy every form uses', () => {
  it('names the first thing wrong with a chosen password', () => {
    assert.equal(passwordProblem('Campus2026'), `Use at least ${PASSWORD_POLICY.min} characters.`);
    assert.equal(
      passwordProblem('a'.repeat(PASSWORD_POLICY.max + 1)),
      `Use at most ${PASSWORD_POLICY.max} characters.`,
    );
    assert.equal(
      passwordProblem(' leading space 1'),
      'The password may not start or end with a space.',
    );
    assert.equal(passwordProblem('abababababab'), 'Use at least 5 different characters.');
    assert.equal(passwordProblem('Another long one 1'), undefined);
  });

  it('says the policy under the field in the same numbers', () => {
    assert.match(
      PASSWORD_HINT,
      new RegExp(`^${PASSWORD_POLICY.min} to ${PASSWORD_POLICY.max} characters`),
    );
  });
});
