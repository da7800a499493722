import { STORAGE_PATHS } from '@campus-safety/model';
import {
  createAccomplishment,
  newAccomplishmentId,
  updateAccomplishmentContent,
  type AccomplishmentContent,
} from '../../data/accomplishments';
import { safeFileName } from '../../lib/validation';
import type { AccomplishmentInput } from './form';

async function uploadImage(incidentId: string, image: File): Promise<string> {
  const { uploadFile } = await import('../../lib/storage');
  const uploaded = await uploadFile(
    STORAGE_PATHS.accomplishmentImage(incidentId, safeFileName(image.name)),
    image,
  );
  return uploaded.url;
}

/** The form's values as stored, with the image's URL once it is uploaded. */
function content(input: AccomplishmentInput, imageUrl: string | undefined): AccomplishmentContent {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    resolveCode: input.resolveCode,
    threatLevel: input.threatLevel,
    ...(imageUrl ? { imageUrl } : {}),
  };
}

export async function submitAccomplishment(
  incidentId: string,
  input: AccomplishmentInput,
  image: File | null,
): Promise<string> {
  const id = newAccomplishmentId(incidentId);
  const imageUrl = image ? await uploadImage(incidentId, image) : undefined;
  await createAccomplishment(incidentId, id, content(input, imageUrl));
  return id;
}

export async function updateAccomplishment(
  incidentId: string,
  accomplishmentId: string,
  input: AccomplishmentInput,
  image: File | null,
): Promise<void> {
  const imageUrl = image ? await uploadImage(incidentId, image) : undefined;
  await updateAccomplishmentContent(incidentId, accomplishmentId, content(input, imageUrl));
}
