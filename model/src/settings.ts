/**
 * Deployment settings Admins edit in the console (issue 20 item 6): the institution profile
 * (issue 30, institution.ts), response targets, incident
 * types, the campuses and which alerts need a second Admin (issue 28 item 6). Each is one document `settings/{id}` written only by the `saveSetting`
 * callable (the rules cannot validate these lists), with a `history` sub-collection of every
 * change. deployment.json and the catalog are the defaults: the seed writes them, and a reader
 * falls back to them while a document is missing or unreadable.
 */
import { z } from './zod-config';
import { campusesSchema, type StoredCampus } from './campuses';
import { DECLINE_REASONS, INCIDENT_TYPES, RESOLVE_CODES } from './catalog';
import { CRIMINAL_OFFENCES, VAWA_OFFENCES, type ClassifiedOffence } from './clery/offences';
import { COLLECTIONS } from './collections';
import type { TimestampLike } from './entities';
import { RESPONSE_TARGETS, responseTargetsSchema, type ResponseTargets } from './response-targets';
import { hiddenCharacterProblem } from './text';
import { DEFAULT_INSTITUTION, institutionSchema, type Institution } from './institution';
import {
  DEFAULT_ALERT_APPROVAL,
  alertApprovalSchema,
  type AlertApproval,
} from './mass-notifications';

/** The document id of each editable setting under `settings/`. */
export const SETTING_IDS = {
  institution: 'institution',
  responseTargets: 'response_targets',
  incidentTypes: 'incident_types',
  campuses: 'campuses',
  alertApproval: 'alert_approval',
  declineReasons: 'decline_reasons',
  resolveCodes: 'resolve_codes',
} as const;
export type SettingName = keyof typeof SETTING_IDS;
export const SETTING_NAMES = Object.keys(SETTING_IDS) as SettingName[];

export const SETTING_LABELS: Record<SettingName, string> = {
  institution: 'Institution',
  responseTargets: 'Response targets',
  incidentTypes: 'Incident types',
  campuses: 'Campuses',
  alertApproval: 'Alert approval',
  declineReasons: 'Decline reasons',
  resolveCodes: 'Resolve codes',
};

export const settingPath = (name: SettingName) => [COLLECTIONS.settings, SETTING_IDS[name]];

/** Who last saved a setting, on the document and on each history entry. */
export interface SettingEditor {
  uid: string;
  name: string;
}

/** `settings/{id}/history/{ms}`: one save, the whole document before (null: none) and after. */
export interface SettingHistoryEntry<T = TimestampLike> {
  at: T;
  by: SettingEditor;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

// ---------- incident types ----------

/**
 * The decision (docs/decisions.md#incident-types): a type is stored on reports by its key,
 * which never changes once saved. The catalog's eight types keep their names as keys (old reports
 * keep their type); a type an Admin adds takes its first label as its key. Relabelling changes the
 * label only; retiring stops offering it for new reports; a saved type is never removed
 * (saveSetting refuses it). `settings/incident_types` holds them as a map by key so the rules look a
 * report's type up with one get() (docs/security-rules.md#incident-types).
 */
export interface IncidentTypeSetting {
  /** The stable key stored on reports as `incidentType`. */
  type: string;
  label: string;
  offered: boolean;
  clery: TypeCleryDefault;
}

/**
 * What a Clery record of a type is proposed with (ClassifyDialog): an offence, "not a Clery
 * crime", or null: no proposal, staff decide (the starter types, which hold crimes and non-crimes
 * alike, as before types carried one).
 */
export type TypeCleryDefault = DefaultCleryOffence | typeof NOT_A_CLERY_CRIME | null;
export const NOT_A_CLERY_CRIME = 'notCrime';

/** One type as stored under its key: `position` orders the list the app and the console show. */
export interface StoredIncidentType {
  label: string;
  offered: boolean;
  clery: TypeCleryDefault;
  position: number;
}

/**
 * The offences a type may propose: a hate-crime-only offence (larceny, simple assault,
 * intimidation, vandalism) is counted only with a bias, which is a fact of the incident, not of
 * its type.
 */
export const DEFAULT_CLERY_OFFENCES = [...CRIMINAL_OFFENCES, ...VAWA_OFFENCES] as const;
export type DefaultCleryOffence = (typeof DEFAULT_CLERY_OFFENCES)[number];

export const INCIDENT_TYPE_LABEL_MAX = 40;
export const INCIDENT_TYPES_MAX = 30;

function oneLine(what: string, max: number) {
  return z
    .string({ error: `Each ${what} needs a label.` })
    .trim()
    .min(1, `Each ${what} needs a label.`)
    .max(max, `A label is at most ${max} characters.`)
    .superRefine((label, ctx) => {
      const problem = hiddenCharacterProblem(label, 'A label');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const storedIncidentTypeSchema = z
  .object({
    label: oneLine('type', INCIDENT_TYPE_LABEL_MAX),
    offered: z.boolean({ error: 'Say whether each type is offered.' }),
    clery: z
      .enum([...DEFAULT_CLERY_OFFENCES, NOT_A_CLERY_CRIME], {
        error: 'Choose a Clery offence, "not a Clery crime" or no proposal.',
      })
      .nullable(),
    position: z
      .number({ error: 'Each type needs a position.' })
      .int()
      .min(0)
      .max(INCIDENT_TYPES_MAX),
  })
  .strict();

/** A key is a type's first label: one line, trimmed, at most the label's length. */
export const incidentTypeKeySchema = oneLine('type', INCIDENT_TYPE_LABEL_MAX).refine(
  (key) => !key.includes('/'),
  'A type key cannot hold "/".',
);

export const incidentTypesSchema = z
  .record(incidentTypeKeySchema, storedIncidentTypeSchema, {
    error: 'Incident types must be a map by key.',
  })
  .refine((types) => Object.keys(types).length <= INCIDENT_TYPES_MAX, {
    message: `At most ${INCIDENT_TYPES_MAX} incident types.`,
  })
  .refine(
    (types) => {
      const labels = Object.values(types).map((t) => t.label.toLowerCase());
      return new Set(labels).size === labels.length;
    },
    { message: 'Two types cannot share a label.' },
  )
  .refine((types) => Object.values(types).some((t) => t.offered), {
    message: 'Offer at least one type.',
  });

/** What a deployment of the previous version stored: a list of the catalog's types. */
const legacyIncidentTypesSchema = z.array(
  z.object({ type: z.enum(INCIDENT_TYPES), label: z.string(), offered: z.boolean() }),
);

export const DEFAULT_INCIDENT_TYPES: readonly IncidentTypeSetting[] = INCIDENT_TYPES.map(
  (type) => ({ type, label: type, offered: true, clery: null }),
);

/** The stored map of a list of types, positioned in list order. */
export function toStoredIncidentTypes(
  types: readonly IncidentTypeSetting[],
): Record<string, StoredIncidentType> {
  return Object.fromEntries(
    types.map((t, position) => [
      t.type,
      { label: t.label, offered: t.offered, clery: t.clery, position },
    ]),
  );
}

/**
 * The types a stored setting names, in their order; the previous version's list shape is read
 * too (its types then propose nothing); the defaults when missing or invalid.
 */
export function incidentTypesOf(stored: unknown): readonly IncidentTypeSetting[] {
  const value = stored && typeof stored === 'object' ? (stored as { types?: unknown }).types : null;
  const legacy = legacyIncidentTypesSchema.safeParse(value);
  if (legacy.success && legacy.data.length > 0)
    return legacy.data.map((t) => ({ ...t, clery: null }));
  const parsed = incidentTypesSchema.safeParse(value);
  if (!parsed.success) return DEFAULT_INCIDENT_TYPES;
  return Object.entries(parsed.data)
    .sort(([a, x], [b, y]) => x.position - y.position || a.localeCompare(b))
    .map(([type, t]) => ({ type, label: t.label, offered: t.offered, clery: t.clery }));
}

/**
 * What a new Clery record of a report is proposed with, from its type's default: the offence
 * (no bias: a hate crime is the incident's fact), not a crime, or null (no proposal).
 */
export function proposedClassification(
  types: readonly IncidentTypeSetting[],
  type: unknown,
): { isCrime: boolean; offences: ClassifiedOffence[] } | null {
  const clery = types.find((t) => t.type === type)?.clery ?? null;
  if (clery === null) return null;
  if (clery === NOT_A_CLERY_CRIME) return { isCrime: false, offences: [] };
  return { isCrime: true, offences: [{ offence: clery, bias: null }] };
}

/** How a report's stored type is shown: its current label, or the stored value itself. */
export function incidentTypeLabel(types: readonly IncidentTypeSetting[], type: unknown): string {
  return types.find((t) => t.type === type)?.label ?? String(type ?? '');
}

export function offeredIncidentTypes(types: readonly IncidentTypeSetting[]): string[] {
  return types.filter((t) => t.offered).map((t) => t.type);
}

/** A new type's key: its label, or the label numbered when a saved type already holds that key. */
export function incidentTypeKeyFor(label: string, types: readonly IncidentTypeSetting[]): string {
  const base = label
    .trim()
    .replace(/\//g, '-')
    .slice(0, INCIDENT_TYPE_LABEL_MAX - 4);
  const taken = new Set(types.map((t) => t.type));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

// ---------- decline reasons and resolve codes ----------

/**
 * The reasons staff decline a report with and the codes an accomplishment report is resolved
 * with: editable lists. A report keeps the text it was declined or resolved with (the rules
 * check only new choices against the saved list).
 */
export const CHOICE_LIST_MAX = 20;
export const CHOICE_TEXT_MAX = 80;

function choiceListSchema(what: string) {
  return z
    .array(oneLine(what, CHOICE_TEXT_MAX), { error: `The ${what}s must be a list.` })
    .min(1, `Keep at least one ${what}.`)
    .max(CHOICE_LIST_MAX, `At most ${CHOICE_LIST_MAX} ${what}s.`)
    .refine((items) => new Set(items.map((i) => i.toLowerCase())).size === items.length, {
      message: `Two ${what}s cannot be the same.`,
    });
}
export const declineReasonsSchema = choiceListSchema('decline reason');
export const resolveCodesSchema = choiceListSchema('resolve code');

function listOf(
  stored: unknown,
  field: string,
  schema: z.ZodType<string[]>,
  fallback: readonly string[],
) {
  const parsed = schema.safeParse(
    stored && typeof stored === 'object' ? (stored as Record<string, unknown>)[field] : null,
  );
  return parsed.success ? parsed.data : [...fallback];
}
/** The saved decline reasons, or the catalog's while the document is missing or invalid. */
export const declineReasonsOf = (stored: unknown): string[] =>
  listOf(stored, 'reasons', declineReasonsSchema, DECLINE_REASONS);
/** The saved resolve codes, or the catalog's while the document is missing or invalid. */
export const resolveCodesOf = (stored: unknown): string[] =>
  listOf(stored, 'codes', resolveCodesSchema, RESOLVE_CODES);

// ---------- the documents and the callable ----------

export interface SettingValues {
  /** Names, programme time zone, emergency numbers, address, map view (institution.ts). */
  institution: { institution: Institution };
  responseTargets: { targets: ResponseTargets };
  /** Every type by its key (incidentTypesOf reads them in order). */
  incidentTypes: { types: Record<string, StoredIncidentType> };
  /** Every campus by its id, with its grounds and Clery areas (campuses.ts). */
  campuses: { campuses: Record<string, StoredCampus> };
  /** Which alerts wait for a second Admin (mass-notifications.ts, needsSecondApproval). */
  alertApproval: { approval: AlertApproval };
  declineReasons: { reasons: string[] };
  resolveCodes: { codes: string[] };
}

/** `settings/{id}` of an editable setting: its value, and who saved it last. */
export type SettingDoc<N extends SettingName, T = TimestampLike> = SettingValues[N] & {
  updatedAt: T;
  updatedBy: SettingEditor;
};

export const DEFAULT_SETTING_VALUES: SettingValues = {
  institution: { institution: DEFAULT_INSTITUTION },
  responseTargets: { targets: RESPONSE_TARGETS },
  incidentTypes: { types: toStoredIncidentTypes(DEFAULT_INCIDENT_TYPES) },
  /** None: an institution adds its own (the seed writes the demo's). */
  campuses: { campuses: {} },
  alertApproval: { approval: DEFAULT_ALERT_APPROVAL },
  declineReasons: { reasons: [...DECLINE_REASONS] },
  resolveCodes: { codes: [...RESOLVE_CODES] },
};

/** `saveSetting`: one setting, whole (Admins only; the history keeps the previous value). */
export const saveSettingSchema = z.discriminatedUnion(
  'setting',
  [
    z
      .object({
        setting: z.literal('institution'),
        value: z.object({ institution: institutionSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('responseTargets'),
        value: z.object({ targets: responseTargetsSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('incidentTypes'),
        value: z.object({ types: incidentTypesSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('campuses'),
        value: z.object({ campuses: campusesSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('alertApproval'),
        value: z.object({ approval: alertApprovalSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('declineReasons'),
        value: z.object({ reasons: declineReasonsSchema }).strict(),
      })
      .strict(),
    z
      .object({
        setting: z.literal('resolveCodes'),
        value: z.object({ codes: resolveCodesSchema }).strict(),
      })
      .strict(),
  ],
  {
    error:
      'Setting must be the institution, response targets, incident types, campuses, alert approval, decline reasons or resolve codes.',
  },
);

export type SaveSettingInput = z.infer<typeof saveSettingSchema>;

export interface SaveSettingResponse {
  setting: SettingName;
}
