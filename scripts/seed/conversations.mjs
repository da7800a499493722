/**
 * Demo conversations with reporters (issue 19 item 1), as plain data: on two Riverside Campus
 * reports, one named and one anonymous, a staff question and the reporter's answer. The message
 * trigger delivers them when the seed writes them: the reporter gets the staff member's
 * notification, and the reports land in Riverside's "Reporter replied" queue.
 */
import { fullName } from '@campus-safety/model';
import { STAFF } from './accounts.mjs';
import { campusImt } from './incidents.mjs';

const MINUTE = 60_000;

/** Which reports talk, and what is said: [question, answer]. */
const PLAN = [
  ['demo-incident-08', 'Are you safe right now?', 'Yes, I am inside the library with two friends.'],
  [
    'demo-incident-05',
    'Can you describe the person?',
    'Tall, grey hoodie, black backpack. He went towards the gym.',
  ],
];

/**
 * @param {{ id: string, data: object, anonymousReporter?: string }[]} incidents the seed's reports
 * @returns {{ incidentId: string, messages: { id: string, data: object }[] }[]}
 */
export function buildConversations(incidents) {
  return PLAN.flatMap(([incidentId, question, answer]) => {
    const incident = incidents.find((i) => i.id === incidentId);
    if (!incident) return [];
    const { data } = incident;
    const staff = STAFF.find((s) => s.uid === data.assignedTo?.id) ?? campusImt(data.nearestCampus);
    const asked = new Date(data.timestamp.getTime() + 3 * MINUTE);
    const answered = new Date(asked.getTime() + 2 * MINUTE);
    return [
      {
        incidentId,
        messages: [
          {
            id: 'seed-message-1',
            data: {
              text: question,
              authorUid: staff.uid,
              authorRole: 'staff',
              authorName: fullName(staff),
              sentAt: asked,
            },
          },
          {
            id: 'seed-message-2',
            data: {
              text: answer,
              // The reporter of an anonymous report writes no uid (docs/anonymity.md).
              ...(data.anonymous ? {} : { authorUid: data.reporterId }),
              authorRole: 'reporter',
              sentAt: answered,
            },
          },
        ],
      },
    ];
  });
}
