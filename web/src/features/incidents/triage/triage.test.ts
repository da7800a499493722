import { describe, expect, it } from 'vitest';
import { RESPONSE_TARGETS } from '@campus-safety/model';
import { responseClock, TRIAGE_QUEUES, triageWheres } from './triage';

const T0 = Date.parse('2026-03-05T06:00:00Z');
const at = (ms: number) => ({ toMillis: () => ms });
const minutes = (n: number) => T0 + n * 60_000;

describe('triage queues', () => {
  it('lists unassigned reports first, then the ones being handled', () => {
    expect(TRIAGE_QUEUES.map((q) => q.statuses)).toEqual([
      ['Reported'],
      ['Processing', 'Responded'],
    ]);
  });

  it("keeps each queue inside the role's scope, live reports only", () => {
    const imt = { role: 'IMT' as const, uid: 'u', campus: 'north', archived: true };
    expect(triageWheres(imt, TRIAGE_QUEUES[0])).toEqual([
      { field: 'nearestCampus', op: '==', value: 'north' },
      { field: 'isArchived', op: '==', value: false },
      { field: 'status', op: '==', value: 'Reported' },
    ]);
    const admin = { role: 'Admin' as const, uid: 'a', campus: null, archived: false };
    expect(triageWheres(admin, TRIAGE_QUEUES[1])).toEqual([
      { field: 'isArchived', op: '==', value: false },
      { field: 'status', op: 'in', value: ['Processing', 'Responded'] },
    ]);
  });
});

describe('responseClock', () => {
  const unrated = RESPONSE_TARGETS.Unrated;

  it("times an unassigned report's wait against the Unrated assignment target, by whole minutes", () => {
    const report = { status: 'Reported' as const, timestamp: at(T0) };
    expect(responseClock(report, minutes(3) + 59_000)).toEqual({
      measure: 'Waiting',
      minutes: 3,
      targetMinutes: unrated.assignWithinMinutes,
      state: 'within',
      running: true,
      escalatedTo: null,
    });
    expect(
      responseClock(report, minutes(Math.ceil(unrated.assignWithinMinutes * 0.75)))?.state,
    ).toBe('dueSoon');
    expect(responseClock(report, minutes(unrated.assignWithinMinutes))?.state).toBe('dueSoon');
    expect(responseClock(report, minutes(unrated.assignWithinMinutes + 1))?.state).toBe('overdue');
  });

  it("times an assigned report's response against its threat level's target", () => {
    const high = RESPONSE_TARGETS.High;
    const report = { status: 'Processing' as const, threatLevel: 'High', timestamp: at(T0) };
    const clock = responseClock(report, minutes(high.respondWithinMinutes + 5));
    expect(clock).toMatchObject({
      measure: 'Response',
      minutes: high.respondWithinMinutes + 5,
      targetMinutes: high.respondWithinMinutes,
      state: 'overdue',
    });
  });

  it('times by the saved targets, the same ones housekeeping escalates by', () => {
    const saved = structuredClone(RESPONSE_TARGETS) as typeof RESPONSE_TARGETS;
    (saved.Unrated as { assignWithinMinutes: number }).assignWithinMinutes = 60;
    const report = { status: 'Reported' as const, timestamp: at(T0) };
    const late = minutes(unrated.assignWithinMinutes + 1);
    expect(responseClock(report, late)?.state).toBe('overdue');
    expect(responseClock(report, late, saved)).toMatchObject({
      targetMinutes: 60,
      state: 'within',
    });
  });

  it('says Escalated, with the level told, while the server escalation is open', () => {
    const report = {
      status: 'Reported' as const,
      timestamp: at(T0),
      escalation: { open: true, level: 'onCall' },
    };
    expect(responseClock(report, minutes(1))?.escalatedTo).toBe('onCall');
    const ended = { ...report, escalation: { open: false, level: 'onCall' } };
    expect(responseClock(ended, minutes(1))?.escalatedTo).toBeNull();
  });

  it('stops at the response time once responded; closed reports have no clock', () => {
    const responded = {
      status: 'Responded' as const,
      threatLevel: 'Low',
      timestamp: at(T0),
      responseTimeInMinutes: 12,
    };
    expect(responseClock(responded, minutes(10_000))).toMatchObject({
      minutes: 12,
      state: 'within',
      running: false,
    });
    expect(responseClock({ status: 'Resolved', timestamp: at(T0) }, minutes(5))).toBeNull();
    expect(responseClock({ status: 'Declined', timestamp: at(T0) }, minutes(5))).toBeNull();
    expect(responseClock({ status: 'Reported', timestamp: null }, minutes(5))).toBeNull();
  });

  it('never shows a negative wait when the browser clock is behind the server', () => {
    expect(responseClock({ status: 'Reported', timestamp: at(T0) }, T0 - 90_000)?.minutes).toBe(0);
  });
});
