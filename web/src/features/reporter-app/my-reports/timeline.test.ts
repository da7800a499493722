import { describe, expect, it } from 'vitest';
import { toDate } from '../../../lib/format';
import { handlerText, reporterTimeline } from './timeline';

const ts = (iso: string) => ({ toDate: () => new Date(iso), toMillis: () => Date.parse(iso) });

describe('reporterTimeline', () => {
  it('starts with the report and lists what the reporter was told about it, oldest first', () => {
    const entries = reporterTimeline({ id: 'r1', timestamp: ts('2026-11-01T08:00:00Z') }, [
      {
        id: 'n2',
        title: 'Incident Responded',
        message: 'Help arrived',
        isRead: false,
        type: 'report',
        type_id: 'r1',
        timestamp: ts('2026-11-01T09:00:00Z'),
      },
      {
        id: 'n1',
        title: 'Incident Processing',
        message: 'Maria Santos is now handling your report',
        isRead: true,
        type: 'report',
        type_id: 'r1',
        timestamp: ts('2026-11-01T08:30:00Z'),
      },
      {
        id: 'other',
        title: 'About another report',
        message: '',
        isRead: true,
        type_id: 'r2',
        timestamp: ts('2026-11-01T08:10:00Z'),
      },
    ]);
    expect(entries.map((e) => e.id)).toEqual(['sent', 'n1', 'n2']);
    expect(entries[1]).toMatchObject({ title: 'Incident Processing', detail: expect.any(String) });
  });

  it('starts with the time it was written while the device still holds it', () => {
    const [start] = reporterTimeline(
      { id: 'r1', timestamp: null as never, writtenAt: ts('2026-11-01T07:55:00Z') },
      [],
    );
    expect(start).toMatchObject({ title: 'Report written on this device', detail: null });
    expect(toDate(start!.at)?.toISOString()).toBe('2026-11-01T07:55:00.000Z');
  });

  it('puts a notification still without its server time last', () => {
    const entries = reporterTimeline({ id: 'r1', timestamp: ts('2026-11-01T08:00:00Z') }, [
      {
        id: 'late',
        title: 'x',
        message: '',
        isRead: false,
        type_id: 'r1',
        timestamp: null as never,
      },
      {
        id: 'early',
        title: 'y',
        message: '',
        isRead: false,
        type_id: 'r1',
        timestamp: ts('2026-11-01T08:05:00Z'),
      },
    ]);
    expect(entries.map((e) => e.id)).toEqual(['sent', 'early', 'late']);
  });
});

describe('handlerText', () => {
  it('names the assignee as the server wrote it, or says no one yet', () => {
    expect(
      handlerText({
        status: 'Processing',
        assignedTo: { id: 'u', displayName: 'Maria Santos', email: 'm@x.test' },
      }),
    ).toBe('Handled by Maria Santos');
    expect(handlerText({ status: 'Reported' })).toBe('Waiting for a member of the safety team');
  });
});
