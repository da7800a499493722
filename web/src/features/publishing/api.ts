import { collection, doc, updateDoc } from 'firebase/firestore';
import type { SavePublicationResponse } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { callFunction } from '../../lib/functions';
import { uploadFile } from '../../lib/storage';
import { safeFileName } from '../../lib/validation';
import { scheduledDateIso, type PublicationInput } from './form';
import type { PublicationKind } from './kinds';

export interface Publication {
  id: string;
  title: string;
  description?: string;
  body?: string;
  imageUrl?: string;
  tags?: string[];
  timestamp: { toDate(): Date; toMillis(): number };
  isArchived: boolean;
  isScheduled: boolean;
}

/** Saves through the callable (it publishes, schedules and pushes); the image goes to Storage first. */
export async function savePublication(
  kind: PublicationKind,
  input: PublicationInput,
  image: File | null,
  existing: Publication | null,
): Promise<SavePublicationResponse> {
  // New items get their image folder id here; the callable names the document itself.
  const folder = existing?.id ?? doc(collection(db, kind.collection)).id;
  const imageUrl = image
    ? (await uploadFile(kind.imagePath(folder, safeFileName(image.name)), image)).url
    : (existing?.imageUrl ?? null);
  try {
    return await callFunction(
      kind.callable,
      kind.request({
        id: existing?.id,
        title: input.title.trim(),
        text: input.text.trim(),
        imageUrl,
        tags: input.tags,
        scheduledDate: scheduledDateIso(input),
      }),
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      existing ? `${kind.updateFailed} ${detail}` : `Failed to create ${kind.singular}. ${detail}`,
    );
  }
}

export async function setPublicationArchived(kind: PublicationKind, id: string, archived: boolean) {
  try {
    await updateDoc(doc(db, kind.collection, id), { isArchived: archived });
  } catch (error) {
    console.error(`Archive of ${kind.singular} ${id} failed`, error);
    throw new Error(`${kind.updateFailed} ${messageOf(error)}`);
  }
}

export function publishDueNow() {
  return callFunction('publishScheduledNow', {});
}
