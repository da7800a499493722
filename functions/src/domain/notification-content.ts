import {
  formatInZone,
  STATUS_COLORS,
  STATUS_LABELS,
  type IncidentStatus,
  type NotificationColor,
} from '@campus-safety/model';

export interface NotificationContent {
  title: string;
  message: string;
  color: NotificationColor;
  /** Material Symbols name the app shows beside the notification. */
  icon: string;
}

export interface IncidentFacts {
  incidentType: string;
  reportedAt: Date;
  assigneeName?: string | null;
  declineReason?: string | null;
}

const TITLES: Record<IncidentStatus, string> = {
  Reported: STATUS_LABELS.Reported,
  Processing: 'Report Processing',
  Responded: 'Report Responded',
  Resolved: 'Report Resolved',
  Declined: 'Report Declined',
};

const ICONS: Record<IncidentStatus, string> = {
  Reported: 'report',
  Processing: 'hourglass_top',
  Responded: 'directions_run',
  Resolved: 'task_alt',
  Declined: 'block',
};

/**
 * Title, message, colour (docs/requirements.md#constants) and icon of the reporter's notification
 * per status.
 */
export function notificationContent(
  status: IncidentStatus,
  facts: IncidentFacts,
  timeZone: string,
): NotificationContent {
  const what = `your ${facts.incidentType || 'incident'} report of ${formatInZone(facts.reportedAt, timeZone)}`;
  const messages: Record<IncidentStatus, string> = {
    Reported: `We received ${what}. The safety team will review it shortly.`,
    Processing: `${facts.assigneeName ? facts.assigneeName : 'The safety team'} is now handling ${what}.`,
    Responded: `Responders have acted on ${what}.`,
    Resolved: `${capitalise(what)} has been resolved.`,
    Declined: `${capitalise(what)} was declined${facts.declineReason ? `: ${facts.declineReason}` : ''}.`,
  };
  return {
    title: TITLES[status],
    message: messages[status],
    color: STATUS_COLORS[status],
    icon: ICONS[status],
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
