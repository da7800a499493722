import {
  KIND_LABELS,
  OFFENCE_LABELS,
  audienceLabel,
  reportToWarningMinutes,
  type MassNotification,
} from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { TIME_ZONE, formatDate, formatMinutes } from '../../../lib/format';

/** The Clery record of each Timely Warning and Emergency Notification, printed and exported. */
export const CLERY_ALERT_COLUMNS = [
  'Type',
  `Issued (${TIME_ZONE})`,
  'Title',
  'Text',
  'Audience',
  'Clery crime',
  'Linked incidents',
  'Report to warning',
  'Decided by',
  'Approved by',
] as const;

export function cleryAlertCells(alert: WithId<MassNotification>): string[] {
  const minutes = reportToWarningMinutes(alert.firstReportedAt, alert.sentAt);
  return [
    KIND_LABELS[alert.kind],
    alert.sentAt ? formatDate(alert.sentAt.toMillis()) : `Not issued (${alert.state})`,
    alert.title,
    alert.body,
    audienceLabel(alert.audience),
    alert.cleryCrime ? OFFENCE_LABELS[alert.cleryCrime] : '',
    alert.incidentIds.join(' '),
    minutes === null ? '' : formatMinutes(minutes),
    alert.author.name,
    alert.approvedBy?.name ?? '',
  ];
}

export function cleryAlertsCsv(alerts: readonly WithId<MassNotification>[]): string {
  return toCsv(CLERY_ALERT_COLUMNS, alerts.map(cleryAlertCells));
}
