import { useEffect, useState } from 'react';
import { LIMITS, messageTextProblem, shownMediaIds } from '@campus-safety/model';
import { MediaPicker } from '../../../components/MediaPicker';
import { MediaStrip } from '../media/MediaStrip';
import { readyIds } from '../media/media';
import { useIncidentMedia } from '../media/IncidentMediaPanel';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/fields';
import { InlineSpinner } from '../../../components/States';
import { MessageList } from '../../../components/MessageList';
import { useAction } from '../../../components/use-action';
import { useForm } from '../../../components/use-form';
import {
  CONVERSATION_PAGE,
  markConversationRead,
  quickQuestionsOf,
  quickQuestionsSpec,
  recentMessagesSpec,
  sendStaffMessage,
  wholeConversationSpec,
} from '../../../data/conversation';
import { readQuery } from '../../../data/firestore';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { programmeTimeZone } from '../../../lib/institution';
import type { Incident } from '../../../data/incidents';
import { useLiveDoc, useLiveQuery } from '../../../data/live-query';
import { CallableError, RecordLimitError } from '../../../lib/errors';
import { useAuth } from '../../../session/store';
import { QuickQuestionsDialog } from './QuickQuestionsDialog';
import { conversationCsv, conversationLines, fromReporter } from './conversation';

/** Sends trimmed text; a bound reached is shown under the field, not only in a toast. */
async function send(incidentId: string, text: string, mediaIds: readonly string[] = []) {
  try {
    await sendStaffMessage(incidentId, text.trim(), mediaIds);
  } catch (failure) {
    if (failure instanceof RecordLimitError)
      throw new CallableError(failure.message, { text: failure.message });
    throw failure;
  }
}

/**
 * The conversation with the reporter in the report dialog: the messages (live, newest page), a
 * composer with the quick questions, and the unread mark cleared while staff have it open.
 */
export function IncidentConversation({ incident }: { incident: Incident }) {
  const [limit, setLimit] = useState(CONVERSATION_PAGE);
  const messages = useLiveQuery(recentMessagesSpec(incident.id, limit));
  const settings = useLiveDoc(quickQuestionsSpec);
  const me = useAuth((s) => s.user?.uid ?? null);
  const isAdmin = useAuth((s) => s.profile?.role === 'Admin');
  const [editing, setEditing] = useState(false);
  const media = useIncidentMedia(incident);
  const ready = readyIds(media.media);
  // Media uploaded for the next message (sent with it, then cleared).
  const [attached, setAttached] = useState<string[]>([]);
  const questions = quickQuestionsOf(settings.data);
  const open = !incident.isArchived;
  const unread = incident.unreadFromReporter ?? 0;

  // Staff looking at the conversation have read it; a reply arriving while it is open is read too.
  useEffect(() => {
    if (open && (unread > 0 || incident.reporterReplied))
      markConversationRead(incident.id).catch((error: unknown) =>
        console.error('Could not mark the conversation read', error),
      );
  }, [incident.id, open, unread, incident.reporterReplied]);

  const composer = useForm({
    initial: { text: '' },
    validate: ({ text }) => ({ text: messageTextProblem(text.trim()) ?? undefined }),
    send: async ({ text }, { reset }) => {
      await send(incident.id, text, attached);
      reset();
      setAttached([]);
    },
  });
  const quick = useAction((question: string) => send(incident.id, question));
  // The whole conversation, not the page on screen (bounded by LIMITS.messagesPerReport).
  const exportCsv = useAction(
    async () => {
      const all = await readQuery(wholeConversationSpec(incident.id));
      const csv = conversationCsv(conversationLines([...all].reverse(), me), programmeTimeZone());
      downloadCsv(csvFileName(['conversation', incident.id]), csv);
    },
    { failureTitle: 'Could not export the conversation' },
  );
  const lines = conversationLines(messages.data, me);
  const olderHidden = messages.data.length >= limit;
  // A problem already shown under the field is not said twice.
  const failure = (composer.errors.text ? null : composer.failure) ?? quick.failure;

  return (
    <section aria-labelledby="conversation-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="conversation-heading" className="font-semibold text-slate-900">
          Conversation with the reporter
        </h3>
        {lines.length > 0 && (
          <Button variant="secondary" busy={exportCsv.busy} onClick={() => void exportCsv.run()}>
            Export conversation (CSV)
          </Button>
        )}
      </div>
      {messages.status === 'loading' && <InlineSpinner />}
      {messages.status === 'error' && <p className="text-sm text-red-700">{messages.error}</p>}
      {olderHidden && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          Older messages are not shown.
          <Button variant="secondary" onClick={() => setLimit((n) => n + CONVERSATION_PAGE)}>
            Show older messages
          </Button>
        </p>
      )}
      {messages.status === 'ready' && lines.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">No messages yet.</p>
      )}
      <MessageList
        lines={lines}
        theirs={fromReporter}
        scrolls
        after={(line) => (
          <MediaStrip
            shown={media.media.filter((m) => shownMediaIds(line.mediaIds, ready).includes(m.id))}
            all={media.media}
            onOpen={media.open}
          />
        )}
      />
      {media.viewer}
      {open ? (
        <>
          <div role="group" aria-label="Quick questions" className="mt-3 flex flex-wrap gap-2">
            {questions.map((question) => (
              <Button
                key={question}
                variant="secondary"
                className="text-left"
                busy={quick.busy}
                disabled={composer.busy}
                aria-label={`Send quick question: ${question}`}
                onClick={() => void quick.run(question)}
              >
                {question}
              </Button>
            ))}
          </div>
          {isAdmin && (
            <Button variant="secondary" className="mt-2" onClick={() => setEditing(true)}>
              Edit quick questions
            </Button>
          )}
          {editing && (
            <QuickQuestionsDialog questions={questions} onClose={() => setEditing(false)} />
          )}
          <form onSubmit={composer.submit} className="mt-3" noValidate>
            <TextAreaField
              label="Message to the reporter"
              {...composer.field('text')}
              rows={2}
              maxLength={LIMITS.message}
              hint="The reporter sees it in the app, with your name."
            />
            {me && attached.length < LIMITS.mediaPerMessage && (
              <MediaPicker
                target={{ incidentId: incident.id, side: 'staff', uid: me }}
                label="Attach to the message"
                max={LIMITS.mediaPerMessage - attached.length}
                onUploaded={(id) =>
                  setAttached((ids) => [...ids, id].slice(0, LIMITS.mediaPerMessage))
                }
              />
            )}
            {attached.length > 0 && (
              <p className="mb-2 text-sm text-slate-600">
                {attached.length} {attached.length === 1 ? 'file' : 'files'} will be sent with the
                message.
              </p>
            )}
            {failure && (
              <p role="alert" className="mb-2 text-sm text-red-700">
                Not sent: {failure}
              </p>
            )}
            <Button type="submit" busy={composer.busy} disabled={quick.busy}>
              {composer.busy || quick.busy ? 'Sending…' : 'Send'}
            </Button>
          </form>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          This report is archived: no messages can be sent.
        </p>
      )}
    </section>
  );
}
