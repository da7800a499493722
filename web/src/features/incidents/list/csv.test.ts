import { describe, expect, it } from 'vitest';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { DEFAULT_INCIDENT_TYPES } from '@campus-safety/model';
import type { Incident } from '../../../data/incidents';
import { incidentCsvHeader, incidentCsvRow } from './csv';

const at = (iso: string) => {
  const date = new Date(iso);
  return { toDate: () => date, toMillis: () => date.getTime() };
};

// Theft relabelled: the export shows the label of now, not the stored key.
const TYPES = DEFAULT_INCIDENT_TYPES.map((t) =>
  t.type === 'Theft' ? { ...t, label: 'Theft or loss' } : t,
);

const base: Incident = {
  id: 'inc-1',
  timestamp: at('2026-03-01T16:30:05Z'),
  geoLoc: { latitude: 14.6537, longitude: 121.0687 },
  nearestCampus: 'north',
  status: 'Responded',
  isArchived: false,
  email: 'reporter@campus.test',
  incidentType: 'Theft',
  description: 'Bike taken, "blue" one\nnear the gym',
  assignedTo: { id: 'u1', displayName: 'Mia Santos', email: 'mia@campus.test' },
  threatLevel: 'High',
  tags: ['night', 'bike'],
  waitingTimeInMinutes: 4.26,
  responseTimeInMinutes: 31,
};

describe('incident CSV rows', () => {
  it('names the programme time zone in the time column', () => {
    const header = incidentCsvHeader('Asia/Manila');
    expect(header[1]).toBe('Reported at (Asia/Manila)');
    expect(header).toHaveLength(incidentCsvRow(base, 'Asia/Manila', DEMO_CAMPUSES, TYPES).length);
  });

  it('writes a report as its columns, the time in the programme zone', () => {
    expect(incidentCsvRow(base, 'Asia/Manila', DEMO_CAMPUSES, TYPES)).toEqual([
      'inc-1',
      // 16:30 UTC is half past midnight the next day in Manila (UTC+8).
      '2026-03-02 00:30:05',
      'Theft or loss',
      'North Campus',
      'Responded',
      'High',
      'Mia Santos',
      4.3,
      31,
      'night; bike',
      'Bike taken, "blue" one\nnear the gym',
      14.6537,
      121.0687,
    ]);
    expect(incidentCsvRow(base, 'America/New_York', DEMO_CAMPUSES, TYPES)[1]).toBe(
      '2026-03-01 11:30:05',
    );
  });

  it('leaves what a new report does not have yet empty', () => {
    const fresh: Incident = {
      id: 'inc-2',
      timestamp: at('2026-03-01T00:00:00Z'),
      geoLoc: { latitude: 1, longitude: 2 },
      nearestCampus: 'main',
      status: 'Reported',
      isArchived: false,
      email: 'r@campus.test',
      incidentType: 'Fire',
      threatLevel: null,
      assignedTo: null,
    };
    expect(incidentCsvRow(fresh, 'Asia/Manila', DEMO_CAMPUSES, TYPES)).toEqual([
      'inc-2',
      '2026-03-01 08:00:00',
      'Fire',
      'Main Campus',
      'Reported',
      '',
      '',
      '',
      '',
      '',
      '',
      1,
      2,
    ]);
  });
});
