import { useState } from 'react';
import { LIMITS, messageTextProblem, type IncidentReport } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/fields';
import { InlineSpinner } from '../../../components/States';
import { MediaPicker } from '../../../components/MediaPicker';
import { MessageList } from '../../../components/MessageList';
import { useForm } from '../../../components/use-form';
import { CONVERSATION_PAGE, recentMessagesSpec, sendMessage } from '../../../data/conversation';
import { useLiveQuery } from '../../../data/live-query';
import { useRetryWhileArriving } from '../offline/delivery';
import type { WithId } from '../../../data/spec';
import { CallableError } from '../../../lib/errors';
import { reporterLines } from './lines';

/**
 * The report's conversation with its safety team: messages both ways, live (staff's quick
 * questions arrive as messages), and the reporter's composer. A refused send (the report's
 * bound, the pace) says why under the field and keeps the text. `held`: the report was written
 * on this device without a connection (its listener may be refused once while it lands).
 */
export function ReporterConversation({
  incident,
  held = false,
}: {
  incident: WithId<IncidentReport>;
  held?: boolean;
}) {
  const [limit, setLimit] = useState(CONVERSATION_PAGE);
  const messages = useLiveQuery(recentMessagesSpec(incident.id, limit));
  const arriving = useRetryWhileArriving(messages, held);
  const lines = reporterLines(messages.data);
  const [attached, setAttached] = useState<string[]>([]);
  const composer = useForm({
    initial: { text: '' },
    validate: ({ text }) => ({ text: messageTextProblem(text.trim()) ?? undefined }),
    send: async ({ text }, { reset }) => {
      try {
        await sendMessage(
          incident.id,
          text.trim(),
          incident.anonymous ? 'anonymous-reporter' : 'reporter',
          attached,
        );
      } catch (failure) {
        const message = failure instanceof Error ? failure.message : String(failure);
        throw new CallableError(message, { text: message });
      }
      reset();
      setAttached([]);
    },
  });

  return (
    <section aria-labelledby="conversation-heading" className="mt-6">
      <h2 id="conversation-heading" className="text-lg font-semibold text-slate-900">
        Messages with the safety team
      </h2>
      {(messages.status === 'loading' || arriving) && <InlineSpinner />}
      {messages.status === 'error' && !arriving && (
        <p className="text-sm text-red-700">{messages.error}</p>
      )}
      {messages.data.length >= limit && (
        <Button
          variant="secondary"
          className="mt-2"
          onClick={() => setLimit((n) => n + CONVERSATION_PAGE)}
        >
          Show older messages
        </Button>
      )}
      {messages.status === 'ready' && lines.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">
          No messages yet. The safety team may ask you something here.
        </p>
      )}
      <MessageList lines={lines} theirs={(line) => !line.mine} scrolls />
      {incident.isArchived ? (
        <p className="mt-3 text-sm text-slate-600">
          This report is closed: no messages can be sent.
        </p>
      ) : (
        <form onSubmit={composer.submit} className="mt-3" noValidate>
          <TextAreaField
            label="Message to the safety team"
            rows={3}
            maxLength={LIMITS.message}
            hint={
              incident.anonymous
                ? 'Sent without your name: the team sees "Reporter".'
                : 'The team sees it with your report.'
            }
            {...composer.field('text')}
          />
          {attached.length > 0 && (
            <p className="text-sm text-slate-700">
              {attached.length === 1 ? 'One file' : `${attached.length} files`} will be sent with
              the message.
            </p>
          )}
          {attached.length < LIMITS.mediaPerMessage && (
            <MediaPicker
              target={{ incidentId: incident.id, side: 'reporter' }}
              label="Attach a photo, video or audio"
              max={LIMITS.mediaPerMessage - attached.length}
              onUploaded={(id) => setAttached((list) => [...list, id])}
            />
          )}
          <Button type="submit" busy={composer.busy}>
            {composer.busy ? 'Sending…' : 'Send'}
          </Button>
        </form>
      )}
    </section>
  );
}
