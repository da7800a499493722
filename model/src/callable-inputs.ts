import { z } from './zod-config';
import { campusIdSchema } from './campuses';
import { LIMITS, MESSAGES } from './constants';
import { parseScheduledDate } from './dates';
import {
  documentId,
  email,
  imageUrl,
  isoDay,
  optionalText,
  requiredText,
  typeError,
} from './fields';
import { STAFF_ROLES } from './roles';
import { scheduledDateProblem } from './schedule';
import { cleanTagName, tagNameProblem } from './tags';

/**
 * The input schemas of the callables (the table in callables.ts). The functions parse every
 * request with them; the console's forms validate with the same ones where they take the same
 * fields, so a person meets one sentence per problem on either side.
 */

const PHONE = /^[0-9+()\-.\s]*$/;

export const IMT_NEEDS_CAMPUS = 'IMT members need a campus.';

/** An IMT works on one campus; Admins and app users may have none. */
export function imtHasCampus(account: { role: string; campus: string | null }): boolean {
  return account.role !== 'IMT' || account.campus !== null;
}

/**
 * Admins create staff accounts only: a created account's first password is an invitation the
 * Admin holds, and invitations are for staff (docs/decisions.md#invitations-staff-only).
 */
export const CREATED_ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}: reporters create their own accounts in the app.`;

export const createAccountSchema = z
  .strictObject({
    firstName: requiredText('First name', LIMITS.name),
    lastName: requiredText('Last name', LIMITS.name),
    email: email(),
    role: z.enum(STAFF_ROLES, { error: CREATED_ROLE_MESSAGE }),
    campus: campusIdSchema.nullable(),
    contactNumber: optionalText('Contact number', LIMITS.contactNumber).refine(
      (v) => v === undefined || PHONE.test(v),
      'Contact number may hold digits, spaces and + ( ) - . only.',
    ),
    address: optionalText('Address', LIMITS.address, { multiline: true }),
    birthday: isoDay('Birthday').optional(),
  })
  .refine(imtHasCampus, { message: IMT_NEEDS_CAMPUS, path: ['campus'] });

/**
 * `scheduledDate`: absent or null publishes now; otherwise it must parse
 * (docs/requirements.md#validation) and lie in the model's SCHEDULE_WINDOW around the time of the
 * call.
 */
export const scheduledDate = z
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

/**
 * One tag name as an announcement or a usage question carries it: cleaned, and refused for the
 * reasons (and in the words) of the model's tagNameProblem, which the console's tag forms use too.
 */
const tagNameSchema = z
  .string({ error: typeError('Each tag', 'text') })
  .transform(cleanTagName)
  .superRefine((name, ctx) => {
    const problem = tagNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const saveAnnouncementSchema = z.strictObject({
  id: documentId('Announcement id').optional(),
  title: requiredText('Title', LIMITS.title),
  body: requiredText('Body', LIMITS.body, { multiline: true }),
  imageUrl: imageUrl(),
  tags: z
    .array(tagNameSchema, { error: typeError('Tags', 'a list') })
    .max(LIMITS.tagsPerItem, `An announcement has at most ${LIMITS.tagsPerItem} tags.`)
    .transform((tags) => [...new Set(tags)]),
  scheduledDate,
});

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
    .array(tagNameSchema, { error: typeError('Tag names', 'a list') })
    .min(1, 'Give at least one tag name.')
    .max(TAG_USAGE_MAX, `Ask about at most ${TAG_USAGE_MAX} tags at a time.`),
});

/** The callable takes no input; an empty object or nothing at all. */
export const noInputSchema = z.strictObject({}).nullish();
