import { z } from './zod-config';
import { LIMITS } from './constants';
import { isIsoDay } from './dates';
import { emailAddressProblem } from './email';
import { hiddenCharacterProblem } from './text';

/**
 * The zod building blocks of the callables' inputs (callable-inputs.ts), shared with the console's
 * forms so both sides refuse the same values with the same sentences.
 */

/** Error text for a missing or mistyped field, named the way a person reads the form. */
export function typeError(label: string, kind: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} must be ${kind}.`;
}

export interface TextOptions {
  /** Descriptions and bodies: tabs and line breaks allowed; names and titles are one line. */
  multiline?: boolean;
}

/** Refuses invisible and control characters (model's hiddenCharacterProblem). */
function visibleText(label: string, options: TextOptions) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = hiddenCharacterProblem(value, label, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** Required text: trimmed, non-empty, at most `max` characters, nothing hidden. */
export function requiredText(label: string, max: number, options: TextOptions = {}) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .superRefine(visibleText(label, options));
}

/** Optional text: trimmed, at most `max` characters, nothing hidden; absent stays absent. */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .superRefine(visibleText(label, options))
    .optional();
}

const MAX_DOC_ID_BYTES = 1500;

/** Why `id` cannot be a Firestore document id, or null when it can (Firestore's own limits). */
function documentIdProblem(id: string): string | null {
  if (id.length === 0) return 'is empty';
  if (new TextEncoder().encode(id).length > MAX_DOC_ID_BYTES)
    return `is over ${MAX_DOC_ID_BYTES} bytes`;
  if (id.includes('/')) return "contains '/'";
  if (id === '.' || id === '..') return "is '.' or '..'";
  if (/^__.*__$/.test(id)) return 'is reserved (__…__)';
  return null;
}

/**
 * A document id the console got from Firestore. Any valid id is accepted, not a narrower
 * pattern: the system's own ids (tag ids keep spaces, "cctv review") must round-trip.
 */
export function documentId(label: string) {
  return z.string({ error: typeError(label, 'a document id') }).superRefine((id, ctx) => {
    const problem = documentIdProblem(id);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: `${label} is not a valid document id (it ${problem}).`,
      });
  });
}

export function imageUrl() {
  return z
    .string({ error: typeError('Image URL', 'text') })
    .trim()
    .max(LIMITS.url, `Image URL must be at most ${LIMITS.url} characters.`)
    .regex(/^(https?:\/\/|gs:\/\/)\S+$/, 'Image URL must start with https://, http:// or gs://.')
    .nullish();
}

/** An email address (emailAddressProblem), trimmed and lower-cased as Firebase Auth stores it. */
export function email() {
  return z
    .string({ error: typeError('Email', 'text') })
    .trim()
    .toLowerCase()
    .superRefine((address, ctx) => {
      const problem = emailAddressProblem(address);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** A calendar day written YYYY-MM-DD that exists (birthdays). */
export function isoDay(label: string) {
  return z
    .string({ error: typeError(label, 'text') })
    .refine(isIsoDay, `${label} must be a date like 2001-04-30.`);
}

/**
 * The first problem of each top-level field of `input` under `schema`, keyed by field name (an
 * object-level refinement lands on its `path`): how the console's forms show the schema's verdict.
 */
export function fieldProblems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}
