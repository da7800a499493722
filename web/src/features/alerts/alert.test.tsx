// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_INCIDENT_ALERT, TOAST_AUTO_CLOSE_MS, campusName } from '@campus-safety/model';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { Toasts } from '../../components/Toasts';
import { useToasts } from '../../components/toast-store';
import { ALERT_BURST_MS, burstSummary, createNewIncidentAlert } from './alert';
import { createIncidentAlertTracker } from './alert-tracker';
import { useUnreadAlerts, withUnreadCount } from '../../components/unread-alerts';

const report = (id: string, incidentType = 'Fire', nearestCampus = 'riverside') => ({
  id,
  incidentType,
  nearestCampus,
  timestamp: { toMillis: () => Date.parse('2026-03-05T06:07:09Z') },
});
/** The console's names for the stored ids, as useCampusName gives them. */
const nameOf = (id: string) => campusName(DEMO_CAMPUSES, id);
const reports = (n: number) => Array.from({ length: n }, (_, i) => report(`r${i}`));

describe('new-incident alert tracker', () => {
  it('never alerts on the first load, however many reports there are', () => {
    const tracker = createIncidentAlertTracker();
    expect(tracker.observe(['a', 'b', 'c'])).toEqual([]);
  });

  it('names each report that arrives after that, once, and nothing when reports leave', () => {
    const tracker = createIncidentAlertTracker();
    tracker.observe(['a', 'b']);
    expect(tracker.observe(['a', 'b', 'c'])).toEqual(['c']);
    expect(tracker.observe(['a', 'b', 'c'])).toEqual([]);
    expect(tracker.observe(['a'])).toEqual([]);
    expect(tracker.observe(['a', 'd', 'e'])).toEqual(['d', 'e']);
  });

  it('takes its baseline from the server, not from a cached first snapshot', () => {
    const tracker = createIncidentAlertTracker();
    expect(tracker.observe([], true)).toEqual([]);
    expect(tracker.observe(['a'])).toEqual([]);
    expect(tracker.observe(['a', 'b'])).toEqual(['b']);
  });
});

describe('withUnreadCount', () => {
  it('puts the count in front of the title once, and takes it away at zero', () => {
    expect(withUnreadCount('Reports · Campus Safety Console', 3)).toBe(
      '(3) Reports · Campus Safety Console',
    );
    expect(withUnreadCount('(3) Reports · Campus Safety Console', 4)).toBe(
      '(4) Reports · Campus Safety Console',
    );
    expect(withUnreadCount('(4) Reports', 0)).toBe('Reports');
  });
});

describe('new-incident alert', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ toasts: [] });
    useUnreadAlerts.setState({ alerts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('plays the sound and shows the orange toast naming type and campus, then closes it after 5000 ms', () => {
    const sound = vi.fn();
    const alert = createNewIncidentAlert(vi.fn(), nameOf, sound);
    render(<Toasts />);

    act(() => void alert(reports(10)));
    expect(sound).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => void alert([...reports(10), report('new', 'Theft', 'north')]));
    expect(sound).toHaveBeenCalledTimes(1);
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent(NEW_INCIDENT_ALERT.title);
    expect(toast).toHaveTextContent(NEW_INCIDENT_ALERT.message);
    expect(toast).toHaveTextContent('Theft at North Campus');
    expect(toast).toHaveAttribute('data-tone', 'alert');
    expect(toast.className).toContain('orange');

    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // What it said stays in the unread list after the toast has gone.
    expect(useUnreadAlerts.getState().alerts).toEqual([
      {
        incidentId: 'new',
        incidentType: 'Theft',
        campus: 'North Campus',
        reportedAt: Date.parse('2026-03-05T06:07:09Z'),
      },
    ]);
  });

  it('Open opens the new report and closes the toast; several at once open the list', () => {
    const open = vi.fn();
    const alert = createNewIncidentAlert(open, nameOf, vi.fn());
    render(<Toasts />);
    act(() => void alert([]));
    act(() => void alert([report('one')]));
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenLastCalledWith('one');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // After a quiet ALERT_BURST_MS, a new alert of its own.
    act(() => vi.advanceTimersByTime(ALERT_BURST_MS + 1));
    act(() => void alert([report('one'), report('two'), report('three', 'Theft', 'main')]));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 reports: Fire at Riverside Campus; Theft at Main Campus',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open reports' }));
    expect(open).toHaveBeenLastCalledWith(null);
    expect(useUnreadAlerts.getState().alerts.map((a) => a.incidentId)).toEqual([
      'two',
      'three',
      'one',
    ]);
  });

  it('a burst (a report a second for 37 s at one campus) is one toast counting them and one sound (issue 22 item 4)', () => {
    const sound = vi.fn();
    const alert = createNewIncidentAlert(vi.fn(), nameOf, sound);
    render(<Toasts />);
    const seen: ReturnType<typeof report>[] = [];
    act(() => void alert(seen));
    for (let i = 0; i < 37; i += 1) {
      seen.push(report(`b${i}`, i % 2 ? 'Fire' : 'Medical Emergency', 'north'));
      act(() => void alert([...seen]));
      act(() => vi.advanceTimersByTime(1000));
      // Never more than one toast on screen.
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    }
    expect(sound).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('37 new reports at North Campus');
    expect(screen.getByRole('button', { name: 'Open reports' })).toBeInTheDocument();
    // The unread list keeps each report (bounded by its own limit).
    expect(useUnreadAlerts.getState().alerts.length).toBeGreaterThan(1);

    // Another campus joins the same burst: counted per campus, busiest first; still one sound.
    seen.push(report('m1', 'Theft', 'main'));
    act(() => void alert([...seen]));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '38 new reports: 37 at North Campus, 1 at Main Campus',
    );
    expect(sound).toHaveBeenCalledTimes(1);

    // Quiet past ALERT_BURST_MS: the next report is a new alert with its own sound.
    act(() => vi.advanceTimersByTime(ALERT_BURST_MS + 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    seen.push(report('later', 'Theft', 'main'));
    act(() => void alert([...seen]));
    expect(sound).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Theft at Main Campus');
  });
});

describe('burstSummary', () => {
  const a = (campus: string, incidentType = 'Fire') => ({
    incidentId: `${campus}-${Math.random()}`,
    incidentType,
    campus,
    reportedAt: 0,
  });
  it('names one or a few reports, and counts more per campus', () => {
    // An alert holds the campus's name (createNewIncidentAlert looks it up).
    expect(burstSummary([a('North Campus')])).toBe('Fire at North Campus');
    expect(burstSummary([a('North Campus'), a('Main Campus', 'Theft')])).toBe(
      '2 reports: Fire at North Campus; Theft at Main Campus',
    );
    expect(burstSummary(Array.from({ length: 4 }, () => a('North Campus')))).toBe(
      '4 new reports at North Campus',
    );
    expect(burstSummary([a(''), ...Array.from({ length: 3 }, () => a('Main Campus')), a('')])).toBe(
      '5 new reports: 3 at Main Campus, 2 at an unknown campus',
    );
  });
});
