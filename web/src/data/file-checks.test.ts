import { describe, expect, it } from 'vitest';
import type { FileCheck } from '@campus-safety/model';
import { downloadChoice, fileCheckLabel, releaseOffer } from './file-checks';
import { storagePathOfUrl } from '../lib/storage';

const check = (changes: Partial<FileCheck>): FileCheck =>
  ({
    path: 'releases/r1/app.apk',
    kind: 'release',
    state: 'ok',
    reason: null,
    detectedType: 'zip',
    size: 4258,
    sha256: 'ab'.repeat(32),
    ...changes,
  }) as FileCheck;

describe('release offer from the server file check', () => {
  it('offers only a checked app package, with the server’s size and SHA-256', () => {
    expect(releaseOffer(check({}))).toEqual({
      state: 'offered',
      size: 4258,
      sha256: 'ab'.repeat(32),
    });
    expect(releaseOffer(undefined)).toEqual({ state: 'checking' });
    const stub = check({
      state: 'quarantined',
      reason: 'The file is too small to be an app (20 bytes; at least 4096).',
      sha256: null,
      size: 20,
    });
    expect(releaseOffer(stub)).toEqual({ state: 'refused', reason: stub.reason });
    expect(fileCheckLabel(stub)).toBe(`Quarantined: ${stub.reason}`);
  });

  it('finds the Storage path of a download URL', () => {
    expect(
      storagePathOfUrl(
        'http://127.0.0.1:9199/v0/b/demo.appspot.com/o/articles%2Fa1%2Fphoto.png?alt=media&token=t',
      ),
    ).toBe('articles/a1/photo.png');
    expect(storagePathOfUrl('https://example.com/photo.png')).toBeNull();
    expect(storagePathOfUrl('not a url')).toBeNull();
  });
});

describe('downloadChoice: what /download offers (issue 17 item 11)', () => {
  const quarantined = check({ state: 'quarantined', reason: 'not a ZIP', size: 100, sha256: null });
  const choose = (checks: Record<string, FileCheck | null | undefined>) =>
    downloadChoice(Object.keys(checks), (version) => checks[version]);

  it('offers the newest release that passed, past a newer quarantined one', () => {
    expect(choose({ '1.5.0': quarantined, '1.4.0': check({}), '1.3.0': check({}) })).toEqual({
      state: 'offered',
      release: '1.4.0',
      size: 4258,
      sha256: 'ab'.repeat(32),
      newerChecking: null,
    });
  });
  it('keeps offering the good one while a newer one is checked, and says so', () => {
    expect(choose({ '1.5.0': null, '1.4.0': check({}) })).toMatchObject({
      state: 'offered',
      release: '1.4.0',
      newerChecking: '1.5.0',
    });
  });
  it('decides nothing until every newer check is known', () => {
    expect(choose({ '1.5.0': undefined, '1.4.0': check({}) })).toEqual({ state: 'deciding' });
  });
  it('offers nothing when no release passed', () => {
    expect(choose({ '1.5.0': quarantined })).toEqual({ state: 'none' });
    expect(choose({ '1.5.0': quarantined, '1.4.0': null })).toEqual({
      state: 'checking',
      release: '1.4.0',
    });
    expect(choose({})).toEqual({ state: 'none' });
  });
});
