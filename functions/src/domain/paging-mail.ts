import {
  ASSIGNED_TITLE,
  REASSIGNED_AWAY_TITLE,
  acknowledgeLink,
  reportLink,
  formatInZone,
} from '@campus-safety/model';

/** What the mail to a paged staff member says (plain text: every client shows it the same). */
export interface PagingMail {
  subject: string;
  text: string;
}

export interface AssignedFacts {
  incidentId: string;
  /** "<type> at <campus> (<threat level>)" (pagedReportLabel). */
  label: string;
  reportedAt: Date | null;
  /** Who assigned it, from their profile; null for the system. */
  assignedBy: string | null;
  /** The reason, when the report was reassigned to them. */
  reason: string | null;
  consoleUrl: string;
  timeZone: string;
}

/**
 * The assignee's mail: what, where, how urgent, and the one link that opens the report and
 * acknowledges it (model's acknowledgeLink: for the signed-in assignee only).
 */
export function assignedMail(facts: AssignedFacts): PagingMail {
  const lines = [
    `${ASSIGNED_TITLE}: ${facts.label}.`,
    '',
    ...(facts.reportedAt ? [`Reported: ${formatInZone(facts.reportedAt, facts.timeZone)}`] : []),
    ...(facts.assignedBy ? [`Assigned by: ${facts.assignedBy}`] : []),
    ...(facts.reason ? [`Reason for the reassignment: ${facts.reason}`] : []),
    '',
    'Acknowledge in one click (opens the report in the console):',
    acknowledgeLink(facts.consoleUrl, facts.incidentId),
    '',
    'Acknowledging tells the team you have it. You received this because the report was assigned to you in the Campus Safety Console.',
  ];
  return { subject: `${ASSIGNED_TITLE}: ${facts.label}`, text: lines.join('\n') };
}

/**
 * The assignee's SMS: the title and the report in a line, and the one-click link (the phone's
 * browser signs in as anyone else's would: only the assignee's session acknowledges).
 */
export function assignedSms(
  facts: Pick<AssignedFacts, 'incidentId' | 'label' | 'consoleUrl'>,
): string {
  return `${ASSIGNED_TITLE}: ${facts.label}. Acknowledge: ${acknowledgeLink(facts.consoleUrl, facts.incidentId)}`;
}

/** The on-call person's SMS about an SOS: what happened, where, and the emergency's console page. */
export function emergencyPageSms(label: string, consoleUrl: string, emergencyId: string): string {
  return `${label}. Open: ${emergencyLink(consoleUrl, emergencyId)}`;
}

/** An emergency escalation step's SMS: what its console notice says, and the emergency's page. */
export function emergencyEscalationSms(
  message: string,
  consoleUrl: string,
  emergencyId: string,
): string {
  return `${message} Open: ${emergencyLink(consoleUrl, emergencyId)}`;
}

const emergencyLink = (consoleUrl: string, emergencyId: string) =>
  `${consoleUrl}/emergencies/${encodeURIComponent(emergencyId)}`;

/** An escalation step's SMS: what its console notice says, and the report's console page. */
export function escalationSms(message: string, consoleUrl: string, incidentId: string): string {
  return `${message} Open: ${consoleUrl}/reports?id=${encodeURIComponent(incidentId)}`;
}

export interface ReassignedAwayFacts {
  incidentId: string;
  label: string;
  newAssignee: string;
  reason: string | null;
  consoleUrl: string;
}

/** The previous assignee's mail when the report goes to someone else. */
export function reassignedAwayMail(facts: ReassignedAwayFacts): PagingMail {
  const lines = [
    `${REASSIGNED_AWAY_TITLE}: ${facts.label} is now with ${facts.newAssignee}.`,
    ...(facts.reason ? ['', `Reason: ${facts.reason}`] : []),
    '',
    'The report:',
    reportLink(facts.consoleUrl, facts.incidentId),
  ];
  return {
    subject: `${REASSIGNED_AWAY_TITLE}: ${facts.label}`,
    text: lines.join('\n'),
  };
}
