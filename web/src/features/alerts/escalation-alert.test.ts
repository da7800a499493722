import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast-store';
import { createEscalationAlert, ESCALATION_ALERT_TITLE } from './escalation-alert';
import { campusName } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const nameOf = (id: string) => campusName(DEMO_CAMPUSES, id);

const row = (id: string, fired: number, startedAt = 1_000) => ({
  id,
  incidentType: 'Fire',
  nearestCampus: 'north',
  escalation: {
    condition: 'unassigned' as const,
    level: fired > 1 ? ('onCall' as const) : ('assignee' as const),
    fired,
    startedAt: { toMillis: () => startedAt },
  },
});

afterEach(() => useToasts.setState({ toasts: [] }));

describe('escalation alert', () => {
  it('takes the first server answer as the baseline, then shows one toast per step with Open', () => {
    const sound = vi.fn();
    const open = vi.fn();
    const alert = createEscalationAlert(open, nameOf, sound);
    expect(alert([row('a', 1)], true)).toBe(0);
    expect(alert([row('a', 1)])).toBe(0);
    expect(alert([row('a', 2)])).toBe(1);
    expect(alert([row('a', 2)])).toBe(0);
    expect(sound).toHaveBeenCalledTimes(1);
    const [toast] = useToasts.getState().toasts;
    expect(toast?.title).toBe(ESCALATION_ALERT_TITLE);
    expect(toast?.message).toBe(
      'Fire at North Campus is unassigned past its target; Campus on call told.',
    );
    toast?.actions?.[0]?.onClick();
    expect(open).toHaveBeenCalledWith('a');
  });

  it('a report escalating anew after its escalation ended alerts again from step 1', () => {
    const alert = createEscalationAlert(
      () => undefined,
      nameOf,
      () => undefined,
    );
    alert([]);
    expect(alert([row('a', 1)])).toBe(1);
    expect(alert([])).toBe(0);
    expect(alert([row('a', 1, 9_000), row('b', 1)])).toBe(2);
    expect(useToasts.getState().toasts).toHaveLength(3);
  });
});
