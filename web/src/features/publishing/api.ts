import type { SavePublicationResponse } from '@campus-safety/model';
import {
  newPublicationId,
  setPublicationArchived as writeArchived,
  type Publication,
} from '../../data/publications';
import { messageOf } from '../../lib/errors';
import { callFunction } from '../../lib/functions';
import { uploadFile } from '../../lib/storage';
import { safeFileName } from '../../lib/validation';
import { scheduledDateIso, type PublicationInput } from './form';
import type { PublicationKind } from './kinds';

/** Saves through the callable (it publishes, schedules and pushes); the image goes to Storage first. */
export async function savePublication(
  kind: PublicationKind,
  input: PublicationInput,
  image: File | null,
  existing: Publication | null,
): Promise<SavePublicationResponse> {
  // New items get their image folder id here; the callable names the document itself.
  const folder = existing?.id ?? newPublicationId(kind.collection);
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
    await writeArchived(kind.collection, id, archived, `Archive of ${kind.singular} ${id} failed`);
  } catch (error) {
    throw new Error(`${kind.updateFailed} ${messageOf(error)}`);
  }
}

export function publishDueNow() {
  return callFunction('publishScheduledNow', {});
}
