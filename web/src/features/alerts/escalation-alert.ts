import {
  ESCALATION_CONDITION_TEXT,
  ESCALATION_LEVEL_LABELS,
  type EscalationCondition,
  type EscalationLevel,
} from '@campus-safety/model';
import { useToasts } from '../../components/toast-store';
import { createIncidentAlertTracker } from './alert-tracker';
import { playAlertSound } from './beep';

/** A report with an open escalation, as the alert reads it. */
export interface EscalatingIncident {
  id: string;
  incidentType?: string;
  nearestCampus?: string;
  escalation?: {
    condition?: EscalationCondition;
    level?: EscalationLevel;
    fired?: number;
    startedAt?: { toMillis?: () => number } | null;
  };
}

export const ESCALATION_ALERT_TITLE = 'Report escalated';

/** One key per step of one escalation: a later step, or a new escalation, is news. */
const stepKey = (r: EscalatingIncident) =>
  `${r.id}:${r.escalation?.startedAt?.toMillis?.() ?? 0}:${r.escalation?.fired ?? 0}`;

/**
 * Follows the live reports with an open escalation in the viewer's scope; each step the server
 * fires after the first server answer (the baseline; cached snapshots ignored, as the other
 * alerts do) plays the alert sound and shows one toast with Open.
 */
export function createEscalationAlert(
  open: (incidentId: string) => void,
  campusName: (id: string) => string,
  sound: () => void = playAlertSound,
) {
  const tracker = createIncidentAlertTracker();
  return (rows: readonly EscalatingIncident[], fromCache = false): number => {
    const fresh = new Set(tracker.observe(rows.map(stepKey), fromCache));
    const news = rows.filter((r) => fresh.has(stepKey(r)));
    for (const r of news) {
      const e = r.escalation ?? {};
      const what = e.condition ? ESCALATION_CONDITION_TEXT[e.condition] : 'escalated';
      const told = e.level ? `; ${ESCALATION_LEVEL_LABELS[e.level]} told` : '';
      useToasts.getState().show({
        title: ESCALATION_ALERT_TITLE,
        message: `${r.incidentType || 'A report'} at ${r.nearestCampus ? campusName(r.nearestCampus) : 'an unknown campus'} is ${what}${told}.`,
        tone: 'alert',
        actions: [{ label: 'Open', onClick: () => open(r.id) }],
      });
    }
    if (news.length > 0) sound();
    return news.length;
  };
}
