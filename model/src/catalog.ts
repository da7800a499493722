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
 * The types a report may carry (the rules and the Clery mapping key on them). Which are offered
 * for new reports, and the label each is shown by, is the `incidentTypes` setting (settings.ts).
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

/** Decline reasons offered by the console; the description carries the detail. */
export const DECLINE_REASONS = [
  'Duplicate report',
  'False or prank report',
  'Outside campus jurisdiction',
  'Insufficient information',
  'Other',
] as const;

/** Resolve codes of accomplishment reports. */
export const RESOLVE_CODES = [
  'Resolved on site',
  'Referred to medical services',
  'Referred to police',
  'Referred to another office',
  'No action needed',
] as const;
