import assert from 'node:assert/strict';
import type { UserRecord } from 'firebase-admin/auth';
import { credentialFingerprint } from '../../src/services/accounts';

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
