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
import { INCIDENT_TYPES, type IncidentType } from './catalog';
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
} as const;
export type SettingName = keyof typeof SETTING_IDS;
export const SETTING_NAMES = Object.keys(SETTING_IDS) as SettingName[];

export const SETTING_LABELS: Record<SettingName, string> = {
  institution: 'Institution',
  responseTargets: 'Response targets',
  incidentTypes: 'Incident types',
  campuses: 'Campuses',
  alertApproval: 'Alert approval',
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
 * The decision (docs/decisions.md): the catalog's INCIDENT_TYPES stay the types a report may
 * carry (the rules and the Clery mapping key on them, so an old report never loses its
 * classification); the setting says which of them are offered for new reports and the label
 * each is shown by. Renaming a type changes its label only; retiring one stops offering it.
 */
export interface IncidentTypeSetting {
  type: IncidentType;
  label: string;
  offered: boolean;
}

export const INCIDENT_TYPE_LABEL_MAX = 40;

const labelSchema = z
  .string({ error: 'Each type needs a label.' })
  .trim()
  .min(1, 'Each type needs a label.')
  .max(INCIDENT_TYPE_LABEL_MAX, `A label is at most ${INCIDENT_TYPE_LABEL_MAX} characters.`)
  .superRefine((label, ctx) => {
    const problem = hiddenCharacterProblem(label, 'A label');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const incidentTypesSchema = z
  .array(
    z
      .object({
        type: z.enum(INCIDENT_TYPES, { error: 'Types must come from the catalog.' }),
        label: labelSchema,
        offered: z.boolean({ error: 'Say whether each type is offered.' }),
      })
      .strict(),
    { error: 'Incident types must be a list.' },
  )
  .length(INCIDENT_TYPES.length, 'Name every catalog type once.')
  .refine((types) => new Set(types.map((t) => t.type)).size === types.length, {
    message: 'Name every catalog type once.',
  })
  .refine(
    (types) => new Set(types.map((t) => t.label.toLowerCase())).size === types.length,
    'Two types cannot share a label.',
  )
  .refine((types) => types.some((t) => t.offered), 'Offer at least one type.');

export const DEFAULT_INCIDENT_TYPES: readonly IncidentTypeSetting[] = INCIDENT_TYPES.map(
  (type) => ({ type, label: type, offered: true }),
);

/** The types a stored setting names (catalog order), or the defaults when missing or invalid. */
export function incidentTypesOf(stored: unknown): readonly IncidentTypeSetting[] {
  const parsed = incidentTypesSchema.safeParse(
    stored && typeof stored === 'object' ? (stored as { types?: unknown }).types : null,
  );
  if (!parsed.success) return DEFAULT_INCIDENT_TYPES;
  return INCIDENT_TYPES.map((type) => parsed.data.find((t) => t.type === type)!);
}

/** How a report's stored type is shown: its current label, or the stored value itself. */
export function incidentTypeLabel(types: readonly IncidentTypeSetting[], type: unknown): string {
  return types.find((t) => t.type === type)?.label ?? String(type ?? '');
}

export function offeredIncidentTypes(types: readonly IncidentTypeSetting[]): IncidentType[] {
  return types.filter((t) => t.offered).map((t) => t.type);
}

// ---------- the documents and the callable ----------

export interface SettingValues {
  /** Names, programme time zone, emergency numbers, address, map view (institution.ts). */
  institution: { institution: Institution };
  responseTargets: { targets: ResponseTargets };
  incidentTypes: { types: IncidentTypeSetting[] };
  /** Every campus by its id, with its grounds and Clery areas (campuses.ts). */
  campuses: { campuses: Record<string, StoredCampus> };
  /** Which alerts wait for a second Admin (mass-notifications.ts, needsSecondApproval). */
  alertApproval: { approval: AlertApproval };
}

/** `settings/{id}` of an editable setting: its value, and who saved it last. */
export type SettingDoc<N extends SettingName, T = TimestampLike> = SettingValues[N] & {
  updatedAt: T;
  updatedBy: SettingEditor;
};

export const DEFAULT_SETTING_VALUES: SettingValues = {
  institution: { institution: DEFAULT_INSTITUTION },
  responseTargets: { targets: RESPONSE_TARGETS },
  incidentTypes: { types: [...DEFAULT_INCIDENT_TYPES] },
  /** None: an institution adds its own (the seed writes the demo's). */
  campuses: { campuses: {} },
  alertApproval: { approval: DEFAULT_ALERT_APPROVAL },
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
  ],
  {
    error:
      'Setting must be the institution, response targets, incident types, campuses or alert approval.',
  },
);

export type SaveSettingInput = z.infer<typeof saveSettingSchema>;

export interface SaveSettingResponse {
  setting: SettingName;
}
