import {
  institutionOf,
  institutionSchema,
  type Institution,
  type Language,
} from '@campus-safety/model';
import type { FieldErrors } from '../../lib/validation';

/** The institution form's fields, as typed. */
export interface InstitutionDraft {
  name: string;
  shortName: string;
  timeZone: string;
  securityLabel: string;
  securityPhone: string;
  emergencyLabel: string;
  emergencyPhone: string;
  address: string;
  latitude: string;
  longitude: string;
  zoom: string;
  defaultLanguage: Language;
}

export type InstitutionField = keyof InstitutionDraft;

export function institutionDraftOf(stored: unknown): InstitutionDraft {
  const p = institutionOf(stored);
  return {
    name: p.name,
    shortName: p.shortName,
    timeZone: p.timeZone,
    securityLabel: p.campusSecurity.label,
    securityPhone: p.campusSecurity.phone,
    emergencyLabel: p.localEmergency?.label ?? '',
    emergencyPhone: p.localEmergency?.phone ?? '',
    address: p.address,
    latitude: String(p.mapView.centre.latitude),
    longitude: String(p.mapView.centre.longitude),
    zoom: String(p.mapView.zoom),
    defaultLanguage: p.defaultLanguage,
  };
}

/** An empty box is no number (NaN, which the schema refuses), never 0. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What is sent: the local emergency number is left out when both its boxes are empty. */
export function institutionOfDraft(d: InstitutionDraft): Institution {
  const noLocal = d.emergencyLabel.trim() === '' && d.emergencyPhone.trim() === '';
  return {
    name: d.name,
    shortName: d.shortName,
    timeZone: d.timeZone,
    campusSecurity: { label: d.securityLabel, phone: d.securityPhone },
    localEmergency: noLocal ? null : { label: d.emergencyLabel, phone: d.emergencyPhone },
    address: d.address,
    mapView: {
      centre: { latitude: numberOf(d.latitude), longitude: numberOf(d.longitude) },
      zoom: numberOf(d.zoom),
    },
    defaultLanguage: d.defaultLanguage,
  };
}

/** Where each of the schema's paths is typed. */
const FIELD_OF_PATH: Record<string, InstitutionField> = {
  name: 'name',
  shortName: 'shortName',
  timeZone: 'timeZone',
  'campusSecurity.label': 'securityLabel',
  'campusSecurity.phone': 'securityPhone',
  'localEmergency.label': 'emergencyLabel',
  'localEmergency.phone': 'emergencyPhone',
  address: 'address',
  'mapView.centre.latitude': 'latitude',
  'mapView.centre.longitude': 'longitude',
  'mapView.zoom': 'zoom',
  defaultLanguage: 'defaultLanguage',
};

/** The model's schema (the one saveSetting applies), its first problem next to each field. */
export function institutionProblems(d: InstitutionDraft): FieldErrors<InstitutionField> {
  const parsed = institutionSchema.safeParse(institutionOfDraft(d));
  const problems: FieldErrors<InstitutionField> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF_PATH[issue.path.join('.')] ?? 'name';
    problems[field] ??= issue.message;
  }
  return problems;
}
