import assert from 'node:assert/strict';
import { normalisePhoneNumber, readSecuritySettings, secondFactorSatisfied } from '../src';

describe('second factor for Admins', () => {
  const required = { adminsRequireSecondFactor: true };
  const optional = { adminsRequireSecondFactor: false };

  it('is not required when the settings document or its field is missing or not true', () => {
    assert.deepEqual(readSecuritySettings(undefined), optional);
    assert.deepEqual(readSecuritySettings({}), optional);
    assert.deepEqual(readSecuritySettings({ adminsRequireSecondFactor: 'true' }), optional);
    assert.deepEqual(readSecuritySettings({ adminsRequireSecondFactor: true }), required);
  });

  it('holds back only an Admin without a second factor, and only when required', () => {
    assert.equal(secondFactorSatisfied('Admin', undefined, required), false);
    assert.equal(secondFactorSatisfied('Admin', '', required), false);
    assert.equal(secondFactorSatisfied('Admin', 'phone', required), true);
    assert.equal(secondFactorSatisfied('Admin', undefined, optional), true);
    assert.equal(secondFactorSatisfied('IMT', undefined, required), true);
    assert.equal(secondFactorSatisfied('User', null, required), true);
  });

  it('takes phone numbers in E.164 form, ignoring what people type between digits', () => {
    assert.equal(normalisePhoneNumber(' +63 (912) 555-0100 '), '+639125550100');
    assert.equal(normalisePhoneNumber('+1.650.555.1234'), '+16505551234');
    assert.equal(normalisePhoneNumber('09125550100'), null);
    assert.equal(normalisePhoneNumber('+0123456789'), null);
    assert.equal(normalisePhoneNumber('+1234567890123456'), null);
    assert.equal(normalisePhoneNumber('+63 912 555 01OO'), null);
  });
});
