import {
  MESSAGES,
  fieldProblems,
  saveAnnouncementSchema,
  saveArticleSchema,
  scheduledDateProblem,
} from '@campus-safety/model';
import { parseDateTimeLocal } from '../../lib/format';
import { imageProblem, type FieldErrors } from '../../lib/validation';

export interface PublicationInput {
  title: string;
  text: string;
  /** 'now' publishes immediately (and pushes); 'schedule' publishes at `scheduledAt`. */
  when: 'now' | 'schedule';
  /** Value of a datetime-local input: wall time in the programme time zone. */
  scheduledAt: string;
  tags: string[];
}
export type PublicationField = keyof PublicationInput | 'image';

export function scheduledDateIso(input: PublicationInput): string | null {
  if (input.when !== 'schedule') return null;
  return parseDateTimeLocal(input.scheduledAt)?.toISOString() ?? null;
}

/**
 * Title, text and tags are checked by the save callable's own schema (the same sentences the
 * server would answer); the schedule is read from a datetime-local field, so it is checked here.
 */
export function validatePublication(
  input: PublicationInput,
  image: File | null,
  options: { now: Date; withTags: boolean },
): FieldErrors<PublicationField> {
  let scheduledAt: string | undefined;
  if (input.when === 'schedule') {
    const date = parseDateTimeLocal(input.scheduledAt);
    if (!date) scheduledAt = MESSAGES.invalidScheduledDate;
    else if (date <= options.now) scheduledAt = 'Choose a time in the future, or publish now.';
    else scheduledAt = scheduledDateProblem(date, options.now) ?? undefined;
  }
  const problems = options.withTags
    ? fieldProblems(saveAnnouncementSchema, {
        title: input.title,
        body: input.text,
        tags: input.tags,
      })
    : fieldProblems(saveArticleSchema, { title: input.title, description: input.text });
  return {
    title: problems.title,
    text: options.withTags ? problems.body : problems.description,
    scheduledAt,
    tags: problems.tags,
    image: imageProblem(image),
  };
}
