// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@campus-safety/model';
import {
  SAVED_ON_DEVICE_TEXT,
  deliveryOf,
  deliveryText,
  messageRefusedText,
  reportRefusedReason,
  untilSentOrHeld,
  useRetryWhileArriving,
  type Connection,
} from './delivery';

function connection(onLine: boolean) {
  const listeners = new Set<() => void>();
  const c: Connection & { drop: () => void } = {
    onLine,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    drop: () => {
      c.onLine = false;
      listeners.forEach((listener) => listener());
    },
  };
  return c;
}

describe('delivery of a write held on the device', () => {
  it('says saved on this device only offline with a write the server has not confirmed', () => {
    expect(deliveryOf(true, false)).toBe('on-device');
    expect(deliveryText('on-device')).toBe(SAVED_ON_DEVICE_TEXT);
    expect(deliveryOf(true, true)).toBe('sending');
    expect(deliveryOf(false, false)).toBe('sent');
    expect(deliveryText('sent')).toBeNull();
  });

  it('does not wait for the server without a connection, nor once it drops', async () => {
    const never = new Promise<void>(() => undefined);
    await expect(untilSentOrHeld(never, connection(false))).resolves.toBe('on-device');
    const flaky = connection(true);
    const waiting = untilSentOrHeld(never, flaky);
    flaky.drop();
    await expect(waiting).resolves.toBe('on-device');
  });

  it('online: sent once the server takes it; its refusal reaches the form', async () => {
    await expect(untilSentOrHeld(Promise.resolve(), connection(true))).resolves.toBe('sent');
    await expect(
      untilSentOrHeld(Promise.reject(new Error('The report was not sent')), connection(true)),
    ).rejects.toThrow('The report was not sent');
  });
});

describe('a listener refused while a held report lands', () => {
  afterEach(() => vi.useRealTimers());

  it('is tried again, further apart each time, and given up after a few tries', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const { result, rerender } = renderHook(
      ({ status, held }) => useRetryWhileArriving({ status, retry }, held),
      { initialProps: { status: 'error', held: true } },
    );
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(retry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(retry).toHaveBeenCalledTimes(1);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      rerender({ status: 'loading', held: true });
      rerender({ status: 'error', held: true });
      act(() => vi.advanceTimersByTime(1000 * attempt));
      expect(retry).toHaveBeenCalledTimes(attempt);
    }
    rerender({ status: 'loading', held: true });
    rerender({ status: 'error', held: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(retry).toHaveBeenCalledTimes(5);
  });

  it('leaves the failure of a report this device did not hold as it is', () => {
    const retry = vi.fn();
    const { result } = renderHook(() => useRetryWhileArriving({ status: 'error', retry }, false));
    expect(result.current).toBe(false);
    expect(retry).not.toHaveBeenCalled();
  });
});

describe('a write the server refused on arrival', () => {
  const now = Date.parse('2026-12-03T10:00:00Z');
  it('says why a report was refused: the hour is full, it waited too long, or another device', () => {
    const at = (writtenAt: number, fullUntil: Date | null = null) =>
      reportRefusedReason({ fullUntil, writtenAt, now }, 'UTC');
    expect(at(now - 60_000, new Date(now + 600_000))).toMatch(/You can send another at 10:10/);
    expect(at(now - (LIMITS.reportWrittenMaxAgeDays + 1) * 86_400_000)).toMatch(/more than 7 days/);
    expect(at(now - 60_000)).toMatch(/from another device/);
  });

  it('names a refused message by its first words', () => {
    const text = messageRefusedText(
      'x'.repeat(100),
      new Error('You do not have permission to do this.'),
    );
    expect(text).toContain(`“${'x'.repeat(57)}…”`);
    expect(text).toMatch(/report may have been closed/);
    expect(messageRefusedText('Hi', new Error('Too fast.'))).toContain('(Too fast)');
  });
});
