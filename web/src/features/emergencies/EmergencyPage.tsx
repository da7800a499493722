import {
  EMERGENCY_CAMPUS_FROM_TEXT,
  emergencyChatOpen,
  type Emergency,
} from '@campus-safety/model';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button';
import { Conversation, useConversationMessages } from '../../components/Conversation';
import { PageHeader } from '../../components/PageHeader';
import { Time } from '../../components/Time';
import { TrackMap } from '../../components/map';
import { emergencyThread, sendStaffMessage } from '../../data/conversation';
import {
  acknowledgeEmergency,
  emergencyPerson,
  emergencySpec,
  emergencyTimelineSpec,
} from '../../data/emergencies';
import { useLiveDoc, useLiveQuery } from '../../data/live-query';
import type { WithId } from '../../data/spec';
import { messageOf } from '../../lib/errors';
import { useAuth } from '../../session/store';
import { conversationLines, fromReporter } from '../../components/conversation-lines';
import { CampusName } from '../../components/CampusName';

const STATUS_TEXT = {
  open: 'Open: nobody has acknowledged it',
  acknowledged: 'Acknowledged',
  closed: 'Closed: the person said they are safe',
} as const;

/**
 * The emergency's chat with its person, live (the report conversation's component and rules):
 * the person is notified in the app of each staff message; closed, it is read-only.
 */
function EmergencyChat({ emergency }: { emergency: WithId<Emergency> }) {
  const thread = emergencyThread(emergency.id);
  const conversation = useConversationMessages(thread);
  const me = useAuth((s) => s.user?.uid ?? null);
  return (
    <Conversation
      title="Chat with the person"
      conversation={conversation}
      lines={conversationLines(
        conversation.messages.data,
        me,
        emergency.personName || emergency.email,
      )}
      theirs={fromReporter}
      empty="No messages yet."
      closed="This emergency is closed: no more messages can be sent."
      composer={
        emergencyChatOpen(emergency)
          ? {
              label: 'Message to the person',
              hint: 'They see it in the app, with your name, and are notified.',
              rows: 2,
              send: (text) => sendStaffMessage(thread, text),
            }
          : null
      }
    />
  );
}

/** One emergency: who, where (the live track on the map), its state and its timeline. */
export default function EmergencyPage() {
  const { id = '' } = useParams();
  const live = useLiveDoc(emergencySpec(id));
  const timeline = useLiveQuery(emergencyTimelineSpec(id)).data;
  const [error, setError] = useState<string | null>(null);
  const e = live.data;
  if (live.status === 'loading' && !e) return <p role="status">Loading the emergency…</p>;
  if (!e)
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        This emergency does not exist, or it is not of your campus.
      </p>
    );
  const last = e.location;
  return (
    <div className="space-y-4">
      <PageHeader title={`SOS: ${emergencyPerson(e)}`} />
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">State</dt>
        <dd data-testid="emergency-state">
          {STATUS_TEXT[e.status]}
          {e.acknowledgedBy && (
            <>
              {' '}
              by {e.acknowledgedBy.name} <Time value={e.acknowledgedAt} />
            </>
          )}
        </dd>
        {e.fromTimer && (
          <>
            <dt className="font-medium">From a safety timer</dt>
            <dd data-testid="emergency-from-timer">
              {e.fromTimer.reason}; due <Time value={e.fromTimer.dueAt} />
              {e.fromTimer.destination ? <>; heading to “{e.fromTimer.destination}”</> : null};{' '}
              {e.fromTimer.guardians === 0
                ? 'no guardians told'
                : `${e.fromTimer.guardians} guardian${e.fromTimer.guardians === 1 ? '' : 's'} told`}
            </dd>
          </>
        )}
        <dt className="font-medium">Campus</dt>
        <dd>
          <CampusName id={e.campus} /> ({EMERGENCY_CAMPUS_FROM_TEXT[e.campusFrom]})
        </dd>
        <dt className="font-medium">Sent</dt>
        <dd>
          <Time value={e.openedAt} /> by {e.email}
          {e.emailVerified ? '' : ' (email not verified)'}
        </dd>
        <dt className="font-medium">Last location</dt>
        <dd>
          {last ? (
            <>
              {last.lat.toFixed(5)}, {last.lng.toFixed(5)} within {Math.round(last.accuracy)} m,{' '}
              <Time value={last.at} /> ({e.track.length} point{e.track.length === 1 ? '' : 's'})
            </>
          ) : (
            'None: the phone gave no location (blocked or unavailable)'
          )}
        </dd>
      </dl>
      {e.status === 'open' && (
        <Button
          variant="danger"
          onClick={() =>
            void acknowledgeEmergency(e.id).catch((err: unknown) => setError(messageOf(err)))
          }
        >
          Acknowledge
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      {e.track.length > 0 && <TrackMap points={e.track} />}
      <EmergencyChat emergency={e} />
      <section aria-labelledby="emergency-timeline">
        <h2 id="emergency-timeline" className="mb-2 text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-1 text-sm">
          {timeline.map((entry) => (
            <li key={entry.id}>
              <Time value={entry.at} /> · {entry.detail}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
