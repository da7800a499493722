import { STORAGE_PATHS } from '@campus-safety/model';
import type { Accomplishment } from '../../data/accomplishments';
import { storagePathOfUrl } from '../../lib/storage';

/**
 * The Storage path of an accomplishment's photo, read from its stored `imageUrl` (the download
 * link the form stored, whose token the server drops: docs/media.md#tokens), when it names a file
 * in the folder of the accomplishment's own incident; null otherwise. The console reads that
 * path through the rules and never opens the link, so a URL aimed at any other object shows
 * nothing.
 */
export function accomplishmentPhotoPath(
  row: Pick<Accomplishment, 'imageUrl' | 'report'>,
): string | null {
  const incidentId = row.report?.id;
  const path = row.imageUrl ? storagePathOfUrl(row.imageUrl) : null;
  if (!incidentId || !path) return null;
  const folder = STORAGE_PATHS.accomplishmentImageFolder(incidentId);
  const fileName = path.startsWith(folder) ? path.slice(folder.length) : '';
  // One file name, as the rules' `accomplishments/{incidentId}/{fileName}` matches.
  return fileName !== '' && !fileName.includes('/') ? path : null;
}
