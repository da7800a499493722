import { useMemo, useState } from 'react';
import { CRIME_LOG_DAYS, LOG_WINDOWS_DAYS, crimeLogSince } from '@campus-safety/model';
import { SelectField } from '../../../components/fields';

/**
 * The window of days a log (crime log, fire log) shows. `since` is fixed when the window is
 * chosen, so the listeners it keys keep one key.
 */
export function useLogWindow() {
  const [days, setDays] = useState<number>(CRIME_LOG_DAYS);
  const since = useMemo(() => new Date(crimeLogSince(Date.now(), days)), [days]);
  return { days, setDays, since };
}

export function LogPeriodField({
  days,
  onChange,
}: {
  days: number;
  onChange: (days: number) => void;
}) {
  return (
    <div className="w-48">
      <SelectField
        label="Period"
        value={String(days)}
        onChange={(v) => onChange(Number(v))}
        options={LOG_WINDOWS_DAYS.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
      />
    </div>
  );
}
