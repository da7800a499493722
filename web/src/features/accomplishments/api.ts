import { collection, doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS, STORAGE_PATHS, type AccomplishmentReport } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { safeFileName } from '../../lib/validation';
import type { AccomplishmentInput } from './form';

export type Accomplishment = AccomplishmentReport & { id: string };

/** Staff write the incident's sub-collection; the server copies it to the top level. */
function sourceRef(incidentId: string, accomplishmentId: string) {
  return doc(
    db,
    COLLECTIONS.incidentReports,
    incidentId,
    COLLECTIONS.accomplishmentReports,
    accomplishmentId,
  );
}

async function uploadImage(incidentId: string, image: File): Promise<string> {
  const { uploadFile } = await import('../../lib/storage');
  const uploaded = await uploadFile(
    STORAGE_PATHS.accomplishmentImage(incidentId, safeFileName(image.name)),
    image,
  );
  return uploaded.url;
}

function clean(input: AccomplishmentInput) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    resolveCode: input.resolveCode,
    threatLevel: input.threatLevel,
  };
}

export async function submitAccomplishment(
  incidentId: string,
  input: AccomplishmentInput,
  image: File | null,
): Promise<string> {
  const ref = doc(
    collection(db, COLLECTIONS.incidentReports, incidentId, COLLECTIONS.accomplishmentReports),
  );
  const imageUrl = image ? await uploadImage(incidentId, image) : undefined;
  try {
    await setDoc(ref, {
      ...clean(input),
      ...(imageUrl ? { imageUrl } : {}),
      isArchived: false,
      timestamp: serverTimestamp(),
    });
  } catch (error) {
    console.error('Accomplishment report failed', error);
    throw new Error(messageOf(error));
  }
  return ref.id;
}

export async function updateAccomplishment(
  incidentId: string,
  accomplishmentId: string,
  input: AccomplishmentInput,
  image: File | null,
): Promise<void> {
  const imageUrl = image ? await uploadImage(incidentId, image) : undefined;
  try {
    await updateDoc(sourceRef(incidentId, accomplishmentId), {
      ...clean(input),
      ...(imageUrl ? { imageUrl } : {}),
    });
  } catch (error) {
    console.error('Accomplishment update failed', error);
    throw new Error(messageOf(error));
  }
}

/** Archives the top-level copy; the server carries the flag back to the incident's sub-collection. */
export async function setAccomplishmentArchived(accomplishmentId: string, archived: boolean) {
  try {
    await updateDoc(doc(db, COLLECTIONS.accomplishmentReports, accomplishmentId), {
      isArchived: archived,
    });
  } catch (error) {
    console.error('Accomplishment archive failed', error);
    throw new Error(messageOf(error));
  }
}
