import { LIMITS, RESOLVE_CODES, THREAT_LEVELS } from '@campus-safety/model';
import { imageProblem, requiredName, requiredText, type FieldErrors } from '../../lib/validation';

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
    title: requiredName(input.title, 'Title', LIMITS.title),
    description: requiredText(input.description, 'Description', LIMITS.body),
    resolveCode: (RESOLVE_CODES as readonly string[]).includes(input.resolveCode)
      ? undefined
      : 'Choose a resolve code.',
    threatLevel: (THREAT_LEVELS as readonly string[]).includes(input.threatLevel)
      ? undefined
      : 'Choose a threat level.',
    image: imageProblem(image),
  };
}
