import { canMoveStatus, isIncidentStatus, type IncidentStatus } from '@campus-safety/model';

/** The timing field a status move records, if any (docs/requirements.md#status-machine). */
export type TimingField = 'waitingTimeInMinutes' | 'responseTimeInMinutes';

export type StatusChange =
  | { kind: 'none' }
  | { kind: 'illegal'; from: string; to: string }
  | { kind: 'move'; from: IncidentStatus; to: IncidentStatus; timing: TimingField | null };

const TIMING: Partial<Record<IncidentStatus, TimingField>> = {
  Processing: 'waitingTimeInMinutes',
  Responded: 'responseTimeInMinutes',
};

/**
 * What an incident update means for the status machine. A document without a status counts as
 * Reported (the initial state). Moves the machine does not allow are reported as illegal so the
 * trigger can log them instead of telling the reporter something untrue.
 */
export function classifyStatusChange(before: unknown, after: unknown): StatusChange {
  const from = before ?? 'Reported';
  const to = after ?? 'Reported';
  if (from === to) return { kind: 'none' };
  if (!isIncidentStatus(from) || !isIncidentStatus(to) || !canMoveStatus(from, to)) {
    return { kind: 'illegal', from: String(from), to: String(to) };
  }
  return { kind: 'move', from, to, timing: TIMING[to] ?? null };
}
