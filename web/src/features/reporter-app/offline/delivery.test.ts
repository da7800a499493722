import { describe, expect, it } from 'vitest';
import {
  SAVED_ON_DEVICE_TEXT,
  deliveryOf,
  deliveryText,
  untilSentOrHeld,
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
