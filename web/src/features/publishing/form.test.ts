import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus-safety/model';
import { scheduledDateIso, validatePublication, type PublicationInput } from './form';

const now = new Date('2026-06-01T10:00:00Z');
const base: PublicationInput = {
  title: 'Fire drill',
  text: 'Thursday 3 PM',
  when: 'now',
  scheduledAt: '',
  tags: [],
};
const opts = { now, withTags: true };

describe('article and announcement form', () => {
  it('requires a title and the text', () => {
    const errors = validatePublication({ ...base, title: '', text: '' }, null, opts);
    expect(errors.title).toBe('Title is required.');
    expect(errors.text).toBe('Body is required.');
  });

  it("uses the spec's message for a scheduled date that does not parse", () => {
    expect(
      validatePublication({ ...base, when: 'schedule', scheduledAt: '' }, null, opts).scheduledAt,
    ).toBe(MESSAGES.invalidScheduledDate);
    expect(
      validatePublication({ ...base, when: 'schedule', scheduledAt: 'soon' }, null, opts)
        .scheduledAt,
    ).toBe(MESSAGES.invalidScheduledDate);
  });

  it('refuses a schedule in the past and accepts one in the future', () => {
    expect(
      validatePublication(
        { ...base, when: 'schedule', scheduledAt: '2020-01-01T10:00' },
        null,
        opts,
      ).scheduledAt,
    ).toBe('Choose a time in the future, or publish now.');
    expect(
      validatePublication(
        { ...base, when: 'schedule', scheduledAt: '2026-12-01T10:00' },
        null,
        opts,
      ).scheduledAt,
    ).toBeUndefined();
  });

  it('refuses a schedule more than a year ahead and invisible characters in the title', () => {
    expect(
      validatePublication(
        { ...base, when: 'schedule', scheduledAt: '2030-01-01T10:00' },
        null,
        opts,
      ).scheduledAt,
    ).toBe('Choose a time at most a year from now.');
    expect(validatePublication({ ...base, title: 'Fire \u202Edrill' }, null, opts).title).toBe(
      'Title cannot contain invisible or control characters (found U+202E).',
    );
    expect(
      validatePublication({ ...base, text: 'Line 1\nLine 2' }, null, opts).text,
    ).toBeUndefined();
  });

  it('sends an ISO date only when scheduling', () => {
    expect(scheduledDateIso(base)).toBeNull();
    expect(scheduledDateIso({ ...base, when: 'schedule', scheduledAt: '2030-01-01T10:00' })).toBe(
      // Wall time in the programme zone (Asia/Manila, UTC+8).
      '2030-01-01T02:00:00.000Z',
    );
  });
});
