import { STORAGE_PATHS } from '@campus-safety/model';
import { updateUser } from '../../data/users';
import { uploadFile } from '../../lib/storage';
import { safeFileName } from '../../lib/validation';
import type { ProfileInput } from './form';

/**
 * Own details only; role, campus and archive flag are the Admin's, and so is an IMT's name
 * (`withName: false`): the rules refuse them here.
 */
export function saveProfile(
  uid: string,
  input: ProfileInput,
  { withName }: { withName: boolean },
): Promise<void> {
  const name = withName
    ? { firstName: input.firstName.trim(), lastName: input.lastName.trim() }
    : {};
  return updateUser(
    uid,
    {
      ...name,
      contactNumber: input.contactNumber.trim(),
      address: input.address.trim(),
      birthday: input.birthday,
    },
    'Profile update failed',
  );
}

export async function savePhoto(uid: string, photo: File): Promise<void> {
  const uploaded = await uploadFile(
    STORAGE_PATHS.profilePhoto(uid, safeFileName(photo.name)),
    photo,
  );
  await updateUser(uid, { profileUrl: uploaded.url }, 'Profile photo update failed');
}
