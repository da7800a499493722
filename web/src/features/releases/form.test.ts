import { describe, expect, it } from 'vitest';
import { validateRelease } from './form';

const apk = new File(['build'], 'app.apk', { type: 'application/vnd.android.package-archive' });

describe('release upload form', () => {
  it('accepts a version, a higher version code and a file', () => {
    expect(validateRelease({ version: '1.4.0', versionCode: '14', notes: '' }, apk, 13)).toEqual({
      version: undefined,
      versionCode: undefined,
      notes: undefined,
      file: undefined,
    });
  });

  it('explains each problem', () => {
    const errors = validateRelease({ version: 'latest', versionCode: '13', notes: '' }, null, 13);
    expect(errors.version).toBe('Use a version like 1.4.0.');
    expect(errors.versionCode).toBe('Version code must be greater than 13.');
    expect(errors.file).toBe('Choose the build file.');
    expect(
      validateRelease({ version: '1.0', versionCode: '1.5', notes: '' }, apk, 0).versionCode,
    ).toBe('Version code must be a whole number.');
  });
});
