import {
  EMERGENCY_LOCATION_EVERY_MS,
  emergencyChatOpen,
  telHref,
  type Emergency,
} from '@campus-safety/model';
import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/Button';
import { Conversation, useConversationMessages } from '../../../components/Conversation';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { Time } from '../../../components/Time';
import { emergencyThread, sendMessage } from '../../../data/conversation';
import { closeEmergency, emergencySpec, moveEmergency, type Fix } from '../../../data/emergencies';
import { useLiveDoc } from '../../../data/live-query';
import type { WithId } from '../../../data/spec';
import { messageOf } from '../../../lib/errors';
import { useInstitution } from '../../../lib/institution';
import { useAuth } from '../../../session/store';
import { AppBar, AppPage } from '../AppFrame';
import { reporterLines } from '../conversation/lines';
import { usePacedLocation } from './location';
import { CampusName } from '../../../components/CampusName';

/**
 * While the emergency is open, the phone's location goes to it every
 * EMERGENCY_LOCATION_EVERY_MS (the latest fix watchPosition gave); returns what the person reads
 * about it: the last sent fix, or why there is none.
 */
function useSharedLocation(emergency: WithId<Emergency> | null, initialProblem: string | null) {
  const [problem, setProblem] = useState<string | null>(initialProblem);
  const [sent, setSent] = useState<Fix | null>(null);
  const track = emergency?.track ?? [];
  const active = emergency && emergency.status !== 'closed' ? emergency.id : null;
  usePacedLocation(
    active,
    EMERGENCY_LOCATION_EVERY_MS,
    (id, fix) => moveEmergency(id, track, fix).then(() => setSent(fix)),
    setProblem,
  );
  return { problem, sent };
}

function StatusNote({ emergency }: { emergency: WithId<Emergency> }) {
  switch (emergency.status) {
    case 'open':
      return (
        <>
          <p className="text-lg font-semibold">Alert sent. Campus safety is being alarmed.</p>
          <p>
            Sent <Time value={emergency.openedAt} /> to <CampusName id={emergency.campus} />. Stay
            on this page if you can.
          </p>
        </>
      );
    case 'acknowledged':
      return (
        <>
          <p className="text-lg font-semibold">
            {emergency.acknowledgedBy?.name || 'Campus safety'} acknowledged your alert.
          </p>
          <p>
            Acknowledged <Time value={emergency.acknowledgedAt} />. Help is on the way.
          </p>
        </>
      );
    case 'closed':
      return <p className="text-lg font-semibold">You said you are safe. This alert is closed.</p>;
  }
}

/**
 * The emergency's chat with campus safety (the report conversation's component and rules): staff
 * of its campus write here, and the person is notified in the app; closed, it is read-only.
 */
function EmergencyChat({ emergency }: { emergency: WithId<Emergency> }) {
  const thread = emergencyThread(emergency.id);
  const conversation = useConversationMessages(thread);
  return (
    <Conversation
      title="Messages with campus safety"
      conversation={conversation}
      lines={reporterLines(conversation.messages.data)}
      theirs={(line) => !line.mine}
      empty="No messages yet. If you cannot talk, write to campus safety here."
      closed="This alert is closed: no more messages can be sent."
      composer={
        emergencyChatOpen(emergency)
          ? {
              label: 'Message to campus safety',
              hint: 'Campus safety sees it with your alert and your location.',
              rows: 2,
              send: (text) => sendMessage(thread, text, 'reporter'),
            }
          : null
      }
    />
  );
}

/** The person's open emergency: its state, the location being shared, call, and "I'm safe". */
export default function EmergencyPage() {
  const { id = '' } = useParams();
  const status = useAuth((s) => s.status);
  const routed = useLocation().state as { locationProblem?: string | null } | null;
  const live = useLiveDoc(status === 'signedIn' ? emergencySpec(id) : null);
  const emergency = live.data;
  const { problem, sent } = useSharedLocation(emergency, routed?.locationProblem ?? null);
  const { campusSecurity } = useInstitution();
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'loading') return <LoadingOverlay fullScreen label="Checking your session…" />;
  if (status === 'signedOut') return <Navigate to="/app/sign-in" replace />;

  async function safe() {
    setClosing(true);
    setError(null);
    try {
      await closeEmergency(id);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setClosing(false);
    }
  }

  const closed = emergency?.status === 'closed';
  return (
    <>
      <AppBar />
      <AppPage title="Emergency">
        {live.status === 'loading' && !emergency ? (
          <p role="status">Loading your alert…</p>
        ) : !emergency ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            This alert could not be found. Call campus police.
          </p>
        ) : (
          <div className="space-y-4">
            <div
              role="status"
              data-testid="emergency-status"
              className={`space-y-1 rounded-lg p-4 text-sm ${closed ? 'bg-slate-100 text-slate-800' : emergency.status === 'acknowledged' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
            >
              <StatusNote emergency={emergency} />
            </div>
            {!closed && (
              <p className="text-sm text-slate-700" data-testid="emergency-location">
                {problem && !sent
                  ? `${problem} Your alert was sent without your location: tell campus police where you are.`
                  : sent
                    ? `Sharing your location every ${EMERGENCY_LOCATION_EVERY_MS / 1000} seconds (within ${Math.round(sent.accuracy)} m).`
                    : emergency.location
                      ? 'Your location was sent with the alert; sharing it while the alert is open.'
                      : 'Finding your location…'}
              </p>
            )}
            <a
              href={telHref(campusSecurity.phone)}
              className="block rounded-md bg-red-600 px-4 py-3 text-center text-base font-semibold text-white hover:bg-red-700"
            >
              Call campus police ({campusSecurity.phone})
            </a>
            {!closed && (
              <Button
                variant="secondary"
                className="w-full py-3 text-base"
                onClick={() => void safe()}
                disabled={closing}
              >
                I’m safe
              </Button>
            )}
            {error && (
              <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                {error}
              </p>
            )}
            <EmergencyChat emergency={emergency} />
          </div>
        )}
      </AppPage>
    </>
  );
}
