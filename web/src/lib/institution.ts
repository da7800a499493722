import { DEFAULT_INSTITUTION, institutionOf, type Institution } from '@campus-safety/model';
import { create } from 'zustand';

/** Where this browser keeps the profile it last read (public data, like the document itself). */
export const INSTITUTION_CACHE_KEY = 'campus-safety.institution';

/**
 * The profile this browser read last, checked as a stored one is: a page opens in the saved zone
 * at once, so the first read changes nothing and the screens are not rendered again in another
 * zone (App.tsx does that for a real change, which would drop what was being typed).
 */
function lastRead(): Institution {
  try {
    const cached = localStorage.getItem(INSTITUTION_CACHE_KEY);
    return institutionOf(cached === null ? null : { institution: JSON.parse(cached) });
  } catch {
    return DEFAULT_INSTITUTION;
  }
}

/** Keeps `institution` as the profile this browser read last (storage refused: not kept). */
export function rememberInstitution(institution: Institution): void {
  try {
    localStorage.setItem(INSTITUTION_CACHE_KEY, JSON.stringify(institution));
  } catch {
    // Private mode or full storage: the next page opens in the defaults, then follows the read.
  }
}

/**
 * The institution profile as last read from `settings/institution` (data/institution.ts keeps it
 * live); until the first read, the one this browser read before, else the model's defaults. Its
 * time zone is the programme zone every time is shown and every datetime-local input is read in.
 */
export const useInstitutionStore = create<{ institution: Institution }>(() => ({
  institution: lastRead(),
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
