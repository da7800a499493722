import {
  KIND_LABELS,
  OFFENCE_LABELS,
  audienceLabel,
  type Campuses,
  reportToWarningMinutes,
  type MassNotification,
} from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { formatDate, formatMinutes } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';

/** The Clery record of each Timely Warning and Emergency Notification, printed and exported. */
export function cleryAlertColumns() {
  return [
    'Type',
    `Issued (${programmeTimeZone()})`,
    'Title',
    'Text',
    'Audience',
    'Clery crime',
    'Linked incidents',
    'Report to warning',
    'Decided by',
    'Approved by',
  ] as const;
}

export function cleryAlertCells(alert: WithId<MassNotification>, campuses: Campuses): string[] {
  const minutes = reportToWarningMinutes(alert.firstReportedAt, alert.sentAt);
  return [
    KIND_LABELS[alert.kind],
    alert.sentAt ? formatDate(alert.sentAt.toMillis()) : `Not issued (${alert.state})`,
    alert.title,
    alert.body,
    audienceLabel(alert.audience, campuses),
    alert.cleryCrime ? OFFENCE_LABELS[alert.cleryCrime] : '',
    alert.incidentIds.join(' '),
    minutes === null ? '' : formatMinutes(minutes),
    alert.author.name,
    alert.approvedBy?.name ?? '',
  ];
}

export function cleryAlertsCsv(
  alerts: readonly WithId<MassNotification>[],
  campuses: Campuses,
): string {
  return toCsv(
    cleryAlertColumns(),
    alerts.map((a) => cleryAlertCells(a, campuses)),
  );
}
