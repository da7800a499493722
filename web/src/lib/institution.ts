import { DEFAULT_INSTITUTION, type Institution } from '@campus-safety/model';
import { create } from 'zustand';

/**
 * The institution profile as last read from `settings/institution` (data/institution.ts keeps it
 * live); the model's defaults until the first read and while it cannot be read. Its time zone is
 * the programme zone every time is shown and every datetime-local input is read in.
 */
export const useInstitutionStore = create<{ institution: Institution }>(() => ({
  institution: DEFAULT_INSTITUTION,
}));

export function currentInstitution(): Institution {
  return useInstitutionStore.getState().institution;
}

/** The programme time zone now (for code outside components; screens use the hook). */
export function programmeTimeZone(): string {
  return currentInstitution().timeZone;
}

export function useInstitution(): Institution {
  return useInstitutionStore((s) => s.institution);
}

export function useProgrammeTimeZone(): string {
  return useInstitutionStore((s) => s.institution.timeZone);
}
