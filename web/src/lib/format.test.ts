import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatMinutes } from './format';

describe('formatDate', () => {
  it("uses the spec's MMM DD YYYY hh:mm:ss A for Dates, Timestamps and ISO strings", () => {
    const date = new Date(2026, 2, 5, 14, 7, 9);
    expect(formatDate(date)).toBe('Mar 05 2026 02:07:09 PM');
    expect(formatDate({ toDate: () => date, toMillis: () => date.getTime() })).toBe(
      'Mar 05 2026 02:07:09 PM',
    );
    expect(formatDate(new Date(2026, 0, 1, 0, 0, 0).toISOString())).toBe('Jan 01 2026 12:00:00 AM');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatMinutes', () => {
  it('reads as minutes, then hours', () => {
    expect(formatMinutes(12.4)).toBe('12 min');
    expect(formatMinutes(65)).toBe('1 h 05 min');
    expect(formatMinutes(null)).toBe('—');
  });
});

describe('formatBytes', () => {
  it('scales units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
