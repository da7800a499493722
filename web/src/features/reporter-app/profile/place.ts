import {
  AFFILIATIONS,
  AFFILIATION_LABELS,
  activeCampuses,
  type Campuses,
  fieldProblems,
  reporterPlaceSchema,
  type Affiliation,
  type ReporterPlace,
} from '@campus-safety/model';
import type { FieldErrors } from '../../../lib/validation';

/**
 * A reporter's campus and affiliation as the app's forms hold them (sign-up, finishing an
 * account, Your profile): each select's value, '' while not chosen. What is saved is the model's
 * `reporterPlaceSchema` (docs/reporter-app.md#campus-and-affiliation).
 */
export interface PlaceForm {
  campus: string;
  affiliation: string;
}
export type PlaceField = keyof PlaceForm;

/** The campus select's value for "None of these" (`campus: null`): no campus id starts with "-". */
export const NO_CAMPUS = '-none';

export const EMPTY_PLACE: PlaceForm = { campus: '', affiliation: '' };

/** The campus select's choices: the active campuses by name, then "None of these". */
export function campusChoices(campuses: Campuses): { value: string; label: string }[] {
  return [
    ...activeCampuses(campuses).map((c) => ({ value: c.id, label: c.name })),
    { value: NO_CAMPUS, label: 'None of these' },
  ];
}

export const AFFILIATION_OPTIONS = AFFILIATIONS.map((a) => ({
  value: a,
  label: AFFILIATION_LABELS[a],
}));

/**
 * The form's values for a stored account. A null campus is "None of these" once the reporter
 * has answered (an affiliation is set), and not chosen yet before (accounts older than the
 * question, whose campus is null by default).
 */
export function placeOf(profile: { campus: string | null; affiliation?: Affiliation }): PlaceForm {
  return {
    campus: profile.campus ?? (profile.affiliation ? NO_CAMPUS : ''),
    affiliation: profile.affiliation ?? '',
  };
}

/** What is written to the users doc. */
export function placeRequest(form: PlaceForm): ReporterPlace {
  return {
    campus: form.campus === NO_CAMPUS ? null : (form.campus as ReporterPlace['campus']),
    affiliation: form.affiliation as Affiliation,
  };
}

/** Both must be chosen; a chosen value is then the model's schema's to judge (the rules' list). */
export function placeProblems(form: PlaceForm): FieldErrors<PlaceField> {
  const problems: FieldErrors<PlaceField> = fieldProblems(reporterPlaceSchema, placeRequest(form));
  if (form.campus === '') problems.campus = 'Choose your campus, or “None of these”.';
  if (form.affiliation === '')
    problems.affiliation = 'Choose your affiliation: student, faculty, staff or visitor.';
  return problems;
}

/** An app user who was never asked (an account from before the question): the app invites them. */
export function placeUnanswered(profile: { role: string; affiliation?: Affiliation }): boolean {
  return profile.role === 'User' && profile.affiliation === undefined;
}
