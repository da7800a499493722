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

/** The newest release that is not archived (the public download page), read once. */
export async function readNewestLiveRelease(): Promise<ReleaseRow | null> {
  const rows = await readQuery<Release>({
    path,
    converter,
    wheres: [{ field: 'isArchived', op: '==', value: false }],
    orderBy: newestFirst,
    limit: 1,
  });
  return rows[0] ?? null;
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
