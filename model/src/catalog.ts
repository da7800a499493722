/**
 * Fixed vocabularies of the programme. The requirements do not list them; these are the project's
 * decision (docs/decisions.md) and the seed, the simulator, forms and filters all use them.
 */
/**
 * How a reporter belongs to the institution, as they say in /app (docs/reporter-app.md#campus-and-affiliation).
 * Stored as these keys on `users/{uid}.affiliation`; firestore.rules restates them.
 */
export const AFFILIATIONS = ['student', 'faculty', 'staff', 'visitor'] as const;
export type Affiliation = (typeof AFFILIATIONS)[number];
export const AFFILIATION_LABELS: Record<Affiliation, string> = {
  student: 'Student',
  faculty: 'Faculty',
  staff: 'Staff',
  visitor: 'Visitor',
};

/** Ordered from least to most severe. */
export const THREAT_LEVELS = ['Low', 'Moderate', 'High', 'Critical'] as const;
export type ThreatLevel = (typeof THREAT_LEVELS)[number];

/**
 * The starter incident types: their names are their keys for good (old reports carry them). An
 * institution adds, relabels and retires types in the `incidentTypes` setting (settings.ts).
 */
export const INCIDENT_TYPES = [
  'Medical Emergency',
  'Fire',
  'Theft',
  'Harassment',
  'Vandalism',
  'Accident',
  'Suspicious Activity',
  'Other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** The starter decline reasons (the `declineReasons` setting edits them); the description carries the detail. */
export const DECLINE_REASONS = [
  'Duplicate report',
  'False or prank report',
  'Outside campus jurisdiction',
  'Insufficient information',
  'Other',
] as const;

/** The starter resolve codes of accomplishment reports (the `resolveCodes` setting edits them). */
export const RESOLVE_CODES = [
  'Resolved on site',
  'Referred to medical services',
  'Referred to police',
  'Referred to another office',
  'No action needed',
] as const;
