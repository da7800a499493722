import assert from 'node:assert/strict';
import {
  DATE_FORMAT,
  PROGRAMME_TIME_ZONE,
  accomplishmentSnapshot,
  defaultPassword,
  formatInZone,
  fromDateTimeLocal,
  isIsoDay,
  isOneOf,
  isTimeZone,
  minutesBetween,
  parseScheduledDate,
  toDateTimeLocal,
} from '../src';

describe('defaultPassword', () => {
  it('is the first two email characters, #, and the UTC registration date as YYYYMMDD', () => {
    assert.equal(
      defaultPassword('ada@campus.edu', new Date('2026-11-22T14:00:00Z')),
      'ad#20261122',
    );
  });
  it('lower-cases the email as Firebase Auth stores it', () => {
    assert.equal(defaultPassword('  JOhn@x.org', new Date('2026-01-05T00:00:00Z')), 'jo#20260105');
  });
  it('uses the UTC date, not the local one, near midnight', () => {
    assert.equal(defaultPassword('zz@x.org', new Date('2026-03-31T23:59:59Z')), 'zz#20260331');
    assert.equal(defaultPassword('zz@x.org', new Date('2026-04-01T00:00:00Z')), 'zz#20260401');
  });
  it('meets Firebase Auth minimum length of 6', () => {
    assert.ok(defaultPassword('ab@c.de', new Date()).length >= 6);
  });
});

describe('minutesBetween', () => {
  const t0 = Date.parse('2026-11-22T10:00:00Z');
  it('counts whole elapsed minutes, rounding down', () => {
    assert.equal(minutesBetween(t0, t0 + 59_999), 0);
    assert.equal(minutesBetween(t0, t0 + 60_000), 1);
    assert.equal(minutesBetween(t0, t0 + 90 * 60_000 + 30_000), 90);
  });
  it('never goes negative under clock skew', () => {
    assert.equal(minutesBetween(t0, t0 - 120_000), 0);
  });
  it('refuses non-finite instants', () => {
    assert.throws(() => minutesBetween(Number.NaN, t0), RangeError);
  });
});

describe('parseScheduledDate', () => {
  it('parses ISO date-times with Z or offset', () => {
    assert.equal(
      parseScheduledDate('2026-12-01T08:30:00.000Z')?.toISOString(),
      '2026-12-01T08:30:00.000Z',
    );
    assert.equal(
      parseScheduledDate('2026-12-01T08:30:00+02:00')?.toISOString(),
      '2026-12-01T06:30:00.000Z',
    );
    assert.equal(parseScheduledDate('2026-12-01T08:30')?.toISOString(), '2026-12-01T08:30:00.000Z');
  });
  it('parses a plain date as midnight UTC', () => {
    assert.equal(parseScheduledDate('2026-12-01')?.toISOString(), '2026-12-01T00:00:00.000Z');
  });
  it('rejects text, impossible calendar dates and out-of-range times', () => {
    for (const bad of [
      'tomorrow',
      '',
      '12/01/2026',
      '2026-02-30',
      '2026-13-01',
      '2026-12-01T24:00',
      '2026-12-01T10:61',
      '2026-12-01T10:00+25:00',
    ]) {
      assert.equal(parseScheduledDate(bad), null, bad);
    }
  });
  it('accepts 29 February only in leap years', () => {
    assert.ok(parseScheduledDate('2028-02-29'));
    assert.equal(parseScheduledDate('2027-02-29'), null);
  });
});

describe('formatInZone', () => {
  const at = new Date('2026-11-22T14:05:09Z');
  it('follows the model DATE_FORMAT (MMM DD YYYY hh:mm:ss A)', () => {
    assert.equal(formatInZone(at, 'UTC'), 'Nov 22 2026 02:05:09 PM');
  });
  it('formats in the given time zone, with 12 for midnight', () => {
    assert.equal(formatInZone(new Date('2026-01-01T00:00:00Z'), 'UTC'), 'Jan 01 2026 12:00:00 AM');
    assert.equal(formatInZone(at, 'Asia/Manila'), 'Nov 22 2026 10:05:09 PM');
  });
  it('refuses an unknown zone rather than guessing one', () => {
    assert.throws(() => formatInZone(at, 'Mars/Olympus'), /Unknown time zone/);
  });
});

describe('accomplishmentSnapshot', () => {
  const incident = {
    reportedAt: new Date('2026-11-22T14:05:09Z'),
    incidentType: 'Theft',
    geoLoc: { latitude: 14.6, longitude: 121.0 },
    nearestCampus: 'main',
    assignedTo: { id: 'u1', displayName: 'Ana Cruz', email: 'ana@x.edu' },
    threatLevel: 'Low',
  };
  it('carries the incident facts with date and time as the two halves of DATE_FORMAT', () => {
    assert.deepEqual(accomplishmentSnapshot('inc1', incident, undefined, 'UTC'), {
      id: 'inc1',
      date: 'Nov 22 2026',
      time: '02:05:09 PM',
      type: 'Theft',
      latitude: 14.6,
      longitude: 121.0,
      campus: 'main',
      assignee: 'Ana Cruz',
      threatLevel: 'Low',
    });
  });
  it("prefers the accomplishment's threat level", () => {
    assert.equal(accomplishmentSnapshot('inc1', incident, 'High', 'UTC').threatLevel, 'High');
  });
  it('tolerates an incident with missing fields', () => {
    const s = accomplishmentSnapshot('gone', { reportedAt: null }, null, 'UTC');
    assert.deepEqual(s, {
      id: 'gone',
      date: '',
      time: '',
      type: '',
      latitude: 0,
      longitude: 0,
      campus: '',
      assignee: '',
      threatLevel: null,
    });
  });
});

describe('programme time zone', () => {
  it('defaults to Manila and knows IANA zones only', () => {
    assert.equal(PROGRAMME_TIME_ZONE, 'Asia/Manila');
    assert.equal(isTimeZone('Europe/Berlin'), true);
    assert.equal(isTimeZone('Mars/Olympus'), false);
    assert.equal(isTimeZone('UTC'), true);
    assert.equal(isTimeZone(42), false);
  });
  it('formats with DATE_FORMAT by default', () => {
    const at = new Date('2026-11-22T16:51:36Z');
    assert.equal(formatInZone(at, PROGRAMME_TIME_ZONE), 'Nov 23 2026 12:51:36 AM');
    assert.equal(formatInZone(at, 'UTC', DATE_FORMAT), 'Nov 22 2026 04:51:36 PM');
  });
  it('round-trips datetime-local values as wall time in the zone', () => {
    const at = new Date('2026-12-01T00:30:00Z');
    assert.equal(toDateTimeLocal(at, 'Asia/Manila'), '2026-12-01T08:30');
    assert.equal(
      fromDateTimeLocal('2026-12-01T08:30', 'Asia/Manila')?.toISOString(),
      at.toISOString(),
    );
    assert.equal(
      fromDateTimeLocal('2026-12-01T08:30', 'UTC')?.toISOString(),
      '2026-12-01T08:30:00.000Z',
    );
  });
  it('takes seconds and milliseconds when the input carries them', () => {
    assert.equal(
      fromDateTimeLocal('2026-12-01T08:30:15', 'Asia/Manila')?.toISOString(),
      '2026-12-01T00:30:15.000Z',
    );
    assert.equal(
      fromDateTimeLocal('2026-12-01T08:30:15.250', 'Asia/Manila')?.toISOString(),
      '2026-12-01T00:30:15.250Z',
    );
  });
  it('refuses datetime-local values that are not a real wall time', () => {
    for (const bad of [
      '2026-02-30T10:00',
      '2026-12-01 08:30',
      '2026-12-01T8:30',
      '2026-12-01T08:30:61',
      '',
      'soon',
    ])
      assert.equal(fromDateTimeLocal(bad, 'Asia/Manila'), null, bad);
    // New York skips 02:00-03:00 on 8 March 2026.
    assert.equal(fromDateTimeLocal('2026-03-08T02:30', 'America/New_York'), null);
  });
});

describe('isIsoDay', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    assert.equal(isIsoDay('2001-04-30'), true);
    for (const bad of ['2001-04-31', '2001-4-30', '2001-04-30T00:00', '30/04/2001'])
      assert.equal(isIsoDay(bad), false, bad);
  });
});

describe('isOneOf', () => {
  const LEVELS = ['Low', 'High'] as const;
  it('admits exactly the list entries', () => {
    assert.equal(isOneOf(LEVELS, 'Low'), true);
    assert.equal(isOneOf(LEVELS, 'low'), false);
    assert.equal(isOneOf(LEVELS, undefined), false);
    assert.equal(isOneOf(LEVELS, ['Low']), false);
  });
});
