import type { FileCheck } from '@campus-safety/model';

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
