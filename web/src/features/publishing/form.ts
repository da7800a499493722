import { LIMITS, MESSAGES } from '@campus-safety/model';
import { imageProblem, requiredName, requiredText, type FieldErrors } from '../../lib/validation';

export interface PublicationInput {
  title: string;
  text: string;
  /** 'now' publishes immediately (and pushes); 'schedule' publishes at `scheduledAt`. */
  when: 'now' | 'schedule';
  /** Value of a datetime-local input. */
  scheduledAt: string;
  tags: string[];
}
export type PublicationField = keyof PublicationInput | 'image';

export function scheduledDateIso(input: PublicationInput): string | null {
  if (input.when !== 'schedule') return null;
  const date = new Date(input.scheduledAt);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function validatePublication(
  input: PublicationInput,
  image: File | null,
  options: { textLabel: string; now: Date; withTags: boolean },
): FieldErrors<PublicationField> {
  let scheduledAt: string | undefined;
  if (input.when === 'schedule') {
    const date = new Date(input.scheduledAt);
    if (!input.scheduledAt || Number.isNaN(date.getTime()))
      scheduledAt = MESSAGES.invalidScheduledDate;
    else if (date <= options.now) scheduledAt = 'Choose a time in the future, or publish now.';
  }
  return {
    title: requiredName(input.title, 'Title', LIMITS.title),
    text: requiredText(input.text, options.textLabel, LIMITS.body),
    scheduledAt,
    tags:
      options.withTags && input.tags.length > LIMITS.tagsPerItem
        ? `Choose at most ${LIMITS.tagsPerItem} tags.`
        : undefined,
    image: imageProblem(image),
  };
}
