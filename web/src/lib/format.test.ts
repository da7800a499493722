import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatMinutes,
  parseDateTimeLocal,
  timeZoneLabel,
  toDateTimeLocal,
  viewerTime,
} from './format';

describe('formatDate', () => {
  it("uses the spec's MMM DD YYYY hh:mm:ss A in the programme zone (Asia/Manila, UTC+8)", () => {
    const date = new Date('2026-03-05T06:07:09Z');
    expect(formatDate(date)).toBe('Mar 05 2026 02:07:09 PM');
    expect(formatDate({ toDate: () => date, toMillis: () => date.getTime() })).toBe(
      'Mar 05 2026 02:07:09 PM',
    );
    expect(formatDate('2025-12-31T16:00:00.000Z')).toBe('Jan 01 2026 12:00:00 AM');
  });

  it('reads datetime-local values as wall time in the programme zone', () => {
    expect(parseDateTimeLocal('2026-12-01T08:30')?.toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(toDateTimeLocal(new Date('2026-12-01T00:30:00Z'))).toBe('2026-12-01T08:30');
    expect(parseDateTimeLocal('2026-02-30T08:30')).toBeNull();
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

describe('the programme zone, said and compared with the viewer’s', () => {
  it('labels the zone with its offset', () => {
    expect(timeZoneLabel(new Date('2026-03-05T06:07:09Z'))).toBe(
      'Times in Asia/Manila (UTC+08:00)',
    );
  });

  it("gives the viewer's own reading only when it differs", () => {
    const date = new Date('2026-03-05T06:07:09Z');
    expect(viewerTime(date, 'America/New_York')).toBe('Mar 05 2026 01:07:09 AM America/New_York');
    expect(viewerTime(date, 'Asia/Manila')).toBeNull();
    // Another zone that reads the same adds nothing.
    expect(viewerTime(date, 'Asia/Singapore')).toBeNull();
    expect(viewerTime(null, 'America/New_York')).toBeNull();
  });
});
