import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { useAuth } from '../session/store';
import { decideAccess, SIGNED_IN, type RouteAccess } from './access';
import { SecondFactorGate } from '../features/auth/SecondFactorGate';

const ChangeDefaultPasswordPage = lazy(() => import('../features/auth/ChangeDefaultPasswordPage'));

function useDecision(access: RouteAccess) {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const profile = useAuth((s) => s.profile);
  return decideAccess({ status, emailVerified, profile }, access);
}

/** Wraps the signed-in shell: overlay while the session resolves, then sign-in, verification or forced password change. */
export function RequireSession({ children }: { children: ReactNode }) {
  const decision = useDecision(SIGNED_IN);
  const location = useLocation();
  switch (decision) {
    case 'loading':
      return <LoadingOverlay fullScreen label="Checking your session…" />;
    case 'sign-in':
      return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
    case 'verify-email':
      return <Navigate to="/email-verification" replace />;
    case 'change-password':
      return (
        <Suspense fallback={<LoadingOverlay fullScreen />}>
          <ChangeDefaultPasswordPage />
        </Suspense>
      );
    default:
      return <SecondFactorGate>{children}</SecondFactorGate>;
  }
}

/** Role check of one route inside the shell. */
export function RequireRole({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const decision = useDecision(access);
  if (decision === 'unauthorized') return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
