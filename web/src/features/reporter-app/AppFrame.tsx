import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { EmergencyNumbers } from '../../components/EmergencyNumbers';
import { useInstitution } from '../../lib/institution';
import { SosControl } from './emergency/SosControl';
import { OfflineBanner } from './offline/OfflineBanner';

/** A page of the app: one column, 390 px first, its title the page's one h1. */
export function AppPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-5">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

/**
 * The app's bar: the institution's name (its short name on a phone) with the SOS control, then
 * `children` (the signed-in sections), and under it the emergency numbers on every page, signed
 * in or not, and whether the browser is offline.
 */
export function AppBar({ children }: { children?: ReactNode }) {
  const { name, shortName } = useInstitution();
  return (
    <header className="bg-sky-800 text-white">
      <div className="mx-auto flex max-w-2xl flex-wrap items-center gap-1 px-4 py-3">
        <span className="flex basis-full items-center gap-2 sm:mr-auto sm:basis-auto">
          <span className="mr-auto font-semibold tracking-wide">
            <span className="sm:hidden">{shortName}</span>
            <span className="hidden sm:inline">{name}</span>
          </span>
          <SosControl />
        </span>
        {children}
      </div>
      <div className="bg-sky-950">
        <EmergencyNumbers className="mx-auto max-w-2xl px-4 py-1.5" />
      </div>
      <OfflineBanner />
    </header>
  );
}

/** A page outside the signed-in sections (sign-in, sign-up, verification, the staff note). */
export function AppFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <AppBar />
      <AppPage title={title}>{children}</AppPage>
    </>
  );
}

/** One section of the app's navigation. */
export function AppNavLink({
  to,
  end,
  children,
}: {
  to: string;
  end?: boolean;
  children: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        `rounded px-1.5 py-1 text-sm font-medium hover:bg-sky-700 sm:px-2 ${isActive ? 'bg-sky-950' : ''}`
      }
    >
      {children}
    </NavLink>
  );
}
