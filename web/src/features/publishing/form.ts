import { LIMITS, MESSAGES, scheduledDateProblem } from '@campus-safety/model';
import { parseDateTimeLocal } from '../../lib/format';
import { imageProblem, requiredText, type FieldErrors } from '../../lib/validation';

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

export function validatePublication(
  input: PublicationInput,
  image: File | null,
  options: { textLabel: string; now: Date; withTags: boolean },
): FieldErrors<PublicationField> {
  let scheduledAt: string | undefined;
  if (input.when === 'schedule') {
    const date = parseDateTimeLocal(input.scheduledAt);
    if (!date) scheduledAt = MESSAGES.invalidScheduledDate;
    else if (date <= options.now) scheduledAt = 'Choose a time in the future, or publish now.';
    else scheduledAt = scheduledDateProblem(date, options.now) ?? undefined;
  }
  return {
    title: requiredText(input.title, 'Title', LIMITS.title),
    text: requiredText(input.text, options.textLabel, LIMITS.body, { multiline: true }),
    scheduledAt,
    tags:
      options.withTags && input.tags.length > LIMITS.tagsPerItem
        ? `Choose at most ${LIMITS.tagsPerItem} tags.`
        : undefined,
    image: imageProblem(image),
  };
}
