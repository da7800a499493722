// @vitest-environment jsdom
import { DEFAULT_INSTITUTION } from '@campus-safety/model';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** lib/institution as a new page loads it (its store reads the cache when the module loads). */
const freshPage = async () => {
  vi.resetModules();
  return import('./institution');
};

describe('the institution profile this browser read last', () => {
  beforeEach(() => localStorage.clear());

  it('opens the next page in the saved zone before any read, so nothing is rendered again', async () => {
    const page = await freshPage();
    expect(page.programmeTimeZone()).toBe(DEFAULT_INSTITUTION.timeZone);
    page.rememberInstitution({ ...DEFAULT_INSTITUTION, timeZone: 'America/Chicago' });
    expect((await freshPage()).programmeTimeZone()).toBe('America/Chicago');
  });

  it('opens in the defaults when what is kept is not a profile', async () => {
    const { INSTITUTION_CACHE_KEY } = await freshPage();
    for (const kept of ['not json', '{"timeZone":"Mars/Olympus"}', 'null']) {
      localStorage.setItem(INSTITUTION_CACHE_KEY, kept);
      expect((await freshPage()).currentInstitution()).toEqual(DEFAULT_INSTITUTION);
    }
  });
});
