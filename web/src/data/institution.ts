import { institutionOf } from '@campus-safety/model';
import { useEffect } from 'react';
import { useInstitutionStore } from '../lib/institution';
import { useLiveDoc } from './live-query';
import { settingSpec } from './settings';

/**
 * Keeps the institution store (lib/institution.ts) equal to `settings/institution`, live: a
 * saved zone, name or number reaches the console and the app without a rebuild. Mounted once,
 * at the root; a missing or unreadable document leaves the model's defaults.
 */
export function useInstitutionSync(): void {
  const stored = useLiveDoc(settingSpec('institution')).data;
  useEffect(() => {
    useInstitutionStore.setState({ institution: institutionOf(stored) });
  }, [stored]);
}
