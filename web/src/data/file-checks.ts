import { COLLECTIONS, fileCheckId, type FileCheck } from '@campus-safety/model';
import { entityConverter, listenToDoc } from './firestore';
import type { DocSpec, QuerySpec } from './spec';

const path = [COLLECTIONS.fileChecks] as const;
const converter = entityConverter<FileCheck>();

/** The server's checks of every release build (the releases list shows each one's state). */
export const releaseChecksSpec: QuerySpec<FileCheck> = {
  path,
  converter,
  wheres: [{ field: 'kind', op: '==', value: 'release' }],
};

/** Images the server's file check moved away (not served): lists say why instead. */
export const quarantinedImagesSpec: QuerySpec<FileCheck> = {
  path,
  converter,
  wheres: [
    { field: 'kind', op: '==', value: 'image' },
    { field: 'state', op: '==', value: 'quarantined' },
  ],
};

/** Follows the server's check of one stored file; null until the file has been checked. */
export function followFileCheck(
  storagePath: string,
  onCheck: (check: FileCheck | null) => void,
  onError: (error: Error) => void,
): () => void {
  const spec: DocSpec<FileCheck> = { path: [...path, fileCheckId(storagePath)], converter };
  return listenToDoc(spec, onCheck, onError);
}

/**
 * Whether a release's file may be offered, from the server's check of its content (the Storage
 * trigger): only a file checked and found to be an app package is; before the check it is not.
 */
export type ReleaseOffer =
  | { state: 'checking' }
  | { state: 'refused'; reason: string }
  | { state: 'offered'; size: number; sha256: string | null };

export function releaseOffer(check: FileCheck | null | undefined): ReleaseOffer {
  if (!check) return { state: 'checking' };
  if (check.state !== 'ok')
    return { state: 'refused', reason: check.reason ?? 'The file failed the server’s check.' };
  return { state: 'offered', size: check.size, sha256: check.sha256 };
}

/** The file check column of the releases list: what an Admin needs to act on. */
export function fileCheckLabel(check: FileCheck | null | undefined): string {
  const offer = releaseOffer(check);
  if (offer.state === 'checking') return 'Being checked…';
  if (offer.state === 'refused') return `Quarantined: ${offer.reason}`;
  return 'Checked: app package';
}

/**
 * What the download page offers: the newest live release whose file passed the server's check
 * (issue 17 item 11: a quarantined newer upload must not take the good older one offline).
 * `releases` are the live ones, newest first; `checkOf` gives each one's check, `undefined`
 * while it has not been read yet. Until every newer release's check is known nothing is chosen,
 * so the page never offers an older version for a moment and then swaps it.
 */
export type DownloadChoice<R> =
  | { state: 'deciding' }
  | { state: 'offered'; release: R; size: number; sha256: string | null; newerChecking: R | null }
  | { state: 'checking'; release: R }
  | { state: 'none' };

export function downloadChoice<R>(
  releases: readonly R[],
  checkOf: (release: R) => FileCheck | null | undefined,
): DownloadChoice<R> {
  let newerChecking: R | null = null;
  for (const release of releases) {
    const check = checkOf(release);
    if (check === undefined) return { state: 'deciding' };
    const offer = releaseOffer(check);
    if (offer.state === 'offered')
      return { state: 'offered', release, size: offer.size, sha256: offer.sha256, newerChecking };
    if (offer.state === 'checking') newerChecking ??= release;
  }
  return newerChecking ? { state: 'checking', release: newerChecking } : { state: 'none' };
}
