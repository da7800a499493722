import {
  campusAreasOf,
  incidentTypesOf,
  responseTargetsOf,
  settingPath,
  type Campus,
  type CampusArea,
  type IncidentTypeSetting,
  type ResponseTargets,
  type SaveSettingInput,
  type SettingDoc,
  type SettingHistoryEntry,
  type SettingName,
} from '@campus-safety/model';
import { useMemo } from 'react';
import { callFunction } from '../lib/functions';
import { entityConverter } from './firestore';
import { useLiveDoc } from './live-query';
import type { DocSpec, QuerySpec } from './spec';

/** `settings/{id}` of an editable setting: every live account reads it; saveSetting writes it. */
export function settingSpec<N extends SettingName>(name: N): DocSpec<SettingDoc<N>> {
  return { path: settingPath(name), converter: entityConverter<SettingDoc<N>>() };
}

/** How many of a setting's newest changes its history shows. */
export const SETTING_HISTORY_LIMIT = 20;

/** A setting's changes, newest first (Admins only). */
export function settingHistorySpec(name: SettingName): QuerySpec<SettingHistoryEntry> {
  return {
    path: [...settingPath(name), 'history'],
    converter: entityConverter<SettingHistoryEntry>(),
    wheres: [],
    orderBy: { field: 'at', direction: 'desc' },
    limit: SETTING_HISTORY_LIMIT,
  };
}

/**
 * The response targets in force, live: the saved setting, or the defaults while it is missing
 * (the same derivation the functions use, so the triage clock and housekeeping agree).
 */
export function useResponseTargets(): ResponseTargets {
  const stored = useLiveDoc(settingSpec('responseTargets')).data;
  return useMemo(() => responseTargetsOf(stored), [stored]);
}

/** The incident types with their current labels and whether each is offered, live. */
export function useIncidentTypes(): readonly IncidentTypeSetting[] {
  const stored = useLiveDoc(settingSpec('incidentTypes')).data;
  return useMemo(() => incidentTypesOf(stored), [stored]);
}

/** Each campus's area (centre and boundary), live. */
export function useCampusAreas(): Readonly<Record<Campus, CampusArea>> {
  const stored = useLiveDoc(settingSpec('campusAreas')).data;
  return useMemo(() => campusAreasOf(stored), [stored]);
}

/** Admins only (the callable's contract row). */
export function saveSetting(input: SaveSettingInput) {
  return callFunction('saveSetting', input);
}
