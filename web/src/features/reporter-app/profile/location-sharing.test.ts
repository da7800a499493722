import { describe, expect, it } from 'vitest';
import { LOCATION_SHARE_EVERY_MS, shareDue } from './location-sharing';

describe('location sharing', () => {
  it('shares at once the first time, then at most every 5 minutes', () => {
    const now = Date.now();
    expect(shareDue(null, now)).toBe(true);
    expect(shareDue(now - LOCATION_SHARE_EVERY_MS + 1, now)).toBe(false);
    expect(shareDue(now - LOCATION_SHARE_EVERY_MS, now)).toBe(true);
    // Never faster than the rules' floor of one a minute.
    expect(LOCATION_SHARE_EVERY_MS).toBeGreaterThanOrEqual(60_000);
  });
});
