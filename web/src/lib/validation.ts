import {
  IMAGE_CONTENT_TYPES,
  LIMITS,
  hiddenCharacterProblem,
  isOneOf,
  emailAddressProblem,
} from '@campus-safety/model';

/** Field problems keyed by field name; an empty object means the form may be sent. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function required(value: string, label: string): string | undefined {
  return value.trim() === '' ? `${label} is required.` : undefined;
}

export function maxLength(value: string, max: number, label: string): string | undefined {
  return value.length > max ? `${label} must be at most ${max} characters.` : undefined;
}

/** Names and titles are one line; descriptions and bodies (`multiline`) keep breaks and tabs. */
export function visibleText(
  value: string,
  label: string,
  options: { multiline?: boolean } = {},
): string | undefined {
  return hiddenCharacterProblem(value, label, options) ?? undefined;
}

export function requiredText(
  value: string,
  label: string,
  max: number,
  options: { multiline?: boolean } = {},
): string | undefined {
  return (
    required(value, label) ?? maxLength(value, max, label) ?? visibleText(value, label, options)
  );
}

/** The model's email rule (the one createAccount applies), for fields that take only an email. */
export function emailProblem(value: string): string | undefined {
  return emailAddressProblem(value) ?? undefined;
}

export function imageProblem(file: File | null | undefined): string | undefined {
  if (!file) return undefined;
  if (!isOneOf(IMAGE_CONTENT_TYPES, file.type)) {
    return 'Choose a JPEG, PNG, WebP or GIF image.';
  }
  if (file.size > LIMITS.imageBytes) {
    return `Images must be at most ${Math.round(LIMITS.imageBytes / 1024 / 1024)} MB.`;
  }
  return undefined;
}

/**
 * Storage object name safe for any path: keeps the extension, drops odd characters, and stays
 * within LIMITS.fileName (the storage rules refuse longer names).
 */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'file';
  const prefix = `${Date.now()}-`;
  const room = LIMITS.fileName - prefix.length;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  const fitted =
    cleaned.length <= room ? cleaned : cleaned.slice(0, room - extension.length) + extension;
  return prefix + fitted;
}
