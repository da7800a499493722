import { LIMITS } from '@campus-safety/model';
import { maxLength, type FieldErrors } from '../../lib/validation';

export interface ReleaseInput {
  version: string;
  versionCode: string;
  notes: string;
}
export type ReleaseField = keyof ReleaseInput | 'file';

const VERSION = /^\d+\.\d+(\.\d+)?([-+][\w.-]+)?$/;

/** Version like 1.4.0; versionCode a whole number above every earlier release's (app stores require it). */
export function validateRelease(
  input: ReleaseInput,
  file: File | null,
  highestCode: number,
): FieldErrors<ReleaseField> {
  const code = Number(input.versionCode);
  return {
    version: !input.version.trim()
      ? 'Version is required.'
      : VERSION.test(input.version.trim())
        ? undefined
        : 'Use a version like 1.4.0.',
    versionCode: !/^\d+$/.test(input.versionCode.trim())
      ? 'Version code must be a whole number.'
      : code <= highestCode
        ? `Version code must be greater than ${highestCode}.`
        : undefined,
    notes: maxLength(input.notes, LIMITS.releaseNotes, 'Notes'),
    file: !file
      ? 'Choose the build file.'
      : file.size === 0
        ? 'The file is empty.'
        : file.size > LIMITS.releaseBytes
          ? `Builds must be at most ${Math.round(LIMITS.releaseBytes / 1024 / 1024)} MB.`
          : undefined,
  };
}
