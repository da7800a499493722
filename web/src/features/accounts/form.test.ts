import { describe, expect, it } from 'vitest';
import { toCreateRequest, validateAccount, validateRoleCampus, type AccountInput } from './form';

const valid: AccountInput = {
  firstName: 'Ana',
  lastName: 'Cruz',
  email: 'Ana.Cruz@Campus.edu ',
  contactNumber: '',
  address: '',
  birthday: '',
  role: 'IMT',
  campus: 'North Campus',
};

describe('account form', () => {
  it('requires names, a valid email and a role', () => {
    const errors = validateAccount({
      ...valid,
      firstName: '',
      lastName: ' ',
      email: 'nope',
      role: 'Boss',
    });
    expect(errors.firstName).toBe('First name is required.');
    expect(errors.lastName).toBe('Last name is required.');
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.role).toBe('Choose a role.');
  });

  it('requires a campus for IMT only', () => {
    expect(validateRoleCampus({ role: 'IMT', campus: '' }).campus).toBe(
      'IMT members need a campus.',
    );
    expect(validateRoleCampus({ role: 'Admin', campus: '' }).campus).toBeUndefined();
    expect(validateRoleCampus({ role: 'Admin', campus: 'Moon Campus' }).campus).toBe(
      'Choose a campus from the list.',
    );
  });

  it('builds the createAccount request with a normalised email and no empty extras', () => {
    expect(toCreateRequest(valid)).toEqual({
      firstName: 'Ana',
      lastName: 'Cruz',
      email: 'ana.cruz@campus.edu',
      role: 'IMT',
      campus: 'North Campus',
    });
  });
});
