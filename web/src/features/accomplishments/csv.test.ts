import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import type { Accomplishment } from '../../data/accomplishments';
import { accomplishmentCsvHeader, accomplishmentCsvRow, snapshotCsvTime } from './csv';

const at = (iso: string) => {
  const date = new Date(iso);
  return { toDate: () => date, toMillis: () => date.getTime() };
};

const copy: Accomplishment = {
  id: 'acc-1',
  title: 'Bike returned',
  description: 'Found behind the library, owner called.',
  resolveCode: 'Resolved on site',
  timestamp: at('2026-03-02T01:00:00Z'),
  isArchived: false,
  threatLevel: 'Low',
  // As the form stores it: getDownloadURL's link, token and all.
  imageUrl:
    'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/accomplishments%2Finc-1%2Fphoto.jpg?alt=media&token=4e1c6b0a-secret',
  report: {
    id: 'inc-1',
    date: 'Mar 02 2026',
    time: '12:30:05 AM',
    type: 'Theft',
    latitude: 14.65,
    longitude: 121.07,
    campus: 'north',
    assignee: 'Mia Santos',
    threatLevel: 'High',
  },
};

describe('the snapshot time in the export', () => {
  it('writes 12-hour snapshot times as 24-hour CSV times', () => {
    expect(snapshotCsvTime('Nov 25 2026', '06:34:49 PM')).toBe('2026-11-25 18:34:49');
    expect(snapshotCsvTime('Jan 01 2026', '12:00:00 PM')).toBe('2026-01-01 12:00:00');
    expect(snapshotCsvTime('Jan 01 2026', '12:00:00 AM')).toBe('2026-01-01 00:00:00');
  });

  it('keeps text it cannot read rather than lose it', () => {
    expect(snapshotCsvTime('sometime', '')).toBe('sometime');
  });
});

describe('accomplishment CSV rows', () => {
  it('writes a copy with its incident snapshot, times in the programme zone', () => {
    const row = accomplishmentCsvRow(copy, 'Asia/Manila', DEMO_CAMPUSES);
    expect(accomplishmentCsvHeader('Asia/Manila')).toHaveLength(row.length);
    expect(row).toEqual([
      'acc-1',
      '2026-03-02 09:00:00',
      'Bike returned',
      'Resolved on site',
      // The accomplishment's own threat level wins over the snapshot's.
      'Low',
      'Found behind the library, owner called.',
      'inc-1',
      'Theft',
      // The campus by its current name.
      'North Campus',
      'Mia Santos',
      // One date format in the file: the snapshot's time written as the other times are.
      '2026-03-02 00:30:05',
      14.65,
      121.07,
      // The photo's Storage path, never the link with its token.
      'accomplishments/inc-1/photo.jpg',
    ]);
  });

  it('exports no photo path aimed outside the report’s own photo folder', () => {
    const photoOf = (imageUrl: string) =>
      accomplishmentCsvRow({ ...copy, imageUrl }, 'UTC', DEMO_CAMPUSES)[13];
    const link = (path: string) =>
      `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=t`;
    expect(photoOf(link('accomplishments/inc-2/photo.jpg'))).toBe('');
    expect(photoOf(link('incident_media/inc-1/reporter/m1/original.jpg'))).toBe('');
    expect(photoOf(link('accomplishments/inc-1/a/photo.jpg'))).toBe('');
    expect(photoOf('https://example.test/photo.jpg')).toBe('');
  });

  it('takes the snapshot threat level when the report has none, and blanks without a snapshot', () => {
    const { report: _report, ...bare } = copy;
    expect(
      accomplishmentCsvRow({ ...copy, threatLevel: null }, 'Asia/Manila', DEMO_CAMPUSES)[4],
    ).toBe('High');
    expect(
      accomplishmentCsvRow({ ...bare, imageUrl: undefined }, 'Asia/Manila', DEMO_CAMPUSES).slice(6),
    ).toEqual(['', '', '', '', '', '', '', '']);
  });
});
