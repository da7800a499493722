import type { Institution } from '@campus-safety/model';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { currentInstitution, useInstitution } from './institution';

/** The console's name as its people read it: "Metro U Safety Console" (the saved short name). */
export function consoleName(institution: Institution = currentInstitution()): string {
  return `${institution.shortName} Safety Console`;
}

/** The tab title: most specific first, the console's name last ("Reports · North Campus · …"). */
export function documentTitle(
  parts: readonly (string | null | undefined)[],
  institution: Institution = currentInstitution(),
): string {
  return [...parts.filter((p): p is string => Boolean(p?.trim())), consoleName(institution)].join(
    ' · ',
  );
}

const DetailContext = createContext<((detail: readonly string[]) => void) | null>(null);

/**
 * Sets `document.title` for a route: its title from the routes table, then whatever detail the
 * screen adds with `useTitleDetail`. The router wraps every route in one, so no screen is left
 * titled by the one before it.
 */
export function RouteTitle({ title, children }: { title: string; children: ReactNode }) {
  const [detail, setDetail] = useState<readonly string[]>([]);
  const text = documentTitle([title, ...detail], useInstitution());
  useEffect(() => {
    document.title = text;
  }, [text]);
  return <DetailContext.Provider value={setDetail}>{children}</DetailContext.Provider>;
}

/** What a screen adds to its route's title (a campus, a report); cleared when it unmounts. */
export function useTitleDetail(...detail: (string | null | undefined)[]): void {
  const setDetail = useContext(DetailContext);
  const key = JSON.stringify(detail.filter(Boolean));
  useEffect(() => {
    if (!setDetail) return;
    setDetail(JSON.parse(key) as string[]);
    return () => setDetail([]);
  }, [key, setDetail]);
}
