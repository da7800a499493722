import { formatInZone, type SafetyTimerRaise } from '@campus-safety/model';

/** What a safety timer's guardian reads: plain text only, with no link (they have no account). */
export interface GuardianFacts {
  /** The person's name from their profile, else their email. */
  person: string;
  by: SafetyTimerRaise;
  dueAt: Date;
  destination: string | null;
  /** The last point the app sent; null when it shared none. */
  place: { lat: number; lng: number; accuracy: number; at: Date } | null;
  institution: string;
  campusSecurity: { label: string; phone: string };
  timeZone: string;
}

function placeText(facts: GuardianFacts): string {
  const p = facts.place;
  if (!p) return 'Their phone shared no location.';
  const at = formatInZone(p.at, facts.timeZone, 'HH:mm');
  return `Last known place: ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)} (within ${Math.round(p.accuracy)} m) at ${at}.`;
}

function whatHappened(facts: GuardianFacts): string {
  return facts.by === 'sos'
    ? `${facts.person} pressed SOS while their safety timer ran.`
    : `${facts.person} did not check in by ${formatInZone(facts.dueAt, facts.timeZone, 'HH:mm')}, when their safety timer ran out.`;
}

/** The SMS: who, what, where, whom to call; short. */
export function guardianSms(facts: GuardianFacts): string {
  return [
    `${facts.institution}: ${whatHappened(facts)} Campus safety has been alerted.`,
    placeText(facts),
    ...(facts.destination ? [`Heading to: ${facts.destination}`] : []),
    `${facts.campusSecurity.label}: ${facts.campusSecurity.phone}`,
  ].join(' ');
}

/** The mail: the same facts, and why the guardian receives it. */
export function guardianMail(facts: GuardianFacts): { subject: string; text: string } {
  return {
    subject:
      facts.by === 'sos' ? `${facts.person} pressed SOS` : `${facts.person}'s safety timer ran out`,
    text: [
      whatHappened(facts),
      `Campus safety at ${facts.institution} has been alerted.`,
      '',
      placeText(facts),
      ...(facts.destination ? [`They were heading to: ${facts.destination}`] : []),
      '',
      `Try to reach them, or call ${facts.campusSecurity.label} at ${facts.campusSecurity.phone}.`,
      '',
      `You receive this because ${facts.person} named you as a guardian of their safety timer. This is the only message about this timer.`,
    ].join('\n'),
  };
}
