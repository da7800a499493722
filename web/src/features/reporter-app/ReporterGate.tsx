import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useLocationSharing } from './profile/location-sharing';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { Button } from '../../components/Button';
import { useLiveQuery } from '../../data/live-query';
import { notificationsSpec } from '../../data/reporter';
import { useAuth } from '../../session/store';
import { reporterAccess } from './access';
import { AppBar, AppFrame, AppNavLink } from './AppFrame';
import { HeldReports } from './offline/HeldReports';
import { FinishAccount } from './auth/FinishAccount';
import { placeUnanswered } from './profile/place';

function UnreadCount({ uid }: { uid: string }) {
  const notifications = useLiveQuery(notificationsSpec(uid));
  const unread = notifications.data.filter((n) => !n.isRead).length;
  if (unread === 0) return null;
  return (
    <span className="ml-1 rounded-full bg-amber-300 px-1.5 text-xs font-semibold text-slate-900">
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The signed-in part of the app: only a verified app user (role User) gets its pages; strangers
 * sign in, unverified accounts verify, staff are sent to the console (docs/reporter-app.md).
 */
export default function ReporterGate() {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? null);
  const email = useAuth((s) => s.user?.email ?? '');
  const signOut = useAuth((s) => s.signOut);
  const location = useLocation();
  // Runs on every gated page (a verified, live app user: what the rules require to share).
  useLocationSharing(reporterAccess({ status, emailVerified, profile }) === 'allowed' ? uid : null);
  switch (reporterAccess({ status, emailVerified, profile })) {
    case 'loading':
      return <LoadingOverlay fullScreen label="Checking your session…" />;
    case 'sign-in':
      return <Navigate to="/app/sign-in" replace state={{ from: location.pathname }} />;
    case 'verify-email':
      return <Navigate to="/app/verify" replace />;
    case 'no-profile':
      return <FinishAccount />;
    case 'staff':
      return (
        <AppFrame title="This app is for reporting incidents">
          <p className="text-sm text-slate-700">
            You are signed in with a staff account ({profile?.role}). Staff work on reports in the
            console; the reporter app is for students and employees who report an incident.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href="/"
              className="rounded-md bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-800"
            >
              Open the console
            </a>
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </AppFrame>
      );
  }
  return (
    <>
      <AppBar>
        <nav aria-label="Reporter app" className="flex flex-wrap items-center gap-1">
          <AppNavLink to="/app" end>
            My reports
          </AppNavLink>
          <AppNavLink to="/app/report">Report</AppNavLink>
          <AppNavLink to="/app/safety-timer">Timer</AppNavLink>
          <AppNavLink to="/app/notifications">
            Notifications {uid && <UnreadCount uid={uid} />}
          </AppNavLink>
          <AppNavLink to="/app/profile">Profile</AppNavLink>
          <button
            type="button"
            onClick={() => void signOut()}
            className="rounded px-1.5 py-1 text-sm font-medium hover:bg-sky-700 sm:px-2"
          >
            Sign out
          </button>
        </nav>
      </AppBar>
      {profile && placeUnanswered(profile) && location.pathname !== '/app/profile' && (
        <div className="mx-auto max-w-2xl px-4 pt-4">
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
            Choose your campus so that its safety alerts reach you.{' '}
            <Link to="/app/profile" className="font-medium text-sky-800 underline">
              Choose your campus
            </Link>
          </p>
        </div>
      )}
      {uid && <HeldReports uid={uid} email={email} />}
      <Outlet />
    </>
  );
}
