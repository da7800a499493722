import { telHref } from '@campus-safety/model';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { openEmergency } from '../../../data/emergencies';
import { useCampuses } from '../../../data/settings';
import { messageOf } from '../../../lib/errors';
import { useInstitution } from '../../../lib/institution';
import { useAuth } from '../../../session/store';
import { SOS_NEEDS_CONNECTION_TEXT, useOnline } from '../offline/delivery';
import { currentFix } from './location';

/**
 * The app's one SOS control, on every page (the app bar): call campus police, or send an
 * emergency alert with the location (docs/reporter-app.md#sos). Any signed-in account sends one,
 * verified or not; signed out, the call is offered and sign-in for the alert.
 */
export function SosControl() {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { campusSecurity } = useInstitution();
  const user = useAuth((s) => s.user);
  const emailVerified = useAuth((s) => s.emailVerified);
  const profile = useAuth((s) => s.profile);
  const campuses = useCampuses();
  const navigate = useNavigate();
  const online = useOnline();

  async function send() {
    if (!user?.email) return;
    setSending(true);
    setError(null);
    try {
      const found = await currentFix();
      const id = await openEmergency(
        { uid: user.uid, email: user.email, emailVerified, campus: profile?.campus ?? null },
        'fix' in found ? found.fix : null,
        campuses,
      );
      setOpen(false);
      void navigate(`/app/emergency/${id}`, {
        state: { locationProblem: 'problem' in found ? found.problem : null },
      });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-bold tracking-wide text-white ring-2 ring-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        aria-haspopup="dialog"
      >
        SOS
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Emergency" busy={sending}>
        <div className="space-y-3">
          <a
            href={telHref(campusSecurity.phone)}
            className="block rounded-md bg-red-600 px-4 py-3 text-center text-base font-semibold text-white hover:bg-red-700"
          >
            Call campus police
            <span className="block text-sm font-normal">
              {campusSecurity.label}: {campusSecurity.phone}
            </span>
          </a>
          {user?.email ? (
            <>
              <Button
                variant="danger"
                className="w-full py-3 text-base"
                onClick={() => void send()}
                disabled={sending || !online}
              >
                {sending ? 'Sending the alert…' : 'Send an emergency alert'}
              </Button>
              {!online && (
                <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
                  {SOS_NEEDS_CONNECTION_TEXT}
                </p>
              )}
              <p className="text-sm text-slate-600">
                Campus safety is alarmed at once and sees where you are while the alert is open. An
                alert always carries your name: whoever comes must know whom to find.
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-700">
              <Link to="/app/sign-in" className="font-medium text-sky-800 underline">
                Sign in
              </Link>{' '}
              to send an emergency alert with your location.
            </p>
          )}
          {user?.email && (
            <p className="text-sm text-slate-700">
              Going somewhere alone?{' '}
              <Link
                to="/app/safety-timer"
                onClick={() => setOpen(false)}
                className="font-medium text-sky-800 underline"
              >
                Set a safety timer
              </Link>
              : if you do not check in on time, campus safety is alerted.
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => setOpen(false)}
            disabled={sending}
          >
            Close
          </Button>
        </div>
      </Dialog>
    </>
  );
}
