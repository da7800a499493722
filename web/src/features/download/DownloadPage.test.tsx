// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  releases: [] as unknown[],
  check: undefined as unknown,
  /** Checks by storage path, where a test gives each release its own. */
  checks: new Map<string, unknown>(),
  listener: null as null | ((check: unknown) => void),
}));
const downloadUrl = vi.hoisted(() => vi.fn(async () => 'https://files.test/app.apk'));
vi.mock('../../lib/db', () => ({ db: {} }));
vi.mock('../../lib/storage', () => ({ downloadUrl }));
vi.mock('../../data/firestore', () => ({
  entityConverter: () => ({}),
  readQuery: async () => data.releases,
  listenToDoc: (spec: { path: string[] }, next: (check: unknown) => void) => {
    data.listener = next;
    const id = spec.path.at(-1)!;
    const byPath = [...data.checks].find(([path]) => path.replaceAll('/', '%2F') === id);
    next(byPath ? byPath[1] : (data.check ?? null));
    return () => undefined;
  },
}));

import DownloadPage from './DownloadPage';

const release = {
  version: '1.4.0',
  versionCode: 14,
  notes: '',
  storagePath: 'releases/r1/app.apk',
  size: 999_999, // what the uploader's browser said: not shown
  timestamp: new Date('2026-11-22T10:00:00Z'),
  isArchived: false,
};

describe('/download', () => {
  beforeEach(() => {
    downloadUrl.mockClear();
    data.releases = [release];
    data.checks.clear();
  });

  it('shows the size and SHA-256 the server computed, and the download link', async () => {
    data.check = {
      kind: 'release',
      state: 'ok',
      reason: null,
      size: 4258,
      sha256: 'c0ffee'.repeat(10) + 'abcd',
    };
    render(<DownloadPage />);
    expect(await screen.findByRole('link', { name: 'Download version 1.4.0' })).toHaveAttribute(
      'href',
      'https://files.test/app.apk',
    );
    expect(screen.getByText('4.2 KB (4,258 bytes)')).toBeInTheDocument();
    expect(screen.getByText('c0ffee'.repeat(10) + 'abcd')).toBeInTheDocument();
  });

  it('does not offer a 20-byte "apk" the server quarantined', async () => {
    data.check = {
      kind: 'release',
      state: 'quarantined',
      reason: 'too small',
      size: 20,
      sha256: null,
    };
    render(<DownloadPage />);
    // Not shown at all: a failed upload is the Admins' business (the releases screen says why).
    expect(await screen.findByText(/No release is available yet/)).toBeInTheDocument();
    expect(screen.queryByText(/1\.4\.0/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(downloadUrl).not.toHaveBeenCalled();
  });

  it('does not offer a release before the server has checked it, then offers it when checked', async () => {
    data.check = undefined;
    render(<DownloadPage />);
    expect(await screen.findByText(/still being checked/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    const checked = { kind: 'release', state: 'ok', reason: null, size: 5000, sha256: 'ff' };
    await act(async () => data.listener!(checked));
    expect(await screen.findByRole('link', { name: 'Download version 1.4.0' })).toBeInTheDocument();
  });

  it('offers the good 1.4.0 when a newer 1.5.0 was quarantined, and does not show 1.5.0', async () => {
    const broken = {
      ...release,
      version: '1.5.0',
      versionCode: 15,
      storagePath: 'releases/r2/app.apk',
    };
    data.releases = [broken, release];
    data.checks.set(broken.storagePath, {
      kind: 'release',
      state: 'quarantined',
      reason: 'not a ZIP',
      size: 100,
      sha256: null,
    });
    data.checks.set(release.storagePath, {
      kind: 'release',
      state: 'ok',
      reason: null,
      size: 4258,
      sha256: 'ab',
    });
    render(<DownloadPage />);
    expect(await screen.findByRole('link', { name: 'Download version 1.4.0' })).toBeInTheDocument();
    expect(screen.queryByText(/1\.5\.0/)).toBeNull();
    expect(downloadUrl).toHaveBeenCalledWith('releases/r1/app.apk');
  });
});
