import { useState } from 'react';
import { LIMITS, type IncidentReport } from '@campus-safety/model';
import { Conversation, useConversationMessages } from '../../../components/Conversation';
import { MediaPicker } from '../../../components/MediaPicker';
import { incidentThread, messagePaceSpec, queueReporterMessage } from '../../../data/conversation';
import { heldOnDevice, useLiveDoc } from '../../../data/live-query';
import { useAuth } from '../../../session/store';
import { DeliveryNote } from '../offline/DeliveryNote';
import { messageRefusedText, untilSentOrHeld, useRetryWhileArriving } from '../offline/delivery';
import type { WithId } from '../../../data/spec';
import { reporterLines } from './lines';

/**
 * The report's conversation with its safety team: messages both ways, live (staff's quick
 * questions arrive as messages), and the reporter's composer. A refused send (the report's
 * bound, the pace) says why under the field and keeps the text. A message written without a
 * connection waits on the device, marked so, and is sent when it returns; refused then, its text
 * is said under the field. `held`: the report was written on this device without a connection
 * (its listener may be refused once while it lands).
 */
export function ReporterConversation({
  incident,
  held = false,
}: {
  incident: WithId<IncidentReport>;
  held?: boolean;
}) {
  const thread = incidentThread(incident.id);
  const conversation = useConversationMessages(thread);
  const arriving = useRetryWhileArriving(conversation.messages, held);
  const [attached, setAttached] = useState<string[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  // Followed so that the device holds the pace a message written offline is counted into.
  const uid = useAuth((s) => s.user?.uid ?? '');
  useLiveDoc(uid ? messagePaceSpec(thread, uid) : null);

  return (
    <div className="mt-6">
      <Conversation
        title="Messages with the safety team"
        conversation={conversation}
        lines={reporterLines(conversation.messages.data, heldOnDevice(conversation.messages.data))}
        theirs={(line) => !line.mine}
        after={(line) => line.held && <DeliveryNote pending className="mt-1 p-2" />}
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
                failure: refused,
                send: async (text) => {
                  setRefused(null);
                  const { sent } = await queueReporterMessage(
                    thread,
                    text,
                    incident.anonymous ? 'anonymous-reporter' : 'reporter',
                    attached,
                  );
                  // Online a refusal reaches the field (the text and files kept); once held on
                  // the device it comes later, and is said with the text it refused.
                  const delivery = await untilSentOrHeld(sent);
                  setAttached([]);
                  if (delivery === 'on-device')
                    sent.catch((error: unknown) => setRefused(messageRefusedText(text, error)));
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
