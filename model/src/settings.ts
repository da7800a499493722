/**
 * Deployment settings Admins edit in the console (issue 20 item 6): the institution profile
 * (issue 30, institution.ts), response targets, incident
 * types, campus areas and which alerts need a second Admin (issue 28 item 6). Each is one document `settings/{id}` written only by the `saveSetting`
 * callable (the rules cannot validate these lists), with a `history` sub-collection of every
 * change. deployment.json and the catalog are the defaults: the seed writes them, and a reader
 * falls back to them while a document is missing or unreadable.
 */
import { z } from './zod-config';
import { CAMPUS_AREAS, isInsideBoundary, type CampusArea, type LatLng } from './campus-areas';
import { CAMPUSES, INCIDENT_TYPES, type Campus, type IncidentType } from './catalog';
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
  campusAreas: 'campus_areas',
  alertApproval: 'alert_approval',
} as const;
export type SettingName = keyof typeof SETTING_IDS;
export const SETTING_NAMES = Object.keys(SETTING_IDS) as SettingName[];

export const SETTING_LABELS: Record<SettingName, string> = {
  institution: 'Institution',
  responseTargets: 'Response targets',
  incidentTypes: 'Incident types',
  campusAreas: 'Campus areas',
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

// ---------- campus areas ----------

/** A boundary point as stored (Firestore cannot hold arrays of arrays). */
const pointSchema = z
  .object({
    latitude: z
      .number({ error: 'Latitude must be a number.' })
      .min(-90, 'Latitude is between -90 and 90.')
      .max(90, 'Latitude is between -90 and 90.'),
    longitude: z
      .number({ error: 'Longitude must be a number.' })
      .min(-180, 'Longitude is between -180 and 180.')
      .max(180, 'Longitude is between -180 and 180.'),
  })
  .strict();

export const CAMPUS_AREA_LIMITS = { minPoints: 3, maxPoints: 50 } as const;

const toRing = (points: readonly { latitude: number; longitude: number }[]): LatLng[] =>
  points.map((p) => [p.latitude, p.longitude] as const);

const areaSchema = (campus: Campus) =>
  z
    .object({
      centre: pointSchema,
      boundary: z
        .array(pointSchema)
        .min(CAMPUS_AREA_LIMITS.minPoints, `${campus}: a boundary needs at least 3 points.`)
        .max(CAMPUS_AREA_LIMITS.maxPoints, `${campus}: a boundary has at most 50 points.`),
    })
    .strict()
    .refine((area) => isInsideBoundary(area.centre, toRing(area.boundary)), {
      message: `${campus}: the centre must lie inside the boundary.`,
    });

export const campusAreasSchema = z
  .object(
    Object.fromEntries(CAMPUSES.map((c) => [c, areaSchema(c)])) as Record<
      Campus,
      ReturnType<typeof areaSchema>
    >,
    { error: 'Campus areas must name every campus.' },
  )
  .strict();

export type StoredCampusAreas = z.infer<typeof campusAreasSchema>;

/** The stored shape of the default areas (what the seed writes). */
export const DEFAULT_STORED_CAMPUS_AREAS: StoredCampusAreas = Object.fromEntries(
  CAMPUSES.map((c) => [
    c,
    {
      centre: CAMPUS_AREAS[c].centre,
      boundary: CAMPUS_AREAS[c].boundary.map(([latitude, longitude]) => ({ latitude, longitude })),
    },
  ]),
) as StoredCampusAreas;

/** The areas a stored setting names, or the defaults (CAMPUS_AREAS) when missing or invalid. */
export function campusAreasOf(stored: unknown): Readonly<Record<Campus, CampusArea>> {
  const parsed = campusAreasSchema.safeParse(
    stored && typeof stored === 'object' ? (stored as { areas?: unknown }).areas : null,
  );
  if (!parsed.success) return CAMPUS_AREAS;
  const areas = { ...CAMPUS_AREAS };
  for (const c of CAMPUSES)
    areas[c] = { centre: parsed.data[c].centre, boundary: toRing(parsed.data[c].boundary) };
  return areas;
}

// ---------- the documents and the callable ----------

export interface SettingValues {
  /** Names, programme time zone, emergency numbers, address, map view (institution.ts). */
  institution: { institution: Institution };
  responseTargets: { targets: ResponseTargets };
  incidentTypes: { types: IncidentTypeSetting[] };
  campusAreas: { areas: StoredCampusAreas };
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
  campusAreas: { areas: DEFAULT_STORED_CAMPUS_AREAS },
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
        setting: z.literal('campusAreas'),
        value: z.object({ areas: campusAreasSchema }).strict(),
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
      'Setting must be the institution, response targets, incident types, campus areas or alert approval.',
  },
);

export type SaveSettingInput = z.infer<typeof saveSettingSchema>;

export interface SaveSettingResponse {
  setting: SettingName;
}
