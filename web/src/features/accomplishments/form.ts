import { LIMITS, RESOLVE_CODES, THREAT_LEVELS, isOneOf } from '@campus-safety/model';
import { imageProblem, requiredText, type FieldErrors } from '../../lib/validation';

export interface AccomplishmentInput {
  title: string;
  description: string;
  resolveCode: string;
  threatLevel: string;
}
export type AccomplishmentField = keyof AccomplishmentInput | 'image';

export function validateAccomplishment(
  input: AccomplishmentInput,
  image: File | null,
): FieldErrors<AccomplishmentField> {
  return {
    title: requiredText(input.title, 'Title', LIMITS.title),
    description: requiredText(input.description, 'Description', LIMITS.body, { multiline: true }),
    resolveCode: isOneOf(RESOLVE_CODES, input.resolveCode) ? undefined : 'Choose a resolve code.',
    threatLevel: isOneOf(THREAT_LEVELS, input.threatLevel) ? undefined : 'Choose a threat level.',
    image: imageProblem(image),
  };
}
