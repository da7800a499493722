import { collection, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS, STORAGE_PATHS, type Release } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { uploadFile } from '../../lib/storage';
import type { ReleaseInput } from './form';

export type ReleaseRow = Release & { id: string };

/** Uploads the build to releases/{id}/…, then records it with what Storage says about the object. */
export async function publishRelease(
  input: ReleaseInput,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const ref = doc(collection(db, COLLECTIONS.releases));
  const uploaded = await uploadFile(
    STORAGE_PATHS.releaseBuild(ref.id, file.name.replace(/[^\w.-]+/g, '_')),
    file,
    onProgress,
  );
  try {
    await setDoc(ref, {
      version: input.version.trim(),
      versionCode: Number(input.versionCode),
      notes: input.notes.trim(),
      storagePath: uploaded.fullPath,
      size: uploaded.size,
      md5Hash: uploaded.md5Hash,
      contentType: uploaded.contentType,
      timestamp: serverTimestamp(),
      isArchived: false,
    });
  } catch (error) {
    console.error('Release record failed', error);
    throw new Error(messageOf(error));
  }
}

export async function setReleaseArchived(id: string, archived: boolean) {
  try {
    await updateDoc(doc(db, COLLECTIONS.releases, id), { isArchived: archived });
  } catch (error) {
    console.error(`Archive of release ${id} failed`, error);
    throw new Error(messageOf(error));
  }
}
