// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  HELD_REPORTS_MAX,
  forgetReport,
  holdReport,
  markRefused,
  parseHeld,
  watchHeldReport,
} from './held-reports';

const fields = {
  geoLoc: { latitude: 14.6, longitude: 121.0 },
  nearestCampus: 'main',
  incidentType: 'Suspicious Activity' as const,
  description: 'A door propped open.',
};
const stored = (uid: string) =>
  parseHeld(localStorage.getItem(`campus-safety.held-reports.${uid}`));

describe('reports held on the device', () => {
  afterEach(() => localStorage.clear());

  it('keeps each reporter their own, until the server has the report', async () => {
    holdReport('alice', { id: 'r1', fields, writtenAt: 1 });
    holdReport('bob', { id: 'r2', fields, writtenAt: 2 });
    expect(stored('alice').map((r) => [r.id, r.refused])).toEqual([['r1', false]]);
    watchHeldReport('alice', 'r1', Promise.resolve());
    await Promise.resolve();
    expect(stored('alice')).toEqual([]);
    expect(localStorage.getItem('campus-safety.held-reports.alice')).toBeNull();
    expect(stored('bob')).toHaveLength(1);
  });

  it('a refusal keeps the content, marked, until sent again or discarded', async () => {
    holdReport('alice', { id: 'r1', fields, writtenAt: 1 });
    watchHeldReport('alice', 'r1', Promise.reject(new Error('refused')));
    await new Promise((resolve) => setTimeout(resolve));
    expect(stored('alice')).toEqual([{ id: 'r1', fields, writtenAt: 1, refused: true }]);
    forgetReport('alice', 'r1');
    expect(stored('alice')).toEqual([]);
  });

  it('is bounded, and drops what is damaged or not a report', () => {
    for (let n = 0; n < HELD_REPORTS_MAX + 3; n += 1)
      holdReport('alice', { id: `r${n}`, fields, writtenAt: n });
    markRefused('alice', 'r5');
    expect(stored('alice')).toHaveLength(HELD_REPORTS_MAX);
    expect(stored('alice')[0]!.id).toBe('r3');
    expect(parseHeld('not json')).toEqual([]);
    expect(
      parseHeld(
        JSON.stringify([
          { id: 'ok', fields, writtenAt: 1 },
          { id: '../x', fields, writtenAt: 1 },
          { id: 'y', fields: { ...fields, extra: 1 }, writtenAt: 1 },
          { id: 'z', fields, writtenAt: 'soon' },
        ]),
      ).map((r) => r.id),
    ).toEqual(['ok']);
  });
});
