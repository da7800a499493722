import assert from 'node:assert/strict';
import { sentAs } from '../../src/platform/mail';

describe('mail sender (the institution profile)', () => {
  it("shows the institution's name and keeps the configured address", () => {
    assert.equal(
      sentAs('Campus Safety <no-reply@campus-safety.invalid>', 'Metro University'),
      '"Metro University" <no-reply@campus-safety.invalid>',
    );
    assert.equal(sentAs('alerts@metro.test', 'Metro U'), '"Metro U" <alerts@metro.test>');
  });
  it('cannot break out of the quoted name', () => {
    assert.equal(sentAs('a@b.test', 'Say "hi" \\ bye'), '"Say hi  bye" <a@b.test>');
  });
});
