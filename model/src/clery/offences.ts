/**
 * What the Clery Act counts (34 CFR 668.46(c); the Handbook for Campus Safety and Security
 * Reporting, 2016, chapter 3) and how several offences of one incident are counted: the
 * hierarchy rule with its exceptions. docs/clery.md explains each decision and its source.
 */

/**
 * Criminal offences, most serious first: the order of the hierarchy rule. Sex offences sit
 * between manslaughter by negligence and robbery in that order but are counted outside it
 * (countedOffences); arson is always counted.
 */
export const CRIMINAL_OFFENCES = [
  'murder',
  'negligentManslaughter',
  'rape',
  'fondling',
  'incest',
  'statutoryRape',
  'robbery',
  'aggravatedAssault',
  'burglary',
  'motorVehicleTheft',
  'arson',
] as const;
export type CriminalOffence = (typeof CRIMINAL_OFFENCES)[number];

export const SEX_OFFENCES = ['rape', 'fondling', 'incest', 'statutoryRape'] as const;

/** Offences counted only as hate crimes (when they carry a bias). */
export const HATE_ONLY_OFFENCES = [
  'larcenyTheft',
  'simpleAssault',
  'intimidation',
  'vandalism',
] as const;

/** Violence Against Women Act offences, counted per incident outside the hierarchy. */
export const VAWA_OFFENCES = ['domesticViolence', 'datingViolence', 'stalking'] as const;

export const CLERY_OFFENCES = [...CRIMINAL_OFFENCES, ...HATE_ONLY_OFFENCES, ...VAWA_OFFENCES];
export type CleryOffence = (typeof CLERY_OFFENCES)[number];

/** Every criminal offence but manslaughter by negligence can be a hate crime, and the four above. */
export const HATE_CRIME_OFFENCES: readonly CleryOffence[] = [
  ...CRIMINAL_OFFENCES.filter((o) => o !== 'negligentManslaughter'),
  ...HATE_ONLY_OFFENCES,
];

export const BIASES = [
  'race',
  'religion',
  'sexualOrientation',
  'gender',
  'genderIdentity',
  'ethnicity',
  'nationalOrigin',
  'disability',
] as const;
export type Bias = (typeof BIASES)[number];

/** Law violations whose arrests and disciplinary referrals are counted (persons, not incidents). */
export const VIOLATIONS = ['weapons', 'drugAbuse', 'liquorLaw'] as const;
export type Violation = (typeof VIOLATIONS)[number];

export const OFFENCE_LABELS: Readonly<Record<CleryOffence, string>> = {
  murder: 'Murder/Non-negligent manslaughter',
  negligentManslaughter: 'Manslaughter by negligence',
  rape: 'Rape',
  fondling: 'Fondling',
  incest: 'Incest',
  statutoryRape: 'Statutory rape',
  robbery: 'Robbery',
  aggravatedAssault: 'Aggravated assault',
  burglary: 'Burglary',
  motorVehicleTheft: 'Motor vehicle theft',
  arson: 'Arson',
  larcenyTheft: 'Larceny-theft',
  simpleAssault: 'Simple assault',
  intimidation: 'Intimidation',
  vandalism: 'Destruction/damage/vandalism of property',
  domesticViolence: 'Domestic violence',
  datingViolence: 'Dating violence',
  stalking: 'Stalking',
};

export const BIAS_LABELS: Readonly<Record<Bias, string>> = {
  race: 'Race',
  religion: 'Religion',
  sexualOrientation: 'Sexual orientation',
  gender: 'Gender',
  genderIdentity: 'Gender identity',
  ethnicity: 'Ethnicity',
  nationalOrigin: 'National origin',
  disability: 'Disability',
};

export const VIOLATION_LABELS: Readonly<Record<Violation, string>> = {
  weapons: 'Weapons: carrying, possessing, etc.',
  drugAbuse: 'Drug abuse violations',
  liquorLaw: 'Liquor law violations',
};

/** One offence of an incident as staff classified it; `bias` makes it a hate crime. */
export interface ClassifiedOffence {
  offence: CleryOffence;
  bias: Bias | null;
}

function isIn<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function isCriminalOffence(offence: string): offence is CriminalOffence {
  return isIn(CRIMINAL_OFFENCES, offence);
}
export function isSexOffence(offence: string): boolean {
  return isIn(SEX_OFFENCES, offence);
}
export function isVawaOffence(offence: string): boolean {
  return isIn(VAWA_OFFENCES, offence);
}

/**
 * Why this set of offences cannot be one incident's classification, or null: each offence once,
 * a bias only on an offence that can be a hate crime, a hate-crime-only offence only with a bias.
 */
export function offencesProblem(offences: readonly ClassifiedOffence[]): string | null {
  const seen = new Set<string>();
  for (const { offence, bias } of offences) {
    if (seen.has(offence)) return `${OFFENCE_LABELS[offence]} is listed twice.`;
    seen.add(offence);
    if (bias !== null && !HATE_CRIME_OFFENCES.includes(offence))
      return `${OFFENCE_LABELS[offence]} cannot be counted as a hate crime.`;
    if (bias === null && isIn(HATE_ONLY_OFFENCES, offence))
      return `${OFFENCE_LABELS[offence]} is counted only as a hate crime: choose the bias.`;
  }
  return null;
}

/**
 * The criminal offences an incident adds to the statistics, by the hierarchy rule: of the
 * offences other than sex offences and arson, only the most serious; of the sex offences, only
 * the most serious, and counted beside the other (a murder and a rape in one incident are both
 * counted); arson always. Hate crimes, VAWA offences and arrests/referrals are counted apart.
 */
export function countedOffences(offences: readonly ClassifiedOffence[]): CriminalOffence[] {
  const criminal = CRIMINAL_OFFENCES.filter((o) => offences.some((c) => c.offence === o));
  const mostSerious = (group: readonly CriminalOffence[]) => group.slice(0, 1);
  const sex = criminal.filter(isSexOffence);
  const others = criminal.filter((o) => !isSexOffence(o) && o !== 'arson');
  return [
    ...mostSerious(others),
    ...mostSerious(sex),
    ...(criminal.includes('arson') ? (['arson'] as const) : []),
  ].sort((a, b) => CRIMINAL_OFFENCES.indexOf(a) - CRIMINAL_OFFENCES.indexOf(b));
}
