import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytesResumable,
  type UploadMetadata,
} from 'firebase/storage';
import { emulators, firebaseApp } from './firebase';
import { storageErrorMessage } from './errors';

export const storage = getStorage(firebaseApp);
if (emulators) connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);

export interface UploadResult {
  url: string;
  fullPath: string;
  size: number;
  md5Hash: string;
  contentType: string;
}

/**
 * Uploads a file to `path`, reporting progress 0..1; errors carry the plain text of
 * docs/requirements.md#errors.
 */
export async function uploadFile(
  path: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<UploadResult> {
  const metadata: UploadMetadata = { contentType: file.type || 'application/octet-stream' };
  const task = uploadBytesResumable(ref(storage, path), file, metadata);
  try {
    const snapshot = await new Promise<typeof task.snapshot>((resolve, reject) => {
      task.on(
        'state_changed',
        (s) => onProgress?.(s.totalBytes ? s.bytesTransferred / s.totalBytes : 0),
        reject,
        () => resolve(task.snapshot),
      );
    });
    const url = await getDownloadURL(snapshot.ref);
    return {
      url,
      fullPath: snapshot.metadata.fullPath,
      size: snapshot.metadata.size,
      md5Hash: snapshot.metadata.md5Hash ?? '',
      contentType: snapshot.metadata.contentType ?? metadata.contentType ?? '',
    };
  } catch (error) {
    console.error(`Upload to ${path} failed`, error);
    throw new Error(storageErrorMessage(error));
  }
}

export async function downloadUrl(path: string): Promise<string> {
  try {
    return await getDownloadURL(ref(storage, path));
  } catch (error) {
    throw new Error(storageErrorMessage(error));
  }
}

/**
 * The Storage path a download URL points at (`…/o/<encoded path>?alt=media…`), or null for any
 * other URL: how the console finds the server's file check of an image it only has the URL of.
 */
export function storagePathOfUrl(url: string): string | null {
  try {
    const encoded = new URL(url).pathname.split('/o/')[1];
    return encoded ? decodeURIComponent(encoded) : null;
  } catch {
    return null;
  }
}
