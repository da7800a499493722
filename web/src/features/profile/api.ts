import { doc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS, STORAGE_PATHS } from '@campus-safety/model';
import { db } from '../../lib/db';
import { messageOf } from '../../lib/errors';
import { uploadFile } from '../../lib/storage';
import { safeFileName } from '../../lib/validation';
import type { ProfileInput } from './form';

/** Own details only; role, campus and archive flag are the Admin's (rules refuse them here). */
export async function saveProfile(uid: string, input: ProfileInput): Promise<void> {
  try {
    await updateDoc(doc(db, COLLECTIONS.users, uid), {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      contactNumber: input.contactNumber.trim(),
      address: input.address.trim(),
      birthday: input.birthday,
    });
  } catch (error) {
    console.error('Profile update failed', error);
    throw new Error(messageOf(error));
  }
}

export async function savePhoto(uid: string, photo: File): Promise<void> {
  const uploaded = await uploadFile(
    STORAGE_PATHS.profilePhoto(uid, safeFileName(photo.name)),
    photo,
  );
  try {
    await updateDoc(doc(db, COLLECTIONS.users, uid), { profileUrl: uploaded.url });
  } catch (error) {
    console.error('Profile photo update failed', error);
    throw new Error(messageOf(error));
  }
}
