import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import {
  defaultPasswordState,
  toCreateRequest,
  validateAccount,
  validateRoleCampus,
  type AccountInput,
} from './form';

const valid: AccountInput = {
  firstName: 'Ana',
  lastName: 'Cruz',
  email: 'Ana.Cruz@Campus.edu ',
  contactNumber: '',
  address: '',
  birthday: '',
  role: 'IMT',
  campus: 'north',
};

describe('account form', () => {
  it('requires names, a valid email and a role', () => {
    const errors = validateAccount(
      {
        ...valid,
        firstName: '',
        lastName: ' ',
        email: 'nope',
        role: 'Boss',
      },
      DEMO_CAMPUSES,
    );
    expect(errors.firstName).toBe('First name is required.');
    expect(errors.lastName).toBe('Last name is required.');
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.role).toBe('Choose a role.');
  });

  it('creates staff accounts only: a reporter signs up in the app', () => {
    expect(validateAccount({ ...valid, role: 'User' }, DEMO_CAMPUSES).role).toMatch(
      /reporters create their own accounts in the app/,
    );
    expect(validateAccount({ ...valid, role: 'Admin' }, DEMO_CAMPUSES).role).toBeUndefined();
  });

  it('requires a campus for IMT only', () => {
    expect(validateRoleCampus({ role: 'IMT', campus: '' }, DEMO_CAMPUSES).campus).toBe(
      'IMT members need a campus.',
    );
    expect(validateRoleCampus({ role: 'Admin', campus: '' }, DEMO_CAMPUSES).campus).toBeUndefined();
    expect(validateRoleCampus({ role: 'Admin', campus: 'Moon Campus' }, DEMO_CAMPUSES).campus).toBe(
      'Choose a campus from the list.',
    );
    expect(
      validateRoleCampus({ role: 'IMT', campus: 'north' }, DEMO_CAMPUSES).campus,
    ).toBeUndefined();
    // A retired campus takes no new people.
    const retired = DEMO_CAMPUSES.map((c) => ({ ...c, retired: c.id === 'north' }));
    expect(validateRoleCampus({ role: 'IMT', campus: 'north' }, retired).campus).toBe(
      'Choose a campus from the list.',
    );
  });

  it('builds the createAccount request with a normalised email and no empty extras', () => {
    expect(toCreateRequest(valid)).toEqual({
      firstName: 'Ana',
      lastName: 'Cruz',
      email: 'ana.cruz@campus.edu',
      role: 'IMT',
      campus: 'north',
    });
  });
});

describe('default password state on the Accounts screen', () => {
  const at = (ms: number) => ({ toMillis: () => ms, toDate: () => new Date(ms) });
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('is valid until its expiry, then expired', () => {
    const account = { isUsingDefaultPassword: true, defaultPasswordExpiresAt: at(now + 1000) };
    expect(defaultPasswordState(account, now)).toEqual({
      kind: 'valid',
      until: new Date(now + 1000),
    });
    expect(defaultPasswordState(account, now + 1000)).toEqual({ kind: 'expired' });
  });

  it('counts a default password whose expiry the job cleared as expired', () => {
    expect(
      defaultPasswordState({ isUsingDefaultPassword: true, defaultPasswordExpiresAt: null }, now),
    ).toEqual({ kind: 'expired' });
  });

  it('says nothing is due once the person changed it', () => {
    expect(
      defaultPasswordState(
        { isUsingDefaultPassword: false, defaultPasswordExpiresAt: at(now + 1000) },
        now,
      ),
    ).toEqual({ kind: 'changed' });
  });
});
