import { LIMITS } from '@campus-safety/model';
import { maxLength, requiredName, type FieldErrors } from '../../lib/validation';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  contactNumber: string;
  address: string;
  birthday: string;
}

export function validateProfile(input: ProfileInput): FieldErrors<keyof ProfileInput> {
  return {
    firstName: requiredName(input.firstName, 'First name', LIMITS.name),
    lastName: requiredName(input.lastName, 'Last name', LIMITS.name),
    contactNumber:
      maxLength(input.contactNumber, LIMITS.contactNumber, 'Contact number') ??
      (input.contactNumber && !/^[+\d][\d\s()-]*$/.test(input.contactNumber)
        ? 'Use digits, spaces, +, ( ) and - only.'
        : undefined),
    address: maxLength(input.address, LIMITS.address, 'Address'),
    birthday:
      input.birthday &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(input.birthday) || new Date(input.birthday) > new Date())
        ? 'Enter a valid past date.'
        : undefined,
  };
}
