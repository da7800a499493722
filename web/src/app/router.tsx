import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { ADMIN_ONLY, SIGNED_IN, type RouteAccess } from './access';
import { RequireRole, RequireSession } from './guards';
import NotFoundPage from './NotFoundPage';

// Every screen is its own chunk (docs/requirements.md#routes: screens load lazily behind an
// overlay).
const Shell = lazy(() => import('./Shell'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const EmailVerificationPage = lazy(() => import('../features/auth/EmailVerificationPage'));
const UnauthorizedPage = lazy(() => import('../features/auth/UnauthorizedPage'));
const DownloadPage = lazy(() => import('../features/download/DownloadPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const IncidentsScreen = lazy(() => import('./screens/IncidentsScreen'));
const AccomplishmentsPage = lazy(() => import('../features/accomplishments/AccomplishmentsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AccountsPage = lazy(() => import('../features/accounts/AccountsPage'));
const ArticlesPage = lazy(() => import('../features/publishing/ArticlesPage'));
const AnnouncementsPage = lazy(() => import('../features/publishing/AnnouncementsPage'));
const TagsPage = lazy(() => import('../features/tags/TagsPage'));
const ReleasesPage = lazy(() => import('../features/releases/ReleasesPage'));
const PrintIncidentPage = lazy(() => import('../features/incidents/PrintIncidentPage'));
const EscalationsPage = lazy(() => import('../features/incidents/EscalationsPage'));

type Screen = LazyExoticComponent<ComponentType<{ archived?: boolean }>>;

function page(Screen: Screen, props: { archived?: boolean } = {}, fullScreen = false) {
  return (
    <Suspense fallback={<LoadingOverlay fullScreen={fullScreen} />}>
      <Screen {...props} />
    </Suspense>
  );
}

function guarded(
  path: string | undefined,
  access: RouteAccess,
  Screen: Screen,
  archived = false,
): RouteObject {
  const element = (
    <RequireRole access={access}>{page(Screen, archived ? { archived } : {})}</RequireRole>
  );
  return path === undefined ? { index: true, element } : { path, element };
}

/** All routes of docs/requirements.md#routes, in one place. */
export const routes: RouteObject[] = [
  { path: '/login', element: page(LoginPage, {}, true), errorElement: <NotFoundPage /> },
  {
    path: '/email-verification',
    element: page(EmailVerificationPage, {}, true),
    errorElement: <NotFoundPage />,
  },
  {
    path: '/unauthorized',
    element: page(UnauthorizedPage, {}, true),
    errorElement: <NotFoundPage />,
  },
  { path: '/download', element: page(DownloadPage, {}, true), errorElement: <NotFoundPage /> },
  // Outside the shell: a page laid out for paper.
  {
    path: '/print/reports/:id',
    element: (
      <RequireSession>
        <RequireRole access={SIGNED_IN}>{page(PrintIncidentPage, {}, true)}</RequireRole>
      </RequireSession>
    ),
    errorElement: <NotFoundPage />,
  },
  {
    path: '/',
    element: <RequireSession>{page(Shell, {}, true)}</RequireSession>,
    errorElement: <NotFoundPage />,
    children: [
      guarded(undefined, SIGNED_IN, HomePage),
      guarded('reports', SIGNED_IN, IncidentsScreen),
      guarded('accomplishment', SIGNED_IN, AccomplishmentsPage),
      guarded('escalations', SIGNED_IN, EscalationsPage),
      guarded('profiles', SIGNED_IN, ProfilePage),
      guarded('accounts', ADMIN_ONLY, AccountsPage),
      guarded('articles', ADMIN_ONLY, ArticlesPage),
      guarded('announcements', ADMIN_ONLY, AnnouncementsPage),
      guarded('tags', ADMIN_ONLY, TagsPage),
      guarded('releases', ADMIN_ONLY, ReleasesPage),
      guarded('archives/reports', ADMIN_ONLY, IncidentsScreen, true),
      guarded('archives/accomplishments', ADMIN_ONLY, AccomplishmentsPage, true),
      guarded('archives/accounts', ADMIN_ONLY, AccountsPage, true),
      guarded('archives/articles', ADMIN_ONLY, ArticlesPage, true),
      guarded('archives/announcements', ADMIN_ONLY, AnnouncementsPage, true),
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
