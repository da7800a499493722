import { describe, expect, it } from 'vitest';
import { LIMITS } from '@campus-safety/model';
import { signUpErrorMessage, validateSignUp, type SignUpForm } from './form';

const good: SignUpForm = {
  firstName: 'Rhea',
  lastName: 'Reporter',
  email: 'rhea@mail.test',
  password: 'a long pass 42',
  confirm: 'a long pass 42',
  campus: 'north',
  affiliation: 'student',
};

describe('validateSignUp', () => {
  it('accepts a complete sign-up', () => {
    expect(Object.values(validateSignUp(good)).filter(Boolean)).toEqual([]);
  });

  it('names each problem next to its field', () => {
    const errors = validateSignUp({
      firstName: ' ',
      lastName: 'x'.repeat(LIMITS.name + 1),
      email: 'not-an-email',
      password: 'short',
      confirm: 'other',
      campus: '',
      affiliation: '',
    });
    expect(errors.firstName).toBe('First name is required.');
    expect(errors.lastName).toBe(`Last name must be at most ${LIMITS.name} characters.`);
    expect(errors.email).toBeTruthy();
    expect(errors.password).toBe('Use at least 12 characters.');
    expect(errors.confirm).toBe('The two passwords are not the same.');
    expect(errors.campus).toBe('Choose your campus, or “None of these”.');
    expect(errors.affiliation).toBe('Choose your affiliation: student, faculty, staff or visitor.');
  });

  it('refuses hidden characters in a name (the rules refuse them too)', () => {
    expect(validateSignUp({ ...good, firstName: 'Rh\u200bea' }).firstName).toBeTruthy();
  });
});

describe('signUpErrorMessage', () => {
  it('says an address is taken without a raw Auth code', () => {
    expect(signUpErrorMessage({ code: 'auth/email-already-in-use' })).toMatch(/already exists/);
    expect(signUpErrorMessage({ code: 'auth/odd' })).toBe(
      'Could not create the account. Please try again.',
    );
    expect(signUpErrorMessage(new Error('Your account details were not saved'))).toBe(
      'Your account details were not saved',
    );
  });
});
