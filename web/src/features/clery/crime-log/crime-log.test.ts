import { describe, expect, it } from 'vitest';
import type { CleryRecord, IncidentReport } from '@campus-safety/model';
import { annualTablesCsv, buildAnnualTables } from '../annual/annual';
import { buildCrimeLog, crimeLogCsv } from './crime-log';
import { programmeTimeZone } from '../../../lib/institution';
import { printableEntries } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const ts = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });
const incident = (id: string, iso: string) =>
  ({
    id,
    timestamp: ts(iso),
    nearestCampus: 'main',
    incidentType: 'Theft',
    status: 'Resolved',
  }) as unknown as IncidentReport & { id: string };
const record = (id: string, change: Partial<CleryRecord> = {}) =>
  ({
    id,
    incidentId: id,
    campus: 'main',
    reportedAt: ts('2025-03-01T00:00:00Z'),
    occurredAt: null,
    isCrime: true,
    offences: [{ offence: 'burglary', bias: null }],
    arrests: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
    referrals: { weapons: 0, drugAbuse: 0, liquorLaw: 0 },
    geography: 'onCampusHousing',
    noncampusProperty: null,
    generalLocation: 'Acacia Hall, "East" wing',
    nature: 'Burglary',
    disposition: 'Closed - arrest',
    withheld: null,
    ...change,
  }) as unknown as CleryRecord & { id: string };

describe('crime log export', () => {
  it('writes the public entries with Unknown for an unknown occurrence, quoted where needed', () => {
    const log = buildCrimeLog(
      [incident('a', '2026-11-20T02:00:00Z'), incident('b', '2026-11-21T02:00:00Z')],
      [record('a'), record('b', { withheld: { reason: 'investigation', note: 'x' } })],
      Date.parse('2026-11-23T00:00:00Z'),
      [],
    );
    const csv = crimeLogCsv(printableEntries(log), DEMO_CAMPUSES);
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `Case,Date and time reported (${programmeTimeZone()}),Date and time occurred (${programmeTimeZone()}),Campus,General location,Nature,Disposition`,
    );
    expect(lines[1]).toBe(
      'a,Nov 20 2026 10:00:00 AM,Unknown,Main Campus,"Acacia Hall, ""East"" wing",Burglary,Closed - arrest',
    );
  });
});

describe('annual tables export', () => {
  it('filters by campus and counts housing in the on-campus column too', () => {
    const records = [record('a'), record('b', { campus: 'north' })];
    const all = buildAnnualTables(records, [2025], null);
    const main = buildAnnualTables(records, [2025], 'main');
    const burglary = (t: typeof all) => t.rows.find((r) => r.id === 'burglary')?.counts[2025];
    expect(burglary(all)).toEqual({
      onCampus: 2,
      onCampusHousing: 2,
      noncampus: 0,
      publicProperty: 0,
    });
    expect(burglary(main)?.onCampus).toBe(1);
    const csv = annualTablesCsv(main);
    expect(csv).toContain('Criminal offences,Burglary,1,1,0,0');
  });
});
