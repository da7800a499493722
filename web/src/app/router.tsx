import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { ADMIN_ONLY, SIGNED_IN, STAFF_ONLY, type RouteAccess } from './access';
import { RouteTitle } from '../lib/document-title';
import { RequireRole, RequireSession } from './guards';
import NotFoundPage from './NotFoundPage';

// Every screen is its own chunk (docs/requirements.md#routes: screens load lazily behind an
// overlay).
const Shell = lazy(() => import('./Shell'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const EmailVerificationPage = lazy(() => import('../features/auth/EmailVerificationPage'));
const InvitationPage = lazy(() => import('../features/auth/InvitationPage'));
const UnauthorizedPage = lazy(() => import('../features/auth/UnauthorizedPage'));
const DownloadPage = lazy(() => import('../features/download/DownloadPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const IncidentsScreen = lazy(() => import('./screens/IncidentsScreen'));
const AccomplishmentsPage = lazy(() => import('../features/accomplishments/AccomplishmentsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AccountsPage = lazy(() => import('../features/accounts/AccountsPage'));
const ArticlesPage = lazy(() => import('../features/publishing/ArticlesPage'));
const AnnouncementsPage = lazy(() => import('../features/publishing/AnnouncementsPage'));
const TagsPage = lazy(() => import('../features/tags/TagsPage'));
const ReleasesPage = lazy(() => import('../features/releases/ReleasesPage'));
const CrimeLogPage = lazy(() => import('../features/clery/crime-log/CrimeLogPage'));
const AnnualTablesPage = lazy(() => import('../features/clery/annual/AnnualTablesPage'));
const FireLogPage = lazy(() => import('../features/clery/fire-log/FireLogPage'));
const WarningsPage = lazy(() => import('../features/clery/warnings/WarningsPage'));
const PrintIncidentPage = lazy(() => import('../features/incidents/detail/PrintIncidentPage'));
const EscalationsPage = lazy(() => import('../features/incidents/triage/EscalationsPage'));
const MassNotificationsPage = lazy(
  () => import('../features/mass-notifications/MassNotificationsPage'),
);
const MassNotificationPage = lazy(
  () => import('../features/mass-notifications/MassNotificationPage'),
);
const OnCallPage = lazy(() => import('../features/oncall/OnCallPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const RosterPage = lazy(() => import('../features/roster/RosterPage'));
// The reporter app (/app): its own layout and chunks, so the console's bundle does not carry it.
const EmergencyPage = lazy(() => import('../features/emergencies/EmergencyPage'));
const EmergenciesPage = lazy(() => import('../features/emergencies/EmergenciesPage'));
const ReporterLayout = lazy(() => import('../features/reporter-app/ReporterLayout'));
const ReporterGate = lazy(() => import('../features/reporter-app/ReporterGate'));
const ReporterSignIn = lazy(() => import('../features/reporter-app/auth/SignInPage'));
const ReporterSignUp = lazy(() => import('../features/reporter-app/auth/SignUpPage'));
const ReporterVerify = lazy(() => import('../features/reporter-app/auth/VerifyEmailPage'));
const ReporterReset = lazy(() => import('../features/reporter-app/auth/ResetPasswordPage'));
const MyReportsPage = lazy(() => import('../features/reporter-app/my-reports/MyReportsPage'));
const ReportDetailPage = lazy(() => import('../features/reporter-app/my-reports/ReportDetailPage'));
const NewReportPage = lazy(() => import('../features/reporter-app/report/NewReportPage'));
const ReporterProfilePage = lazy(() => import('../features/reporter-app/profile/ProfilePage'));
const ReporterEmergencyPage = lazy(
  () => import('../features/reporter-app/emergency/EmergencyPage'),
);
const SafetyTimerPage = lazy(() => import('../features/reporter-app/safety-timer/SafetyTimerPage'));
const NotificationsPage = lazy(
  () => import('../features/reporter-app/notifications/NotificationsPage'),
);

type Screen = LazyExoticComponent<ComponentType<{ archived?: boolean }>>;

function page(Screen: Screen, props: { archived?: boolean } = {}, fullScreen = false) {
  return (
    <Suspense fallback={<LoadingOverlay fullScreen={fullScreen} />}>
      <Screen {...props} />
    </Suspense>
  );
}

/** A screen under its tab title (document-title.tsx). */
function titled(title: string, Screen: Screen, fullScreen = false) {
  return <RouteTitle title={title}>{page(Screen, {}, fullScreen)}</RouteTitle>;
}

const notFound = (
  <RouteTitle title="Page not found">
    <NotFoundPage />
  </RouteTitle>
);

function guarded(
  path: string | undefined,
  title: string,
  access: RouteAccess,
  Screen: Screen,
  archived = false,
): RouteObject {
  const element = (
    <RouteTitle title={title}>
      <RequireRole access={access}>{page(Screen, archived ? { archived } : {})}</RequireRole>
    </RouteTitle>
  );
  return path === undefined ? { index: true, element } : { path, element };
}

/** All routes of docs/requirements.md#routes, in one place. */
export const routes: RouteObject[] = [
  { path: '/login', element: titled('Sign in', LoginPage, true), errorElement: notFound },
  {
    path: '/email-verification',
    element: titled('Verify your email', EmailVerificationPage, true),
    errorElement: notFound,
  },
  {
    path: '/invitation',
    element: titled('Set your password', InvitationPage, true),
    errorElement: notFound,
  },
  {
    path: '/unauthorized',
    element: titled('Not allowed', UnauthorizedPage, true),
    errorElement: notFound,
  },
  {
    path: '/download',
    element: titled('Download the app', DownloadPage, true),
    errorElement: notFound,
  },
  // The reporter app (docs/reporter-app.md): public sign-in pages, then the signed-in reporter's.
  {
    path: '/app',
    element: page(ReporterLayout, {}, true),
    errorElement: notFound,
    children: [
      { path: 'sign-in', element: titled('Sign in', ReporterSignIn, true) },
      { path: 'sign-up', element: titled('Create an account', ReporterSignUp, true) },
      { path: 'verify', element: titled('Verify your email', ReporterVerify, true) },
      { path: 'reset-password', element: titled('Reset your password', ReporterReset, true) },
      // Any signed-in account, verified or not (docs/reporter-app.md#sos): outside the gate.
      { path: 'emergency/:id', element: titled('Emergency', ReporterEmergencyPage, true) },
      { path: 'safety-timer', element: titled('Safety timer', SafetyTimerPage, true) },
      {
        element: page(ReporterGate, {}, true),
        children: [
          { index: true, element: titled('My reports', MyReportsPage) },
          { path: 'report', element: titled('Report an incident', NewReportPage) },
          { path: 'reports/:id', element: titled('Your report', ReportDetailPage) },
          { path: 'notifications', element: titled('Notifications', NotificationsPage) },
          { path: 'profile', element: titled('Your profile', ReporterProfilePage) },
        ],
      },
    ],
  },
  // Outside the shell: a page laid out for paper.
  {
    path: '/print/reports/:id',
    element: (
      <RequireSession>
        <RequireRole access={SIGNED_IN}>
          {titled('Incident report', PrintIncidentPage, true)}
        </RequireRole>
      </RequireSession>
    ),
    errorElement: notFound,
  },
  {
    path: '/',
    // The shell has no title of its own: each child route titles the tab.
    element: <RequireSession>{page(Shell, {}, true)}</RequireSession>,
    errorElement: notFound,
    children: [
      guarded(undefined, 'Home', SIGNED_IN, HomePage),
      guarded('dashboard', 'Trends and targets', STAFF_ONLY, DashboardPage),
      guarded('reports', 'Reports', SIGNED_IN, IncidentsScreen),
      guarded('accomplishment', 'Accomplishment reports', SIGNED_IN, AccomplishmentsPage),
      guarded('escalations', 'Escalations', SIGNED_IN, EscalationsPage),
      guarded('mass-notifications', 'Mass notifications', STAFF_ONLY, MassNotificationsPage),
      guarded('mass-notifications/:id', 'Alert', STAFF_ONLY, MassNotificationPage),
      guarded('on-call', 'On call', STAFF_ONLY, OnCallPage),
      guarded('emergencies', 'Emergencies', STAFF_ONLY, EmergenciesPage),
      guarded('emergencies/:id', 'Emergency', STAFF_ONLY, EmergencyPage),
      guarded('profiles', 'Profile', SIGNED_IN, ProfilePage),
      guarded('accounts', 'Accounts', ADMIN_ONLY, AccountsPage),
      guarded('roster', 'Roster', ADMIN_ONLY, RosterPage),
      guarded('articles', 'Articles', ADMIN_ONLY, ArticlesPage),
      guarded('announcements', 'Announcements', ADMIN_ONLY, AnnouncementsPage),
      guarded('tags', 'Tags', ADMIN_ONLY, TagsPage),
      guarded('settings', 'Settings', ADMIN_ONLY, SettingsPage),
      guarded('releases', 'App releases', ADMIN_ONLY, ReleasesPage),
      guarded('clery/crime-log', 'Daily crime log', ADMIN_ONLY, CrimeLogPage),
      guarded('clery/annual', 'Annual statistics', ADMIN_ONLY, AnnualTablesPage),
      guarded('clery/fire-log', 'Fire log', ADMIN_ONLY, FireLogPage),
      guarded('clery/warnings', 'Warnings and tests', ADMIN_ONLY, WarningsPage),
      guarded('archives/reports', 'Archived reports', ADMIN_ONLY, IncidentsScreen, true),
      guarded(
        'archives/accomplishments',
        'Archived accomplishment reports',
        ADMIN_ONLY,
        AccomplishmentsPage,
        true,
      ),
      guarded('archives/accounts', 'Archived accounts', ADMIN_ONLY, AccountsPage, true),
      guarded('archives/articles', 'Archived articles', ADMIN_ONLY, ArticlesPage, true),
      guarded(
        'archives/announcements',
        'Archived announcements',
        ADMIN_ONLY,
        AnnouncementsPage,
        true,
      ),
    ],
  },
  { path: '*', element: notFound },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
