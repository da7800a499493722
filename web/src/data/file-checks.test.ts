import { describe, expect, it } from 'vitest';
import type { FileCheck } from '@campus-safety/model';
import { fileCheckLabel, releaseOffer } from './file-checks';
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
