// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_INCIDENT_ALERT, TOAST_AUTO_CLOSE_MS } from '@campus-safety/model';
import { Toasts } from '../../components/Toasts';
import { useToasts } from '../../components/toast-store';
import { createNewIncidentAlert } from './alert';
import { createIncidentAlertTracker } from './alert-tracker';

describe('new-incident alert tracker', () => {
  it('never alerts on the first load, however many reports there are', () => {
    const tracker = createIncidentAlertTracker();
    expect(tracker.observe(42)).toBe(false);
  });

  it('alerts each time the count grows after that, not when it stays or shrinks', () => {
    const tracker = createIncidentAlertTracker();
    tracker.observe(3);
    expect(tracker.observe(4)).toBe(true);
    expect(tracker.observe(4)).toBe(false);
    expect(tracker.observe(2)).toBe(false);
    expect(tracker.observe(3)).toBe(true);
  });

  it('takes its baseline from the server, not from a cached first snapshot', () => {
    const tracker = createIncidentAlertTracker();
    expect(tracker.observe(0, true)).toBe(false);
    expect(tracker.observe(1)).toBe(false);
    expect(tracker.observe(2)).toBe(true);
  });
});

describe('new-incident alert', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('plays the sound and shows the orange toast on growth, then closes it after 5000 ms', () => {
    const sound = vi.fn();
    const alert = createNewIncidentAlert(sound);
    render(<Toasts />);

    act(() => void alert(10));
    expect(sound).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => void alert(11));
    expect(sound).toHaveBeenCalledTimes(1);
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent(NEW_INCIDENT_ALERT.title);
    expect(toast).toHaveTextContent(NEW_INCIDENT_ALERT.message);
    expect(toast).toHaveAttribute('data-tone', 'alert');
    expect(toast.className).toContain('orange');

    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
