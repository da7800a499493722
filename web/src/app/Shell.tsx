import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { Button } from '../components/Button';
import { useAuth } from '../session/store';
import { AssignmentAlert } from '../features/alerts/AssignmentAlert';
import { ApprovalAlert, ApprovalBadge } from '../features/alerts/ApprovalAlert';
import { EscalationAlert } from '../features/alerts/EscalationAlert';
import { NewIncidentAlert } from '../features/alerts/NewIncidentAlert';
import { UnreadAlerts, UnreadBadge, useUnreadTitle } from '../features/alerts/UnreadAlerts';
import { TimeZoneNote } from '../components/Time';
import { ReporterRepliedAlert, ReporterRepliedBadge } from '../features/alerts/ReporterReplies';
import { EmergencyNumbers } from '../components/EmergencyNumbers';
import { consoleName } from '../lib/document-title';
import { fullName } from '../lib/format';
import { useInstitution } from '../lib/institution';
import { canSee } from './access';
import { NAV_SECTIONS } from './navigation';
import { OpenEscalationsBadge } from '../components/OpenEscalationsBadge';
import { EmergencyAlarm } from '../features/alerts/EmergencyAlarm';
import { CampusName } from '../components/CampusName';

/** Signed-in layout: navigation by role, the signed-in person, sign out, and the new-incident alert. */
export default function Shell() {
  const profile = useAuth((s) => s.profile);
  const user = useAuth((s) => s.user);
  const signOut = useAuth((s) => s.signOut);
  const [menuOpen, setMenuOpen] = useState(false);
  const role = profile?.role ?? null;
  const isStaff = (role === 'Admin' || role === 'IMT') && !!profile;
  useUnreadTitle();
  const institution = useInstitution();

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white lg:hidden print:hidden">
        <span className="font-semibold">{consoleName(institution)}</span>
        <Button
          variant="secondary"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </Button>
      </header>
      <aside
        id="main-nav"
        className={`${menuOpen ? 'block' : 'hidden'} w-full shrink-0 bg-slate-900 text-slate-100 lg:block lg:min-h-screen lg:w-60 print:hidden`}
      >
        <div className="hidden px-4 py-4 lg:block">
          <p className="text-lg font-semibold">{institution.name}</p>
          <p className="text-sm text-slate-300">Campus Safety Console</p>
        </div>
        <EmergencyNumbers stacked className="px-4 pb-3 text-slate-200" />
        <nav aria-label="Main" className="px-2 pb-4">
          {NAV_SECTIONS.map((section) => {
            const items = section.items.filter((item) => canSee(role, item.access));
            if (items.length === 0) return null;
            return (
              <div key={section.title} className="pt-3">
                <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
                  {section.title}
                </p>
                <ul>
                  {items.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end={item.to === '/'}
                        onClick={() => setMenuOpen(false)}
                        className={({ isActive }) =>
                          `block rounded px-2 py-1.5 text-sm ${isActive ? 'bg-sky-700 text-white' : 'text-slate-200 hover:bg-slate-800'}`
                        }
                      >
                        {item.label}
                        {isStaff && item.to === '/reports' && <UnreadBadge />}
                        {isStaff && item.to === '/escalations' && (
                          <OpenEscalationsBadge uid={user?.uid ?? ''} />
                        )}
                        {role === 'Admin' && user && item.to === '/mass-notifications' && (
                          <ApprovalBadge uid={user.uid} />
                        )}
                        {isStaff && item.to === '/reports' && (
                          <ReporterRepliedBadge role={role} campus={profile.campus} />
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        <div className="border-t border-slate-700 px-4 py-3 text-sm">
          <p className="font-medium">{profile ? fullName(profile) : user?.email}</p>
          <p className="text-slate-400">
            {role ?? 'No role'}
            {profile?.campus ? (
              <>
                {' '}
                · <CampusName id={profile.campus} />
              </>
            ) : (
              ''
            )}
          </p>
          <Button variant="secondary" className="mt-2 w-full" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </aside>
      <main id="main" className="relative min-w-0 flex-1 p-4 lg:p-6">
        {/* Printed documents name their own zone; the alerts button is no part of them. */}
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 print:hidden">
          <TimeZoneNote />
          {isStaff && <UnreadAlerts uid={user?.uid ?? null} />}
        </div>
        {(role === 'Admin' || role === 'IMT') && profile && (
          <EmergencyAlarm role={role} campus={profile.campus} />
        )}
        {!profile && (
          <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Your account details could not be found. Some screens may be empty; contact an
            administrator.
          </p>
        )}
        <Suspense fallback={<LoadingOverlay />}>
          <Outlet />
        </Suspense>
        {(role === 'Admin' || role === 'IMT') && profile && (
          <NewIncidentAlert role={role} campus={profile.campus} />
        )}
        {(role === 'Admin' || role === 'IMT') && user && <AssignmentAlert uid={user.uid} />}
        {(role === 'Admin' || role === 'IMT') && profile && (
          <EscalationAlert role={role} campus={profile.campus} />
        )}
        {role === 'Admin' && user && <ApprovalAlert uid={user.uid} />}
        {(role === 'Admin' || role === 'IMT') && profile && (
          <ReporterRepliedAlert role={role} campus={profile.campus} />
        )}
      </main>
    </div>
  );
}
