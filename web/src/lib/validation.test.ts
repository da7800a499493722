import { describe, expect, it } from 'vitest';
import { LIMITS } from '@campus-safety/model';
import { emailProblem, imageProblem, requiredText, safeFileName } from './validation';

describe('shared field rules', () => {
  it('checks emails', () => {
    expect(emailProblem('')).toBe('Email is required.');
    expect(emailProblem('a@b')).toBe('Enter a valid email address.');
    expect(emailProblem('a@b.edu')).toBeUndefined();
  });

  it('accepts only listed image types within the size limit', () => {
    expect(imageProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      'Choose a JPEG, PNG, WebP or GIF image.',
    );
    expect(
      imageProblem(new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' })),
    ).toBe('Images must be at most 5 MB.');
    expect(imageProblem(new File(['x'], 'ok.png', { type: 'image/png' }))).toBeUndefined();
    expect(imageProblem(null)).toBeUndefined();
  });

  it('makes storage-safe, unique-ish file names', () => {
    expect(safeFileName('my photo (1).jpg')).toMatch(/^\d+-my_photo_1_.jpg$/);
  });

  it('refuses names and titles with control, zero-width or bidirectional characters', () => {
    expect(requiredText('Ana Cruz', 'First name', 80)).toBeUndefined();
    for (const bad of ['Ana\u0000', 'Ana\u202Egnp', 'A\u200Bna', 'Ana\uFEFF'])
      expect(requiredText(bad, 'First name', 80)).toMatch(
        /^First name cannot contain invisible or control characters \(found U\+[0-9A-F]{4}\)\.$/,
      );
    expect(requiredText('Ana\nCruz', 'First name', 80)).toBe('First name must be a single line.');
    expect(requiredText('', 'First name', 80)).toBe('First name is required.');
  });

  it('keeps stored file names within the rules’ limit, extension kept', () => {
    const name = safeFileName(`${'a'.repeat(500)}.png`);
    expect(name.length).toBe(LIMITS.fileName);
    expect(name.endsWith('.png')).toBe(true);
  });
});
