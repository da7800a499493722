import { useState } from 'react';
import {
  DEFAULT_CLERY_OFFENCES,
  INCIDENT_TYPES_MAX,
  INCIDENT_TYPE_LABEL_MAX,
  OFFENCE_LABELS,
  incidentTypeKeyFor,
  incidentTypesOf,
  toStoredIncidentTypes,
  NOT_A_CLERY_CRIME,
  type TypeCleryDefault,
  type IncidentTypeSetting,
} from '@campus-safety/model';

import { Button } from '../../components/Button';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection } from './SettingSection';

const NO_PROPOSAL = '';
const CELL = 'rounded border border-slate-300 px-1 py-0.5';
const COLUMNS = 'sm:grid-cols-[11rem_13rem_15rem_4rem] sm:gap-x-2';

/**
 * Incident types: add one (its first label becomes its key for good), relabel it, choose the Clery
 * offence a record of it is proposed with, stop offering it. A saved type is never removed: old
 * reports keep it (docs/settings.md#incident-types).
 */
export function IncidentTypesForm() {
  const live = useLiveDoc(settingSpec('incidentTypes'));
  const saved = incidentTypesOf(live.data);
  const form = useForm({
    initial: { types: [...saved] },
    stored: { ...live, version: live.data?.updatedAt?.toMillis() },
    request: (value) => ({
      setting: 'incidentTypes' as const,
      value: { types: toStoredIncidentTypes(value.types) },
    }),
    send: async (request) => {
      await saveSetting(request);
      toast.success('Incident types saved');
    },
    failureTitle: 'Could not save the incident types',
  });
  const [newLabel, setNewLabel] = useState('');
  const types = form.field('types');
  const set = (i: number, change: Partial<IncidentTypeSetting>) =>
    types.onChange(types.value.map((t, j) => (j === i ? { ...t, ...change } : t)));
  const isSaved = (key: string) => saved.some((t) => t.type === key);
  const add = () => {
    const label = newLabel.trim();
    if (!label) return;
    // The key is unique among the saved types and the ones added in this draft.
    const type = incidentTypeKeyFor(label, [...saved, ...types.value]);
    types.onChange([...types.value, { type, label, offered: true, clery: null }]);
    setNewLabel('');
  };

  return (
    <SettingSection
      name="incidentTypes"
      description="Add a type, rename one, choose the Clery offence a record of it is proposed with, or stop offering it for new reports. A saved type is never removed: reports already filed keep it."
      live={live}
      form={form}
      saveLabel="Save types"
    >
      {/* A grid, not a table: on a phone each type becomes a small card of its own. */}
      <div aria-hidden="true" className={`hidden text-sm font-medium sm:grid ${COLUMNS}`}>
        <span>Type</span>
        <span>Shown as</span>
        <span>Proposed Clery classification</span>
        <span>Offered</span>
      </div>
      <ul className="text-sm">
        {types.value.map((t, i) => (
          <li
            key={t.type}
            className={`grid gap-1 border-b border-slate-200 py-2 sm:items-center sm:border-0 sm:py-0.5 ${COLUMNS}`}
          >
            <span className="font-medium sm:font-normal">
              {t.type}
              {!isSaved(t.type) && (
                <button
                  type="button"
                  className="ml-2 text-xs text-sky-700 underline"
                  aria-label={`Remove ${t.type}, not saved yet`}
                  onClick={() => types.onChange(types.value.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              )}
            </span>
            <input
              className={`w-full ${CELL}`}
              maxLength={INCIDENT_TYPE_LABEL_MAX}
              aria-label={`${t.type}, shown as`}
              value={t.label}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <select
              className={`w-full ${CELL}`}
              aria-label={`${t.type}, proposed Clery classification`}
              value={t.clery ?? NO_PROPOSAL}
              onChange={(e) => set(i, { clery: (e.target.value || null) as TypeCleryDefault })}
            >
              <option value={NO_PROPOSAL}>No proposal (staff decide)</option>
              <option value={NOT_A_CLERY_CRIME}>Not a Clery crime</option>
              {DEFAULT_CLERY_OFFENCES.map((o) => (
                <option key={o} value={o}>
                  {OFFENCE_LABELS[o]}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1 sm:justify-center">
              <input
                type="checkbox"
                aria-label={`${t.type}, offered`}
                checked={t.offered}
                onChange={(e) => set(i, { offered: e.target.checked })}
              />
              <span className="sm:hidden">Offered</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">New type</span>
          <input
            className={`w-56 ${CELL}`}
            maxLength={INCIDENT_TYPE_LABEL_MAX}
            value={newLabel}
            onChange={(e) => setNewLabel(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </label>
        <Button
          type="button"
          variant="secondary"
          onClick={add}
          disabled={!newLabel.trim() || types.value.length >= INCIDENT_TYPES_MAX}
        >
          Add type
        </Button>
        <span className="text-xs text-slate-600">
          {types.value.length} of at most {INCIDENT_TYPES_MAX}; save to keep it.
        </span>
      </div>
    </SettingSection>
  );
}
