import { useEffect, useState } from 'react';
import { LIMITS, shownMediaIds } from '@campus-safety/model';
import { MediaPicker } from '../../../components/MediaPicker';
import { MediaStrip } from '../media/MediaStrip';
import { readyIds } from '../media/media';
import { useIncidentMedia } from '../media/IncidentMediaPanel';
import { Button } from '../../../components/Button';
import { Conversation, useConversationMessages } from '../../../components/Conversation';
import { useAction } from '../../../components/use-action';
import {
  incidentThread,
  markConversationRead,
  quickQuestionsOf,
  quickQuestionsSpec,
  sendStaffMessage,
  wholeConversationSpec,
} from '../../../data/conversation';
import { readQuery } from '../../../data/firestore';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { programmeTimeZone } from '../../../lib/institution';
import type { Incident } from '../../../data/incidents';
import { useLiveDoc } from '../../../data/live-query';
import { useAuth } from '../../../session/store';
import { QuickQuestionsDialog } from './QuickQuestionsDialog';
import {
  conversationCsv,
  conversationLines,
  fromReporter,
} from '../../../components/conversation-lines';

/** Sends a message as staff; a bound reached is said under the field (the shared composer). */
function send(incidentId: string, text: string, mediaIds: readonly string[] = []) {
  return sendStaffMessage(incidentThread(incidentId), text.trim(), mediaIds);
}

/**
 * The conversation with the reporter in the report dialog: the messages (live, newest page), a
 * composer with the quick questions, and the unread mark cleared while staff have it open.
 */
export function IncidentConversation({ incident }: { incident: Incident }) {
  const conversation = useConversationMessages(incidentThread(incident.id));
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

  const quick = useAction((question: string) => send(incident.id, question));
  // The whole conversation, not the page on screen (bounded by LIMITS.messagesPerReport).
  const exportCsv = useAction(
    async () => {
      const all = await readQuery(wholeConversationSpec(incidentThread(incident.id)));
      const csv = conversationCsv(conversationLines([...all].reverse(), me), programmeTimeZone());
      downloadCsv(csvFileName(['conversation', incident.id]), csv);
    },
    { failureTitle: 'Could not export the conversation' },
  );
  const lines = conversationLines(conversation.messages.data, me);

  return (
    <>
      <Conversation
        title="Conversation with the reporter"
        level={3}
        action={
          lines.length > 0 && (
            <Button variant="secondary" busy={exportCsv.busy} onClick={() => void exportCsv.run()}>
              Export conversation (CSV)
            </Button>
          )
        }
        conversation={conversation}
        lines={lines}
        theirs={fromReporter}
        after={(line) => (
          <MediaStrip
            shown={media.media.filter((m) => shownMediaIds(line.mediaIds, ready).includes(m.id))}
            all={media.media}
            onOpen={media.open}
          />
        )}
        empty="No messages yet."
        closed="This report is archived: no messages can be sent."
        composer={
          open
            ? {
                label: 'Message to the reporter',
                hint: 'The reporter sees it in the app, with your name.',
                rows: 2,
                send: async (text) => {
                  await send(incident.id, text, attached);
                  setAttached([]);
                },
                otherBusy: quick.busy,
                failure: quick.failure,
                before: (
                  <>
                    <div
                      role="group"
                      aria-label="Quick questions"
                      className="mt-3 flex flex-wrap gap-2"
                    >
                      {questions.map((question) => (
                        <Button
                          key={question}
                          variant="secondary"
                          className="text-left"
                          busy={quick.busy}
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
                  </>
                ),
                attachments: (
                  <>
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
                        {attached.length} {attached.length === 1 ? 'file' : 'files'} will be sent
                        with the message.
                      </p>
                    )}
                  </>
                ),
              }
            : null
        }
      />
      {media.viewer}
      {editing && <QuickQuestionsDialog questions={questions} onClose={() => setEditing(false)} />}
    </>
  );
}
