import { LIMITS, THREAT_LEVELS, isOneOf } from '@campus-safety/model';
import { imageProblem, requiredText, type FieldErrors } from '../../lib/validation';

export interface AccomplishmentInput {
  title: string;
  description: string;
  resolveCode: string;
  threatLevel: string;
}
export type AccomplishmentField = keyof AccomplishmentInput | 'image';

/** `codes`: the codes offered (the saved list, and an edited report's own code). */
export function validateAccomplishment(
  input: AccomplishmentInput,
  image: File | null,
  codes: readonly string[],
): FieldErrors<AccomplishmentField> {
  return {
    title: requiredText(input.title, 'Title', LIMITS.title),
    description: requiredText(input.description, 'Description', LIMITS.body, { multiline: true }),
    resolveCode: codes.includes(input.resolveCode) ? undefined : 'Choose a resolve code.',
    threatLevel: isOneOf(THREAT_LEVELS, input.threatLevel) ? undefined : 'Choose a threat level.',
    image: imageProblem(image),
  };
}
