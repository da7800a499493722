import { z } from 'zod';

/** Error text for a missing or mistyped field, named the way a person reads the form. */
function typeError(label: string, kind: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} must be ${kind}.`;
}

/** Required text: trimmed, non-empty, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** Optional text: trimmed, at most `max` characters; absent stays absent. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional();
}

const DOC_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** A document id the console got from Firestore: letters, digits, '-' and '_' only. */
export function documentId(label: string) {
  return z
    .string({ error: typeError(label, 'a document id') })
    .regex(DOC_ID, `${label} is not a valid document id.`);
}

export const MAX_URL = 2048;

export function imageUrl() {
  return z
    .string({ error: typeError('Image URL', 'text') })
    .trim()
    .max(MAX_URL, `Image URL must be at most ${MAX_URL} characters.`)
    .regex(/^(https?:\/\/|gs:\/\/)\S+$/, 'Image URL must start with https://, http:// or gs://.')
    .nullish();
}

export { typeError };
