import { describe, expect, it } from 'vitest';
import type { MassNotification } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { cleryAlertColumns, cleryAlertCells, cleryAlertsCsv } from './clery-alerts';

const ts = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });
const warning = {
  id: 'a1',
  kind: 'timelyWarning',
  title: 'Robbery near the library',
  body: 'A robbery was reported, "stay alert", walk in groups.',
  audience: { allCampuses: false, campuses: ['main'], staffOnly: false },
  reach: ['main'],
  channels: ['push', 'email'],
  state: 'sent',
  author: { uid: 'u1', name: 'Ada Admin' },
  createdAt: ts('2026-03-01T10:00:00Z'),
  scheduledFor: null,
  approvedBy: { uid: 'u2', name: 'Bea Admin', at: ts('2026-03-01T10:05:00Z') },
  sentAt: ts('2026-03-01T10:05:00Z'),
  followsUp: null,
  incidentIds: ['inc-1', 'inc-2'],
  cleryCrime: 'robbery',
  firstReportedAt: ts('2026-03-01T08:35:00Z'),
} as unknown as MassNotification & { id: string };

describe('the Clery record of alerts', () => {
  it('names the type, crime, incidents, who decided and approved, and the time from the report', () => {
    const cells = cleryAlertCells(warning, DEMO_CAMPUSES);
    expect(cells).toHaveLength(cleryAlertColumns().length);
    expect(cells[0]).toBe('Timely Warning');
    expect(cells[4]).toBe('Main Campus · everyone');
    expect(cells[5]).toBe('Robbery');
    expect(cells[6]).toBe('inc-1 inc-2');
    expect(cells[7]).toMatch(/1 ?h ?30|90/);
    expect(cells.slice(8)).toEqual(['Ada Admin', 'Bea Admin']);
  });

  it('exports one CSV line per alert with the text quoted', () => {
    const csv = cleryAlertsCsv(
      [
        warning,
        {
          ...warning,
          id: 'a2',
          kind: 'emergency',
          sentAt: null,
          state: 'awaitingApproval',
          approvedBy: null,
          cleryCrime: null,
        },
      ],
      DEMO_CAMPUSES,
    );
    expect(csv).toContain('"A robbery was reported, ""stay alert"", walk in groups."');
    expect(csv).toContain('Not issued (awaitingApproval)');
    expect(csv.trim().split(/\r?\n/)).toHaveLength(3);
  });
});
