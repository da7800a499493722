import {
  activeCampuses,
  campusName,
  campusesOf,
  declineReasonsOf,
  incidentTypeLabel,
  incidentTypesOf,
  resolveCodesOf,
  responseTargetsOf,
  settingPath,
  type CampusId,
  type Campuses,
  type IncidentTypeSetting,
  type ResponseTargets,
  type SaveSettingInput,
  type SettingDoc,
  type SettingHistoryEntry,
  type SettingName,
} from '@campus-safety/model';
import { useCallback, useMemo, useRef } from 'react';
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

/** A stored incident type key → its current label (an unknown key shows as itself). */
export function useIncidentTypeName(): (type: unknown) => string {
  const types = useIncidentTypes();
  return useCallback((type: unknown) => incidentTypeLabel(types, type), [types]);
}

/** The decline reasons staff choose from, live (the saved list, or the starter one). */
export function useDeclineReasons(): string[] {
  const stored = useLiveDoc(settingSpec('declineReasons')).data;
  return useMemo(() => declineReasonsOf(stored), [stored]);
}

/** The resolve codes of accomplishment reports, live. */
export function useResolveCodes(): string[] {
  const stored = useLiveDoc(settingSpec('resolveCodes')).data;
  return useMemo(() => resolveCodesOf(stored), [stored]);
}

/**
 * The institution's campuses, live (settings/campuses; retired ones included, ordered by name):
 * every list, map and label of campuses reads them here.
 */
export function useCampuses(): Campuses {
  return useLiveCampuses().campuses;
}

/**
 * The campuses with their listener's state: a screen of figures per campus waits while they are
 * loading, when none are known yet and an institution without campuses would show for a moment.
 */
export function useLiveCampuses() {
  const live = useLiveDoc(settingSpec('campuses'));
  const campuses = useMemo(() => campusesOf(live.data), [live.data]);
  return { status: live.status, error: live.error, retry: live.retry, campuses };
}

/**
 * The campuses offered as choices of id and name: the active ones for what is new (a person, an
 * alert, a schedule); `'all'` for filters over history, the retired ones marked so.
 */
export function useCampusOptions(
  which: 'active' | 'all' = 'active',
): { value: CampusId; label: string }[] {
  const campuses = useCampuses();
  return useMemo(
    () =>
      (which === 'all' ? campuses : activeCampuses(campuses)).map((c) => ({
        value: c.id,
        label: c.retired ? `${c.name} (retired)` : c.name,
      })),
    [campuses, which],
  );
}

/**
 * useCampusName as one function for a component's life that reads the names as they are now:
 * for the callbacks long-lived listeners keep (the alerts), so a rename reaches the next toast.
 */
export function useLatestCampusName(): (id: string) => string {
  const nameOf = useCampusName();
  const latest = useRef(nameOf);
  latest.current = nameOf;
  return useCallback((id) => latest.current(id), []);
}

/** A stored campus id → the campus's current name (an unknown id shows as itself). */
export function useCampusName(): (id: CampusId | null | undefined) => string {
  const campuses = useCampuses();
  return useCallback((id) => campusName(campuses, id), [campuses]);
}

/** Admins only (the callable's contract row). */
export function saveSetting(input: SaveSettingInput) {
  return callFunction('saveSetting', input);
}
