import { z } from 'zod';
import {
  CAMPUSES,
  LIMITS,
  MESSAGES,
  parseScheduledDate,
  ROLES,
  cleanTagName,
  scheduledDateProblem,
  tagNameRefusal,
} from '@campus-safety/model';
import { documentId, imageUrl, optionalText, requiredText, typeError } from './fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-.\s]*$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const createAccountSchema = z
  .strictObject({
    firstName: requiredText('First name', LIMITS.name),
    lastName: requiredText('Last name', LIMITS.name),
    email: z
      .string({ error: typeError('Email', 'text') })
      .trim()
      .toLowerCase()
      .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
      .regex(EMAIL, 'Enter a valid email address, like name@campus.edu.'),
    role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }),
    campus: z.enum(CAMPUSES, { error: `Campus must be one of ${CAMPUSES.join(', ')}.` }).nullable(),
    contactNumber: optionalText('Contact number', LIMITS.contactNumber).refine(
      (v) => v === undefined || PHONE.test(v),
      'Contact number may hold digits, spaces and + ( ) - . only.',
    ),
    address: optionalText('Address', LIMITS.address, { multiline: true }),
    birthday: z
      .string({ error: typeError('Birthday', 'text') })
      .refine(
        (v) => ISO_DAY.test(v) && parseScheduledDate(v) !== null,
        'Birthday must be a date like 2001-04-30.',
      )
      .optional(),
  })
  .refine((v) => v.role !== 'IMT' || v.campus !== null, {
    message: 'An IMT account needs a campus.',
    path: ['campus'],
  });
export type CreateAccountInput = z.infer<typeof createAccountSchema>;

/**
 * `scheduledDate`: absent or null publishes now; otherwise it must parse (spec section 5) and lie
 * in the model's SCHEDULE_WINDOW around the time of the call.
 */
const scheduledDate = z
  .string({ error: MESSAGES.invalidScheduledDate })
  .max(64, MESSAGES.invalidScheduledDate)
  .transform((value, ctx) => {
    const date = parseScheduledDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidScheduledDate });
      return z.NEVER;
    }
    const problem = scheduledDateProblem(date, new Date());
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `Scheduled date: ${problem}` });
      return z.NEVER;
    }
    return date;
  })
  .nullish();

export const saveArticleSchema = z.strictObject({
  id: documentId('Article id').optional(),
  title: requiredText('Title', LIMITS.title),
  description: requiredText('Description', LIMITS.body, { multiline: true }),
  imageUrl: imageUrl(),
  scheduledDate,
});
export type SaveArticleInput = z.infer<typeof saveArticleSchema>;

const tagName = z
  .string({ error: typeError('Each tag', 'text') })
  .transform(cleanTagName)
  .pipe(
    z
      .string()
      .min(1, 'Tags cannot be empty.')
      .max(LIMITS.tagName, `Tags must be at most ${LIMITS.tagName} characters.`)
      .superRefine((name, ctx) => {
        const refusal = tagNameRefusal(name);
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
      }),
  );

export const saveAnnouncementSchema = z.strictObject({
  id: documentId('Announcement id').optional(),
  title: requiredText('Title', LIMITS.title),
  body: requiredText('Body', LIMITS.body, { multiline: true }),
  imageUrl: imageUrl(),
  tags: z
    .array(tagName, { error: typeError('Tags', 'a list') })
    .max(LIMITS.tagsPerItem, `An announcement has at most ${LIMITS.tagsPerItem} tags.`)
    .transform((tags) => [...new Set(tags)]),
  scheduledDate,
});
export type SaveAnnouncementInput = z.infer<typeof saveAnnouncementSchema>;

export const addTagsSchema = z.strictObject({
  names: z
    .array(z.unknown(), { error: typeError('Tag names', 'a list') })
    .min(1, 'Give at least one tag name.')
    .max(LIMITS.tagsPerRequest, `Add at most ${LIMITS.tagsPerRequest} tags at a time.`),
});

export const renameTagSchema = z.strictObject({
  id: documentId('Tag id'),
  name: z.string({ error: typeError('Tag name', 'text') }).max(1000, 'Tag name is far too long.'),
});

export const deleteTagSchema = z.strictObject({ id: documentId('Tag id') });

/** Firestore allows at most 30 values in one array-contains-any filter. */
export const TAG_USAGE_MAX = 30;
export const tagUsageSchema = z.strictObject({
  names: z
    .array(tagName, { error: typeError('Tag names', 'a list') })
    .min(1, 'Give at least one tag name.')
    .max(TAG_USAGE_MAX, `Ask about at most ${TAG_USAGE_MAX} tags at a time.`),
});

/** The callable takes no input; an empty object or nothing at all. */
export const publishScheduledSchema = z.strictObject({}).nullish();
export const rebuildIncidentStatsSchema = publishScheduledSchema;
export const runHousekeepingSchema = publishScheduledSchema;

export const reissueDefaultPasswordSchema = z.strictObject({ uid: documentId('Account id') });
