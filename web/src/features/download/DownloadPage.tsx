import { useEffect, useState } from 'react';
import type { FileCheck, Release } from '@campus-safety/model';
import { ErrorState, InlineSpinner } from '../../components/States';
import { messageOf } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { downloadUrl } from '../../lib/storage';
import { downloadChoice, followFileCheck } from '../../data/file-checks';
import { readNewestLiveReleases, type ReleaseRow } from '../../data/releases';
import { Time } from '../../components/Time';

type State =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; message: string }
  | { status: 'unavailable'; release: Release; why: string }
  | {
      status: 'ready';
      release: Release;
      url: string;
      size: number;
      sha256: string | null;
      newerChecking: Release | null;
    };

/**
 * Public page: the newest release that is not archived and whose file the server checked and
 * found to be an app package (file_checks), with the size and SHA-256 the server computed. A
 * newer upload that failed its check is not shown, and does not hide the good one before it.
 */
export default function DownloadPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const stops: (() => void)[] = [];
    const checks = new Map<string, FileCheck | null>();
    let offeredPath: string | null = null;
    const fail = (error: unknown) => {
      console.error('Download page failed', error);
      if (current) setState({ status: 'error', message: messageOf(error) });
    };
    const decide = async (releases: ReleaseRow[]) => {
      const choice = downloadChoice(releases, (r) => checks.get(r.storagePath));
      if (choice.state === 'deciding') return;
      if (choice.state === 'none') {
        offeredPath = null;
        setState({ status: 'none' });
        return;
      }
      if (choice.state === 'checking') {
        offeredPath = null;
        setState({
          status: 'unavailable',
          release: choice.release,
          why: 'The newest release is still being checked. This page updates by itself.',
        });
        return;
      }
      const { release, size, sha256, newerChecking } = choice;
      offeredPath = release.storagePath;
      try {
        const url = await downloadUrl(release.storagePath);
        // A newer check may have changed the choice while the URL was fetched.
        if (current && offeredPath === release.storagePath)
          setState({ status: 'ready', release, url, size, sha256, newerChecking });
      } catch (error) {
        fail(error);
      }
    };
    (async () => {
      try {
        const releases = await readNewestLiveReleases();
        if (!current) return;
        if (releases.length === 0) {
          setState({ status: 'none' });
          return;
        }
        // Each check live: a release uploaded a moment ago is offered as soon as the server has
        // checked it, without a reload.
        for (const release of releases)
          stops.push(
            followFileCheck(
              release.storagePath,
              (check) => {
                checks.set(release.storagePath, check);
                if (current) void decide(releases);
              },
              fail,
            ),
          );
      } catch (error) {
        fail(error);
      }
    })();
    return () => {
      current = false;
      stops.forEach((stop) => stop());
    };
  }, [attempt]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-lg rounded-lg bg-white p-8 shadow">
        <h1 className="text-2xl font-semibold text-slate-900">Campus Safety app</h1>
        <p className="mt-1 text-sm text-slate-600">
          Report incidents and get safety guides and announcements on your phone.
        </p>
        <div className="mt-6">
          {state.status === 'loading' && <InlineSpinner label="Looking for the latest release…" />}
          {state.status === 'none' && (
            <p className="text-slate-700">No release is available yet. Please check back later.</p>
          )}
          {state.status === 'unavailable' && (
            <p className="text-slate-700">
              Version {state.release.version}: {state.why}
            </p>
          )}
          {state.status === 'error' && (
            <ErrorState message={state.message} onRetry={() => setAttempt((a) => a + 1)} />
          )}
          {state.status === 'ready' && (
            <>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-500">Version</dt>
                <dd className="font-medium">{state.release.version}</dd>
                <dt className="text-slate-500">Size</dt>
                <dd>
                  {formatBytes(state.size)} ({state.size.toLocaleString('en-US')} bytes)
                </dd>
                <dt className="text-slate-500">SHA-256</dt>
                <dd className="font-mono text-xs break-all">{state.sha256 ?? '—'}</dd>
                <dt className="text-slate-500">Released</dt>
                <dd>
                  <Time value={state.release.timestamp} />
                </dd>
              </dl>
              {state.release.notes && (
                <section aria-labelledby="notes-heading" className="mt-4">
                  <h2 id="notes-heading" className="font-semibold">
                    What’s new
                  </h2>
                  <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">
                    {state.release.notes}
                  </p>
                </section>
              )}
              {state.newerChecking && (
                <p className="mt-4 text-sm text-slate-600">
                  Version {state.newerChecking.version} is being checked and will be offered here
                  once it passes.
                </p>
              )}
              <a
                href={state.url}
                download
                className="mt-6 inline-block rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                Download version {state.release.version}
              </a>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
