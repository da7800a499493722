import { SelectField } from '../../../components/fields';
import type { FieldBinding } from '../../../components/use-form';
import { useCampuses } from '../../../data/settings';
import { AFFILIATION_OPTIONS, campusChoices } from './place';

/** The campus and affiliation selects every form of the app asks them with. */
export function PlaceFields({
  campus,
  affiliation,
}: {
  campus: FieldBinding;
  affiliation: FieldBinding;
}) {
  const campuses = useCampuses();
  return (
    <>
      <SelectField
        label="Your campus"
        {...campus}
        options={campusChoices(campuses)}
        placeholder="Choose your campus…"
        hint="Safety alerts for this campus reach you, and the report map opens on it."
      />
      <SelectField
        label="Affiliation"
        {...affiliation}
        options={AFFILIATION_OPTIONS}
        placeholder="Choose your affiliation…"
        hint="Whether you are a student, faculty, staff or a visitor."
      />
    </>
  );
}
