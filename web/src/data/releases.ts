import { COLLECTIONS, type Release } from '@campus-safety/model';
import {
  createDocument,
  entityConverter,
  newDocumentId,
  readQuery,
  serverTime,
  updateDocument,
} from './firestore';
import type { QuerySpec, WithId } from './spec';

export type ReleaseRow = WithId<Release>;

const path = [COLLECTIONS.releases] as const;
const converter = entityConverter<Release>();
const newestFirst = { field: 'timestamp', direction: 'desc' } as const;

/** Every release, newest first (Admins). */
export const releasesSpec: QuerySpec<Release> = {
  path,
  converter,
  wheres: [],
  orderBy: newestFirst,
};

/**
 * How many of the newest live releases the download page considers: the newest that passed its
 * file check among them is offered (a run of this many failed uploads in a row is not expected).
 */
export const DOWNLOAD_CANDIDATES = 10;

/** The newest releases that are not archived, newest first (the public download page), read once. */
export function readNewestLiveReleases(): Promise<ReleaseRow[]> {
  return readQuery<Release>({
    path,
    converter,
    wheres: [{ field: 'isArchived', op: '==', value: false }],
    orderBy: newestFirst,
    limit: DOWNLOAD_CANDIDATES,
  });
}

/** An id for a new release, known before the write (the build is uploaded to its folder first). */
export function newReleaseId(): string {
  return newDocumentId(path);
}

/** What Storage says about the uploaded build, recorded with the release. */
export type ReleaseRecord = Pick<
  Release,
  'version' | 'versionCode' | 'notes' | 'storagePath' | 'size' | 'md5Hash' | 'contentType'
>;

export function createRelease(id: string, record: ReleaseRecord): Promise<void> {
  return createDocument(
    [...path, id],
    { ...record, timestamp: serverTime(), isArchived: false },
    'Release record failed',
  );
}

export function setReleaseArchived(id: string, archived: boolean): Promise<void> {
  return updateDocument([...path, id], { isArchived: archived }, `Archive of release ${id} failed`);
}
