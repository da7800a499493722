// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TOAST_AUTO_CLOSE_MS, campusName } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../components/Toasts';
import { useToasts } from '../../components/toast-store';
import { useUnreadAlerts } from '../../components/unread-alerts';
import type { AssignmentNotice } from '../../data/assignments';
import { ACKNOWLEDGE_HINT, createAssignmentAlert } from './assignment-alert';
import { UnreadAlerts } from './UnreadAlerts';

// The panel acknowledges through the data layer's callable: the edge is the network.
const calls = vi.hoisted(() => ({
  acknowledge: vi.fn((_incidentId: string) => Promise.resolve()),
  markRead: vi.fn((_uid: string, _noticeId: string) => Promise.resolve()),
}));
vi.mock('../../data/assignments', () => ({
  acknowledgeAssignment: calls.acknowledge,
  markAssignmentNoticeRead: calls.markRead,
}));

const notice = (id: string, over: Partial<AssignmentNotice> = {}) => ({
  id,
  title: 'Assigned to you',
  message: 'Assigned to you: Fire at North Campus (High)',
  type: 'assignment',
  type_id: `incident-${id}`,
  incidentType: 'Fire',
  campus: 'north',
  threatLevel: 'High',
  isRead: false,
  timestamp: { toMillis: () => Date.parse('2026-03-05T06:07:09Z') } as never,
  ...over,
});

function setUp() {
  const actions = {
    open: vi.fn(),
    acknowledge: vi.fn(() => Promise.resolve()),
    markRead: vi.fn(() => Promise.resolve()),
    campusName: (id: string) => campusName(DEMO_CAMPUSES, id),
  };
  const sound = vi.fn();
  return { actions, sound, alert: createAssignmentAlert(actions, sound) };
}

describe('assignment alert', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    useUnreadAlerts.setState({ alerts: [] });
  });

  it('says nothing about the pages already there when the console opens, nor about cached ones', () => {
    const { alert, sound } = setUp();
    expect(alert([notice('a')], true)).toBe(0);
    expect(alert([notice('a')])).toBe(0);
    expect(useToasts.getState().toasts).toEqual([]);
    expect(sound).not.toHaveBeenCalled();
  });

  it('tells the assignee of a new assignment: toast with Open and Acknowledge, sound, unread count', () => {
    const { alert, sound } = setUp();
    alert([]);
    expect(alert([notice('b'), notice('old', { isRead: true })])).toBe(1);
    const [toast] = useToasts.getState().toasts;
    expect(toast!.title).toBe('Assigned to you: Fire at North Campus (High)');
    expect(toast!.message).toBe(ACKNOWLEDGE_HINT);
    expect(toast!.tone).toBe('alert');
    expect(toast!.actions!.map((a) => a.label)).toEqual(['Open', 'Acknowledge']);
    expect(sound).toHaveBeenCalledTimes(1);
    expect(useUnreadAlerts.getState().alerts).toMatchObject([
      { kind: 'assigned', incidentId: 'incident-b', threatLevel: 'High' },
    ]);
  });

  it('acknowledges from the toast in one click, then reads the alert and the page', async () => {
    const { alert, actions } = setUp();
    render(<Toasts />);
    alert([]);
    act(() => void alert([notice('c')]));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
      await Promise.resolve();
    });
    expect(actions.acknowledge).toHaveBeenCalledWith('incident-c');
    expect(actions.markRead).toHaveBeenCalledWith('c');
    expect(useUnreadAlerts.getState().alerts).toEqual([]);
    expect(await screen.findByText('Acknowledged')).toBeTruthy();
  });

  it('the page stays until it is acted on (a keyboard user reaches it); other toasts close', () => {
    vi.useFakeTimers();
    try {
      const { alert } = setUp();
      alert([]);
      alert([notice('s')]);
      alert([notice('r', { title: 'Reassigned', message: 'Reassigned: Fire is now with Nico' })]);
      act(() => void vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS * 20));
      expect(useToasts.getState().toasts.map((t) => t.title)).toEqual([
        'Assigned to you: Fire at North Campus (High)',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the Alerts panel acknowledges a page as its toast does', async () => {
    const { alert } = setUp();
    alert([]);
    alert([notice('p')]);
    render(
      <MemoryRouter>
        <UnreadAlerts uid="imt-1" />
        <Toasts />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Alerts/ }));
    await act(async () => {
      fireEvent.click(
        screen.getByRole('button', { name: 'Acknowledge Fire at North Campus (High)' }),
      );
      await Promise.resolve();
    });
    expect(calls.acknowledge).toHaveBeenCalledWith('incident-p');
    expect(calls.markRead).toHaveBeenCalledWith('imt-1', 'p');
    expect(useUnreadAlerts.getState().alerts).toEqual([]);
    expect(await screen.findByText('Acknowledged')).toBeTruthy();
  });

  it('a report moved away offers Open only', () => {
    const { alert, actions } = setUp();
    alert([]);
    alert([
      notice('d', {
        title: 'Reassigned',
        message: 'Reassigned: Fire at North Campus (High) is now with Nico Cruz',
      }),
    ]);
    const [toast] = useToasts.getState().toasts;
    expect(toast!.title).toBe('Reassigned: Fire at North Campus (High) is now with Nico Cruz');
    expect(toast!.actions!.map((a) => a.label)).toEqual(['Open']);
    toast!.actions![0]!.onClick();
    expect(actions.open).toHaveBeenCalledWith('incident-d');
    expect(actions.markRead).toHaveBeenCalledWith('d');
    expect(useUnreadAlerts.getState().alerts).toEqual([]);
  });
});
