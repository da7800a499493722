import { institutionOf, settingPath } from '@campus-safety/model';
import { rememberInstitution, useInstitutionStore } from '../lib/institution';
import { entityConverter, listenToDoc } from './firestore';

/**
 * Keeps the institution store (lib/institution.ts) equal to `settings/institution`, live: a
 * saved zone, name or number reaches the console and the app without a rebuild. Opened once, at
 * the root; a missing or unreadable document leaves the model's defaults.
 */
export function listenToInstitution(): () => void {
  return listenToDoc(
    { path: settingPath('institution'), converter: entityConverter() },
    (stored) => {
      const institution = institutionOf(stored);
      rememberInstitution(institution);
      useInstitutionStore.setState({ institution });
    },
    (error) => console.error('The institution profile could not be read', error),
  );
}
