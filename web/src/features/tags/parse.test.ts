import { describe, expect, it } from 'vitest';
import { describeAddResult } from './api';
import { parseTagInput, tagInputProblem } from './parse';

describe('adding several tags at once', () => {
  it('splits on commas and new lines, trims, and drops blanks and repeats', () => {
    expect(parseTagInput(' Night ,, fire  drill\nnight\n\nParking ')).toEqual([
      'Night',
      'fire drill',
      'Parking',
    ]);
  });

  it('explains problems before sending', () => {
    expect(tagInputProblem([], [])).toBe('Enter at least one tag name.');
    expect(tagInputProblem(['x'.repeat(41)], [])).toMatch(/at most 40 characters/);
    expect(tagInputProblem(['Night', 'parking'], ['night', 'Parking'])).toBe(
      'All of these tags already exist.',
    );
    expect(tagInputProblem(['Night', 'Lab'], ['night'])).toBeUndefined();
  });

  it('summarises what the server added and skipped', () => {
    expect(
      describeAddResult({ added: ['Lab'], skipped: [{ name: 'Night', reason: 'exists' }] }),
    ).toBe('Added: Lab. Skipped: Night (already exists).');
  });
});
