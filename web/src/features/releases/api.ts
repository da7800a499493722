import { STORAGE_PATHS } from '@campus-safety/model';
import { createRelease, newReleaseId } from '../../data/releases';
import { uploadFile } from '../../lib/storage';
import type { ReleaseInput } from './form';

/** Uploads the build to releases/{id}/…, then records it with what Storage says about the object. */
export async function publishRelease(
  input: ReleaseInput,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const id = newReleaseId();
  const uploaded = await uploadFile(
    STORAGE_PATHS.releaseBuild(id, file.name.replace(/[^\w.-]+/g, '_')),
    file,
    onProgress,
  );
  await createRelease(id, {
    version: input.version.trim(),
    versionCode: Number(input.versionCode),
    notes: input.notes.trim(),
    storagePath: uploaded.fullPath,
    size: uploaded.size,
    md5Hash: uploaded.md5Hash,
    contentType: uploaded.contentType,
  });
}
