import {
  CHANNEL_LABELS,
  KIND_LABELS,
  alertLink,
  audienceLabel,
  type Audience,
  type Campuses,
  type MassNotificationChannel,
  type MassNotificationKind,
} from '@campus-safety/model';

export interface ApprovalRequestFacts {
  alertId: string;
  kind: MassNotificationKind;
  title: string;
  body: string;
  audience: Audience;
  /** The institution's campuses: the audience is told by their current names. */
  campuses: Campuses;
  channels: readonly MassNotificationChannel[];
  /** Who wrote it, from their profile. */
  author: string;
  consoleUrl: string;
}

/**
 * The mail that asks the other Admins to approve an alert (plain text): what it says, to whom,
 * by which channels, who wrote it, and the one page where it is approved. Waiting costs the
 * campus time, so the subject says so first.
 */
export function approvalRequestMail(facts: ApprovalRequestFacts) {
  const what = `${KIND_LABELS[facts.kind]}: ${facts.title}`;
  return {
    subject: `Waiting for your approval: ${what}`,
    text: [
      `${facts.author} wrote an alert that needs a second Admin before it goes.`,
      '',
      what,
      facts.body,
      '',
      `To: ${audienceLabel(facts.audience, facts.campuses)}`,
      `By: ${facts.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}`,
      '',
      'Approve it, or leave it unsent, in the console:',
      alertLink(facts.consoleUrl, facts.alertId),
      '',
      'You received this because you are an Admin of the Campus Safety Console and the Alert approval setting asks a second Admin to approve alerts like this one.',
    ].join('\n'),
  };
}
