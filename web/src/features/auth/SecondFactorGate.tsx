import { consoleName } from '../../lib/document-title';
import { useInstitution } from '../../lib/institution';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { multiFactor, onIdTokenChanged } from 'firebase/auth';
import { secondFactorSatisfied, type SecuritySettings } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { auth } from '../../lib/auth';
import { useAuth } from '../../session/store';

const SecondFactorEnrolment = lazy(() =>
  import('../../session/SecondFactorEnrolment').then((m) => ({
    default: m.SecondFactorEnrolment,
  })),
);

type Gate = 'checking' | 'open' | 'enrol' | 'sign-in-again';

/**
 * Whether this session may use the console as its role: an Admin without a second factor in
 * this session, where settings/security requires one, must enrol (or sign in again with the
 * code) first. The rules and functions refuse such a session anyway; this says why, and how.
 */
function useSecondFactorGate(): Gate {
  const user = useAuth((s) => s.user);
  // Only an Admin's session is checked; a signed-in session always has its Auth user.
  const isAdmin = useAuth((s) => s.profile?.role === 'Admin' && s.user !== null);
  const [settings, setSettings] = useState<SecuritySettings | null>(null);
  const [factor, setFactor] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (!isAdmin) return;
    let stop = () => {};
    let cancelled = false;
    void import('../../data/security-settings').then(({ listenToSecuritySettings }) => {
      if (cancelled) return;
      // Unreadable settings open the gate: the rules and functions still decide.
      stop = listenToSecuritySettings(setSettings, () =>
        setSettings({ adminsRequireSecondFactor: false }),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [isAdmin]);

  useEffect(() => {
    if (!isAdmin) return;
    // Enrolling hands this session a token that names the factor: follow token changes.
    return onIdTokenChanged(auth, (current) => {
      if (!current) return setFactor(null);
      void current.getIdTokenResult().then((token) => setFactor(token.signInSecondFactor));
    });
  }, [isAdmin]);

  if (!isAdmin || !user) return 'open';
  if (settings === null || factor === undefined) return 'checking';
  if (secondFactorSatisfied('Admin', factor, settings)) return 'open';
  return multiFactor(user).enrolledFactors.length > 0 ? 'sign-in-again' : 'enrol';
}

function SecondFactorRequiredPage({ gate }: { gate: 'enrol' | 'sign-in-again' }) {
  const signOut = useAuth((s) => s.signOut);
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 p-4 sm:items-center">
      <div className="w-full max-w-2xl rounded-lg bg-white p-6 shadow sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">
          {consoleName(useInstitution())}
        </p>
        <h1 className="mt-1 mb-4 text-2xl font-semibold text-slate-900">
          {gate === 'enrol' ? 'Add a second factor to continue' : 'Sign in again with your code'}
        </h1>
        {gate === 'enrol' ? (
          <>
            <p className="mb-4 text-sm text-slate-700">
              This console requires Admins to sign in with a code sent by SMS as well as their
              password. Add your phone below; once its code is confirmed, the console opens.
            </p>
            <Suspense fallback={<LoadingOverlay />}>
              <SecondFactorEnrolment />
            </Suspense>
          </>
        ) : (
          <p className="mb-4 text-sm text-slate-700">
            This console requires Admins to sign in with a code sent by SMS. Your account has a
            phone for it, but this session signed in with the password only. Sign out, then sign in
            again and enter the code.
          </p>
        )}
        <div className="mt-6 border-t border-slate-200 pt-4">
          <Button variant={gate === 'enrol' ? 'ghost' : 'primary'} onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}

/** Wraps the signed-in console (guards.tsx): the console only once the gate is open. */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const gate = useSecondFactorGate();
  if (gate === 'checking') return <LoadingOverlay fullScreen label="Checking your session…" />;
  if (gate === 'open') return <>{children}</>;
  return <SecondFactorRequiredPage gate={gate} />;
}
