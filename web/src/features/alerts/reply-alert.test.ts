import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast-store';
import { createReplyAlert, REPLY_ALERT_TITLE } from './reply-alert';
import { campusName } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';

const nameOf = (id: string) => campusName(DEMO_CAMPUSES, id);

const row = (id: string, unreadFromReporter: number) => ({
  id,
  incidentType: 'Theft',
  nearestCampus: 'main',
  unreadFromReporter,
});

afterEach(() => useToasts.setState({ toasts: [] }));

describe('reporter-reply alert', () => {
  it('takes the first server answer as the baseline, then alerts once per new reply with Open', () => {
    const sound = vi.fn();
    const open = vi.fn();
    const alert = createReplyAlert(open, nameOf, sound);
    expect(alert([row('a', 1)], true)).toBe(false);
    expect(alert([row('a', 1)])).toBe(false);
    expect(sound).not.toHaveBeenCalled();
    // A second message on the same report is news; the same snapshot again is not.
    expect(alert([row('a', 2)])).toBe(true);
    expect(alert([row('a', 2)])).toBe(false);
    expect(sound).toHaveBeenCalledTimes(1);
    const [toast] = useToasts.getState().toasts;
    expect(toast?.title).toBe(REPLY_ALERT_TITLE);
    expect(toast?.message).toBe('The reporter of Theft at Main Campus sent a message.');
    toast?.actions?.[0]?.onClick();
    expect(open).toHaveBeenCalledWith('a');
  });

  it('a report leaving the query (read) and coming back with a new reply alerts again', () => {
    const open = vi.fn();
    const alert = createReplyAlert(open, nameOf, () => undefined);
    alert([]);
    expect(alert([row('a', 1)])).toBe(true);
    expect(alert([])).toBe(false);
    expect(alert([row('a', 1), row('b', 1)])).toBe(true);
    const toasts = useToasts.getState().toasts;
    expect(toasts[toasts.length - 1]?.message).toBe('Reporters of 2 reports sent messages.');
    toasts[toasts.length - 1]?.actions?.[0]?.onClick();
    expect(open).toHaveBeenLastCalledWith(null);
  });
});
