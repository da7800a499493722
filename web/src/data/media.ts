/**
 * Incident media in the console and the reporter app (docs/media.md): the media docs of a report,
 * the stored files they name (fetched through the Storage rules, never by a shareable URL), and
 * the upload of a new original to its contract path with progress and an abort.
 */
import {
  COLLECTIONS,
  LIMITS,
  STORAGE_PATHS,
  incidentMediaSchema,
  mediaFileName,
  mediaUploadProblem,
  newMediaId,
  type IncidentMedia,
} from '@campus-safety/model';
import { useEffect, useState } from 'react';
import { getBlob, ref, uploadBytesResumable } from 'firebase/storage';
import { storageErrorMessage } from '../lib/errors';
import { storage } from '../lib/storage';
import { entityConverter } from './firestore';
import type { QuerySpec, WithId } from './spec';

/**
 * Media docs one report lists: its ready media are bounded by LIMITS.mediaPerReport; refused
 * files (quarantined) are shown too, up to the same number again.
 */
export const MEDIA_LISTED = LIMITS.mediaPerReport * 2;

export function incidentMediaSpec(incidentId: string): QuerySpec<IncidentMedia> {
  return {
    path: [COLLECTIONS.incidentReports, incidentId, COLLECTIONS.media],
    converter: entityConverter<IncidentMedia>(),
    wheres: [],
    orderBy: { field: 'createdAt', direction: 'asc' },
    limit: MEDIA_LISTED,
  };
}

/** The media docs that parse as the server writes them (anything else is not shown). */
export function validMedia(docs: readonly WithId<IncidentMedia>[]): WithId<IncidentMedia>[] {
  return docs.filter((d) => incidentMediaSchema.safeParse(d).success);
}

/**
 * A stored media file as an object URL for an <img>, <video> or <audio>: read with the caller's
 * credentials, so the Storage rules decide (a download URL would let anyone holding it read).
 * The caller revokes it (URL.revokeObjectURL) when done.
 */
export async function mediaObjectUrl(path: string): Promise<string> {
  try {
    return URL.createObjectURL(await getBlob(ref(storage, path)));
  } catch (error) {
    throw new Error(storageErrorMessage(error));
  }
}

/** A stored file as an object URL while the component shows it (revoked after). */
export function useMediaUrl(path: string | undefined): {
  url: string | null;
  error: string | null;
} {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({
    url: null,
    error: null,
  });
  useEffect(() => {
    if (!path) return;
    let alive = true;
    let made: string | null = null;
    setState({ url: null, error: null });
    mediaObjectUrl(path).then(
      (url) => {
        made = url;
        if (alive) setState({ url, error: null });
        else URL.revokeObjectURL(url);
      },
      (error: unknown) => {
        if (alive)
          setState({ url: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return state;
}

/** Where an upload goes: the reporter's side of a report, or a staff member's own folder. */
export type MediaTarget =
  { incidentId: string; side: 'reporter' } | { incidentId: string; side: 'staff'; uid: string };

export interface MediaUpload {
  mediaId: string;
  /** Settles when the original is stored (the server then writes its media doc). */
  done: Promise<void>;
  /** Stops the upload; `done` then rejects with UPLOAD_CANCELLED. */
  cancel: () => void;
}

export const UPLOAD_CANCELLED = 'The upload was cancelled.';

/**
 * Starts uploading `file` as a new media of the report: checked first (type, size:
 * mediaUploadProblem, the bounds the rules enforce), stored as `original.<ext>` under a new
 * media id (never the picked file's name), progress reported 0..1. Throws the check's sentence
 * before anything is sent.
 */
export function startMediaUpload(
  target: MediaTarget,
  file: File,
  onProgress?: (fraction: number) => void,
): MediaUpload {
  const problem = mediaUploadProblem(file);
  if (problem) throw new Error(problem);
  const mediaId = newMediaId();
  const name = mediaFileName(file.type);
  const path =
    target.side === 'reporter'
      ? STORAGE_PATHS.reporterMedia(target.incidentId, mediaId, name)
      : STORAGE_PATHS.staffMedia(target.incidentId, target.uid, mediaId, name);
  const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type });
  const done = new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (s) => onProgress?.(s.totalBytes ? s.bytesTransferred / s.totalBytes : 0),
      (error) => {
        const code = (error as { code?: string }).code;
        if (code === 'storage/canceled') reject(new Error(UPLOAD_CANCELLED));
        else {
          console.error(`Upload to ${path} failed`, error);
          reject(new Error(storageErrorMessage(error)));
        }
      },
      () => resolve(),
    );
  });
  return { mediaId, done, cancel: () => void task.cancel() };
}
