// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableDesktopAlerts, showDesktopAlert } from './desktop-alerts';

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

describe('desktop alerts', () => {
  beforeEach(() => {
    FakeNotification.permission = 'default';
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('shows nothing without permission, nor while the tab is visible', () => {
    setVisibility('hidden');
    expect(showDesktopAlert('New Incident Reported', 'Fire at Main Campus', 'r1', vi.fn())).toBe(
      false,
    );
    FakeNotification.permission = 'granted';
    setVisibility('visible');
    expect(showDesktopAlert('New Incident Reported', 'Fire at Main Campus', 'r1', vi.fn())).toBe(
      false,
    );
    expect(FakeNotification.shown).toEqual([]);
    // Nothing asked for permission on the way.
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('notifies when the tab is hidden and permission was given; a click opens the report', () => {
    FakeNotification.permission = 'granted';
    setVisibility('hidden');
    const open = vi.fn();
    vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    expect(showDesktopAlert('New Incident Reported', 'Fire at Main Campus', 'r1', open)).toBe(true);
    const shown = FakeNotification.shown[0]!;
    expect(shown.title).toBe('New Incident Reported');
    expect(shown.options).toEqual({ body: 'Fire at Main Campus', tag: 'r1' });
    shown.onclick?.();
    expect(open).toHaveBeenCalledOnce();
    expect(shown.close).toHaveBeenCalled();
  });

  it('asks for permission only when called (from the Enable desktop alerts click)', async () => {
    FakeNotification.permission = 'granted';
    await expect(enableDesktopAlerts()).resolves.toBe('granted');
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
  });
});
