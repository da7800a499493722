import {
  APPROVAL_AUDIENCE_LABELS,
  APPROVAL_URGENCY_LABELS,
  campusOf,
  campusesOf,
  type Campuses,
  LANGUAGE_LABELS,
  TARGET_LEVELS,
  alertApprovalOf,
  declineReasonsOf,
  incidentTypesOf,
  NOT_A_CLERY_CRIME,
  OFFENCE_LABELS,
  resolveCodesOf,
  type IncidentTypeSetting,
  institutionOf,
  responseTargetsOf,
  type SettingName,
} from '@campus-safety/model';

/**
 * What one history entry changed, in words ("Critical: assign within 5 → 3 min"). A missing
 * `before` is read as the defaults it replaced, as every reader does.
 */
export function settingChanges(name: SettingName, before: unknown, after: unknown): string[] {
  const changes: string[] = [];
  if (name === 'responseTargets') {
    const [a, b] = [responseTargetsOf(before), responseTargetsOf(after)];
    for (const level of TARGET_LEVELS) {
      const [was, now] = [a[level], b[level]];
      if (was.assignWithinMinutes !== now.assignWithinMinutes)
        changes.push(
          `${level}: assign within ${was.assignWithinMinutes} → ${now.assignWithinMinutes} min`,
        );
      if (was.respondWithinMinutes !== now.respondWithinMinutes)
        changes.push(
          `${level}: respond within ${was.respondWithinMinutes} → ${now.respondWithinMinutes} min`,
        );
    }
  } else if (name === 'incidentTypes') {
    const [a, b] = [incidentTypesOf(before), incidentTypesOf(after)];
    for (const now of b) {
      const was = a.find((t) => t.type === now.type);
      if (!was) {
        changes.push(`${now.type}: added`);
        continue;
      }
      if (was.label !== now.label)
        changes.push(`${now.type}: shown as "${was.label}" → "${now.label}"`);
      if (was.offered !== now.offered)
        changes.push(`${now.type}: ${now.offered ? 'offered again' : 'no longer offered'}`);
      if (was.clery !== now.clery)
        changes.push(
          `${now.type}: proposed Clery classification ${cleryText(was)} → ${cleryText(now)}`,
        );
    }
  } else if (name === 'declineReasons' || name === 'resolveCodes') {
    const read = name === 'declineReasons' ? declineReasonsOf : resolveCodesOf;
    const [a, b] = [read(before), read(after)];
    for (const item of b) if (!a.includes(item)) changes.push(`"${item}" added`);
    for (const item of a) if (!b.includes(item)) changes.push(`"${item}" removed`);
    if (changes.length === 0 && a.join('\n') !== b.join('\n')) changes.push('Order changed');
  } else if (name === 'institution') {
    changes.push(...institutionChanges(before, after));
  } else if (name === 'alertApproval') {
    const [a, b] = [alertApprovalOf(before), alertApprovalOf(after)];
    if (a.audience !== b.audience)
      changes.push(
        `Needs approval: ${APPROVAL_AUDIENCE_LABELS[a.audience]} → ${APPROVAL_AUDIENCE_LABELS[b.audience]}`,
      );
    if (a.urgency !== b.urgency)
      changes.push(
        `Of those: ${APPROVAL_URGENCY_LABELS[a.urgency]} → ${APPROVAL_URGENCY_LABELS[b.urgency]}`,
      );
  } else {
    changes.push(...campusChanges(campusesOf(before), campusesOf(after)));
  }
  return changes.length > 0 ? changes : ['Saved without changes'];
}

const cleryText = ({ clery }: IncidentTypeSetting) =>
  clery === null
    ? 'no proposal'
    : clery === NOT_A_CLERY_CRIME
      ? 'not a Clery crime'
      : OFFENCE_LABELS[clery];

/** One line per campus added, renamed, retired or brought back, or whose areas changed. */
function campusChanges(before: Campuses, after: Campuses): string[] {
  const lines: string[] = [];
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  for (const now of after) {
    const was = campusOf(before, now.id);
    if (!was) {
      lines.push(`${now.name}: added`);
      continue;
    }
    if (was.name !== now.name) lines.push(`${was.name}: renamed ${now.name}`);
    if (was.retired !== now.retired)
      lines.push(`${now.name}: ${now.retired ? 'retired' : 'in use again'}`);
    if (!same(was.boundary, now.boundary))
      lines.push(
        `${now.name}: boundary changed (${was.boundary.length} → ${now.boundary.length} points)`,
      );
    if (!same(was.centre, now.centre)) lines.push(`${now.name}: centre moved`);
    if (!same(was.housing, now.housing) || !same(was.publicProperty, now.publicProperty))
      lines.push(`${now.name}: Clery areas changed`);
    if (!same(was.noncampus, now.noncampus))
      lines.push(`${now.name}: noncampus properties changed`);
  }
  return lines;
}

const numberText = (n: { label: string; phone: string } | null) =>
  n ? `${n.label} ${n.phone}` : 'none';

/** "Time zone: Asia/Manila → America/Chicago", one line per field of the profile that moved. */
function institutionChanges(before: unknown, after: unknown): string[] {
  const [a, b] = [institutionOf(before), institutionOf(after)];
  const lines: [string, string, string][] = [
    ['Name', a.name, b.name],
    ['Short name', a.shortName, b.shortName],
    ['Time zone', a.timeZone, b.timeZone],
    ['Campus security', numberText(a.campusSecurity), numberText(b.campusSecurity)],
    ['Local emergency', numberText(a.localEmergency), numberText(b.localEmergency)],
    ['Default language', LANGUAGE_LABELS[a.defaultLanguage], LANGUAGE_LABELS[b.defaultLanguage]],
  ];
  const changes = lines
    .filter(([, was, now]) => was !== now)
    .map(([what, was, now]) => `${what}: ${was} → ${now}`);
  if (a.address !== b.address) changes.push('Address changed');
  if (JSON.stringify(a.mapView) !== JSON.stringify(b.mapView)) changes.push('Map view moved');
  return changes;
}
