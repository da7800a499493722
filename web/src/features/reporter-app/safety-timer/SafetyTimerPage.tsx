import {
  SAFETY_TIMER_LIMITS,
  SAFETY_TIMER_LOCATION_EVERY_MS,
  SAFETY_TIMER_PRESETS,
  timerDurationText,
  type SafetyTimer,
} from '@campus-safety/model';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/Button';
import { PhoneLink } from '../../../components/EmergencyNumbers';
import {
  CheckboxField,
  FormFailure,
  RadioGroup,
  TextAreaField,
  TextField,
} from '../../../components/fields';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { Time } from '../../../components/Time';
import { useForm } from '../../../components/use-form';
import { useLiveDoc } from '../../../data/live-query';
import {
  canExtend,
  currentTimerSpec,
  endSafetyTimer,
  extendSafetyTimer,
  moveSafetyTimer,
  safetyTimerSpec,
  startSafetyTimer,
} from '../../../data/safety-timers';
import type { WithId } from '../../../data/spec';
import { messageOf } from '../../../lib/errors';
import { useInstitution } from '../../../lib/institution';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../session/store';
import { AppBar, AppPage } from '../AppFrame';
import { currentFix, usePacedLocation } from '../emergency/location';
import {
  CUSTOM,
  EMPTY_TIMER,
  timerFields,
  timerRequest,
  timerSchema,
  type TimerForm,
} from './form';

const { safetyTimerMinMinutes: MIN, safetyTimerMaxMinutes: MAX } = SAFETY_TIMER_LIMITS;

/** A radio or checkbox row a thumb hits at 390 px (44 px). */
const TOUCH_ROW = 'flex min-h-11 items-center';

const PRESET_LABELS: Record<string, string> = {
  ...Object.fromEntries(SAFETY_TIMER_PRESETS.map((m) => [String(m), `${m} minutes`])),
  [CUSTOM]: 'Another duration',
};

/** What the person consents to when they share their location with the timer. */
function LocationExplained() {
  return (
    <p className="mb-3 text-xs text-slate-600" id="timer-location-explained">
      While the timer runs your phone sends its location every{' '}
      {SAFETY_TIMER_LOCATION_EVERY_MS / 1000} seconds. Nobody sees it unless the timer runs out or
      you press SOS: then campus safety and your guardians get the last place it sent.
    </p>
  );
}

function StartForm({ uid }: { uid: string }) {
  const form = useForm<TimerForm, string, ReturnType<typeof timerRequest>>({
    initial: EMPTY_TIMER,
    schema: timerSchema,
    request: timerRequest,
    send: async (request) => {
      const found = form.values.shareLocation ? await currentFix() : null;
      await startSafetyTimer(uid, timerFields(request), found && 'fix' in found ? found.fix : null);
    },
  });
  const custom = form.values.preset === CUSTOM;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Start a safety timer">
      <p className="mb-4 text-sm text-slate-700">
        Going somewhere alone? Set how long it should take. If you do not check in before the time
        is up, campus safety is alerted with your last location, and your guardians are told.
      </p>
      <RadioGroup
        legend="How long"
        options={[...SAFETY_TIMER_PRESETS.map(String), CUSTOM]}
        labels={PRESET_LABELS}
        value={form.values.preset}
        onChange={form.set('preset')}
        className="mb-3"
        optionClassName={TOUCH_ROW}
      />
      {custom && (
        <TextField
          label="Minutes"
          inputMode="numeric"
          hint={`From ${MIN} minutes to ${MAX / 60} hours.`}
          {...form.field('customMinutes')}
          error={form.errors.durationMinutes}
        />
      )}
      {!custom && form.errors.durationMinutes && (
        <p className="mb-3 text-sm text-red-700">{form.errors.durationMinutes}</p>
      )}
      <TextField
        label="Where you are going (optional)"
        maxLength={SAFETY_TIMER_LIMITS.safetyTimerDestinationChars}
        {...form.field('destination')}
      />
      <TextAreaField
        label="Guardians (optional)"
        rows={3}
        hint={`Up to ${SAFETY_TIMER_LIMITS.safetyTimerGuardians}, one a line: a mobile number in international form (+63 917 …) for an SMS, or an email address. They need no app.`}
        {...form.field('guardians')}
      />
      <CheckboxField
        label="Share my location while the timer runs"
        checked={form.values.shareLocation}
        onChange={form.set('shareLocation')}
        className={`mb-1 ${TOUCH_ROW}`}
      />
      <LocationExplained />
      <FormFailure message={form.failure} className="mb-3" />
      <Button type="submit" className="w-full py-3 text-base" busy={form.busy}>
        {form.busy ? 'Starting…' : 'Start'}
      </Button>
    </form>
  );
}

/** While the timer runs and the person agreed: the latest fix goes to it at the SOS pace. */
function useTimerLocation(timer: WithId<SafetyTimer>) {
  const [problem, setProblem] = useState<string | null>(null);
  const sharing = timer.status === 'running' && timer.location !== null;
  usePacedLocation(
    sharing ? timer.id : null,
    SAFETY_TIMER_LOCATION_EVERY_MS,
    (id, fix) => moveSafetyTimer(id, fix),
    setProblem,
  );
  return { sharing, problem };
}

function RunningTimer({ timer }: { timer: WithId<SafetyTimer> }) {
  const now = useNow(1_000);
  const dueMs = timer.dueAt.toMillis();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { sharing, problem } = useTimerLocation(timer);

  async function act(what: string, action: () => Promise<void>) {
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  }

  const late = now >= dueMs;
  return (
    <div className="space-y-4">
      <div
        className="rounded-lg bg-sky-50 p-4 text-center text-sky-950"
        data-testid="timer-running"
      >
        <p className="text-sm">{late ? 'Time is up: check in now' : 'Time left'}</p>
        <p className="text-4xl font-bold tabular-nums" role="timer" aria-live="off">
          {timerDurationText(dueMs - now)}
        </p>
        <p className="mt-1 text-sm">
          Due <Time value={timer.dueAt} />
          {timer.destination ? ` · to ${timer.destination}` : ''}
        </p>
        <p className="mt-1 text-xs text-sky-900">
          {timer.guardians.length === 0
            ? 'No guardians: only campus safety is alerted.'
            : `${timer.guardians.length} guardian${timer.guardians.length === 1 ? '' : 's'} will be told if it runs out.`}{' '}
          {sharing
            ? (problem ?? 'Your location is shared with the timer.')
            : 'Your location is not shared.'}
        </p>
      </div>
      <Button
        className="w-full py-3 text-base"
        busy={busy === 'arrived'}
        disabled={busy !== null}
        onClick={() => void act('arrived', () => endSafetyTimer(timer.id, 'checkedIn'))}
      >
        I’ve arrived
      </Button>
      <Button
        variant="secondary"
        className="min-h-11 w-full"
        busy={busy === 'extend'}
        disabled={busy !== null || late || !canExtend(timer)}
        onClick={() =>
          void act('extend', () =>
            extendSafetyTimer(timer.id, { durationMinutes: timer.durationMinutes, dueAtMs: dueMs }),
          )
        }
      >
        Add {SAFETY_TIMER_LIMITS.safetyTimerExtendMinutes} minutes
      </Button>
      <Button
        variant="ghost"
        className="min-h-11 w-full"
        busy={busy === 'cancel'}
        disabled={busy !== null}
        onClick={() => void act('cancel', () => endSafetyTimer(timer.id, 'cancelled'))}
      >
        Cancel the timer
      </Button>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** How the last timer ended, above the form for the next. */
function EndedNote({ timer }: { timer: WithId<SafetyTimer> }) {
  switch (timer.status) {
    case 'checkedIn':
      return (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          You checked in <Time value={timer.endedAt} />. Glad you arrived.
        </p>
      );
    case 'cancelled':
      return (
        <p role="status" className="mb-4 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          You cancelled your last timer.
        </p>
      );
    case 'expired':
      return (
        <div role="status" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          Your last timer {timer.raisedBy === 'sos' ? 'ended with your SOS' : 'ran out'}: campus
          safety was alerted
          {timer.guardians.length > 0 ? ' and your guardians were told' : ''}.{' '}
          {timer.emergencyId && (
            <Link to={`/app/emergency/${timer.emergencyId}`} className="font-medium underline">
              Open the alert
            </Link>
          )}
        </div>
      );
    default:
      return null;
  }
}

/**
 * The safety timer (docs/reporter-app.md#safety-timer): any signed-in email account, verified or
 * not, like SOS. The person's latest timer, running or how it ended, and the form for a new one.
 */
export default function SafetyTimerPage() {
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const { campusSecurity } = useInstitution();
  const uid = status === 'signedIn' && user?.email ? user.uid : null;
  const current = useLiveDoc(uid ? currentTimerSpec(uid) : null);
  const timerId = current.data?.timerId ?? null;
  const timer = useLiveDoc(timerId ? safetyTimerSpec(timerId) : null);

  if (status === 'loading') return <LoadingOverlay fullScreen label="Checking your session…" />;
  if (status === 'signedOut') return <Navigate to="/app/sign-in" replace />;

  const loading = current.status === 'loading' || (timerId !== null && timer.status === 'loading');
  return (
    <>
      <AppBar />
      <AppPage title="Safety timer">
        {!uid ? (
          <p className="text-sm text-slate-700">
            A safety timer needs an account with an email: campus safety must know whom to look for.
            Call <PhoneLink number={campusSecurity} /> if you need help now.
          </p>
        ) : loading ? (
          <p role="status">Loading your timer…</p>
        ) : timer.data?.status === 'running' ? (
          <RunningTimer timer={timer.data} />
        ) : (
          <>
            {timer.data && <EndedNote timer={timer.data} />}
            <StartForm uid={uid} />
          </>
        )}
        <p className="mt-6 text-sm">
          <Link to="/app" className="text-sky-800 underline">
            Back to the app
          </Link>
        </p>
      </AppPage>
    </>
  );
}
