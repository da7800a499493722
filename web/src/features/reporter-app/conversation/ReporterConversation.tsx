import { useState } from 'react';
import { LIMITS, type IncidentReport } from '@campus-safety/model';
import { Conversation, useConversationMessages } from '../../../components/Conversation';
import { MediaPicker } from '../../../components/MediaPicker';
import { incidentThread, sendMessage } from '../../../data/conversation';
import { useRetryWhileArriving } from '../offline/delivery';
import type { WithId } from '../../../data/spec';
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
  const conversation = useConversationMessages(incidentThread(incident.id));
  const arriving = useRetryWhileArriving(conversation.messages, held);
  const [attached, setAttached] = useState<string[]>([]);

  return (
    <div className="mt-6">
      <Conversation
        title="Messages with the safety team"
        conversation={conversation}
        lines={reporterLines(conversation.messages.data)}
        theirs={(line) => !line.mine}
        waiting={arriving}
        empty="No messages yet. The safety team may ask you something here."
        closed="This report is closed: no messages can be sent."
        composer={
          incident.isArchived
            ? null
            : {
                label: 'Message to the safety team',
                hint: incident.anonymous
                  ? 'Sent without your name: the team sees "Reporter".'
                  : 'The team sees it with your report.',
                send: async (text) => {
                  await sendMessage(
                    incidentThread(incident.id),
                    text,
                    incident.anonymous ? 'anonymous-reporter' : 'reporter',
                    attached,
                  );
                  setAttached([]);
                },
                attachments: (
                  <>
                    {attached.length > 0 && (
                      <p className="text-sm text-slate-700">
                        {attached.length === 1 ? 'One file' : `${attached.length} files`} will be
                        sent with the message.
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
                  </>
                ),
              }
        }
      />
    </div>
  );
}
