import { useState } from 'react';
import {
  PERIOD_PRESETS,
  checkedRange,
  type DayRange,
  type PeriodPreset,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/fields';
import type { DashboardView } from './period';
import { useCampusOptions } from '../../data/settings';

const PRESET_OPTIONS = [
  ...Object.entries(PERIOD_PRESETS).map(([value, label]) => ({ value, label })),
  { value: 'custom', label: 'Custom range' },
];

/** Period and campus controls; every change goes to the URL, which the figures follow. */
export function Controls({
  view,
  isAdmin,
  today,
  onChange,
}: {
  view: DashboardView;
  isAdmin: boolean;
  today: string;
  onChange: (view: Pick<DashboardView, 'preset' | 'range' | 'campus'>) => void;
}) {
  const campusOptions = useCampusOptions('all');
  const [custom, setCustom] = useState<DayRange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editing = custom ?? (view.preset === 'custom' ? view.range : null);
  const apply = (range: DayRange) => {
    const checked = checkedRange(range.from, range.to);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    setCustom(null);
    onChange({ ...view, preset: 'custom', range: checked });
  };
  return (
    <form
      aria-label="Period and campus"
      className="mb-4 flex flex-wrap items-end gap-x-4 rounded-lg border border-slate-200 bg-white px-4 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (editing) apply(editing);
      }}
    >
      <div className="w-44">
        <SelectField
          label="Period"
          value={editing ? 'custom' : view.preset}
          options={PRESET_OPTIONS}
          onChange={(value) => {
            setError(null);
            if (value === 'custom') setCustom(view.range);
            else {
              setCustom(null);
              onChange({ ...view, preset: value as PeriodPreset });
            }
          }}
        />
      </div>
      {editing && (
        <>
          <div className="w-40">
            <TextField
              label="From"
              type="date"
              value={editing.from}
              max={today}
              onChange={(from) => setCustom({ ...editing, from })}
              error={error ?? undefined}
            />
          </div>
          <div className="w-40">
            <TextField
              label="To"
              type="date"
              value={editing.to}
              onChange={(to) => setCustom({ ...editing, to })}
            />
          </div>
          <div className="mb-3">
            <Button type="submit">Show</Button>
          </div>
        </>
      )}
      {isAdmin && (
        <div className="w-48">
          <SelectField
            label="Campus"
            value={view.campus ?? ''}
            placeholder="All campuses"
            options={campusOptions}
            onChange={(campus) => onChange({ ...view, campus: campus || null })}
          />
        </div>
      )}
    </form>
  );
}
