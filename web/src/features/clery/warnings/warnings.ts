import type { EmergencyTest, WarningDecision } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { toCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';

/** The decisions not to warn, as listed for the annual security report; times name their zone. */
export function warningDecisionColumns() {
  return [
    'Case',
    'Campus',
    `Reported (${programmeTimeZone()})`,
    `Decided (${programmeTimeZone()})`,
    'Decided by',
    'Reason',
  ] as const;
}

export function warningDecisionCells(d: WithId<WarningDecision>): string[] {
  return [
    d.incidentId,
    d.campus,
    formatDate(d.reportedAt.toMillis()),
    formatDate(d.decidedAt.toMillis()),
    d.decidedByName,
    d.reason,
  ];
}

export function warningDecisionsCsv(decisions: readonly WithId<WarningDecision>[]): string {
  return toCsv(warningDecisionColumns(), decisions.map(warningDecisionCells));
}

/** The tests of the emergency response: what 668.46(g) asks each to say. */
export function emergencyTestColumns() {
  return [
    `Date and time (${programmeTimeZone()})`,
    'Announced',
    'Campuses',
    'Description',
    'Follow-up',
    'Recorded by',
  ] as const;
}

export function emergencyTestCells(t: WithId<EmergencyTest>): string[] {
  return [
    formatDate(t.testedAt.toMillis()),
    t.announced ? 'Announced' : 'Unannounced',
    t.campuses.join(', '),
    t.description,
    t.followUp,
    t.recordedByName,
  ];
}

export function emergencyTestsCsv(tests: readonly WithId<EmergencyTest>[]): string {
  return toCsv(emergencyTestColumns(), tests.map(emergencyTestCells));
}
