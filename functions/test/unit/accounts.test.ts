import assert from 'node:assert/strict';
import type { UserRecord } from 'firebase-admin/auth';
import { staffDirectoryEntry } from '@campus-safety/model';
import { credentialFingerprint, randomSecret } from '../../src/services/credentials';

function user(fields: Partial<UserRecord>): UserRecord {
  return fields as UserRecord;
}

describe('credentialFingerprint', () => {
  it('changes when the password hash or salt changes, and does not reveal the hash', () => {
    const a = credentialFingerprint(user({ passwordHash: 'h1', passwordSalt: 's1' }));
    const b = credentialFingerprint(user({ passwordHash: 'h1', passwordSalt: 's2' }));
    assert.notEqual(a.passwordFingerprint, b.passwordFingerprint);
    assert.match(a.passwordFingerprint ?? '', /^[0-9a-f]{64}$/);
    assert.equal(
      credentialFingerprint(user({ passwordHash: 'h1', passwordSalt: 's1' })).passwordFingerprint,
      a.passwordFingerprint,
    );
  });
  it('falls back to the token validity time when the hash is redacted', () => {
    const f = credentialFingerprint(
      user({ tokensValidAfterTime: 'Sun, 22 Nov 2026 14:00:00 GMT' }),
    );
    assert.equal(f.passwordFingerprint, null);
    assert.equal(f.tokensValidAfterTime, 'Sun, 22 Nov 2026 14:00:00 GMT');
  });
});

describe('randomSecret', () => {
  it('has the asked length, no look-alike characters, and differs each time', () => {
    const secrets = Array.from({ length: 50 }, () => randomSecret(14));
    for (const secret of secrets) assert.match(secret, /^[a-km-zA-HJ-NP-Z2-9]{14}$/);
    assert.equal(new Set(secrets).size, secrets.length);
  });
});

describe('staffDirectoryEntry', () => {
  const profile = {
    firstName: 'Ana',
    lastName: 'Cruz',
    email: 'ana@campus.test',
    role: 'IMT',
    campus: 'north',
    isArchived: false,
    contactNumber: '+63 900',
    address: '1 Road',
    birthday: '1990-01-01',
    isUsingDefaultPassword: true,
    registrationDate: '2026-11-22T00:00:00.000Z',
    deviceToken: ['t'],
  };

  it('keeps only the assign dialog’s fields', () => {
    assert.deepEqual(staffDirectoryEntry(profile), {
      firstName: 'Ana',
      lastName: 'Cruz',
      firstNameLowerCase: 'ana',
      displayName: 'Ana Cruz',
      email: 'ana@campus.test',
      role: 'IMT',
      campus: 'north',
    });
  });

  it('lists nobody but live staff', () => {
    assert.equal(staffDirectoryEntry({ ...profile, isArchived: true }), null);
    assert.equal(staffDirectoryEntry({ ...profile, role: 'User' }), null);
    assert.equal(staffDirectoryEntry({ ...profile, isArchived: undefined }), null);
    assert.equal(staffDirectoryEntry(undefined), null);
  });
});
