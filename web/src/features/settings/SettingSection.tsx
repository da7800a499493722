import type { ReactNode } from 'react';
import { SETTING_LABELS, type SettingEditor, type SettingName } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/fields';
import { formatDate } from '../../lib/format';
import { SettingHistory } from './SettingHistory';

/**
 * One setting's part of the settings screen: its heading, what it governs and who saved it last,
 * the editor, the save button with the function's refusal, and the history.
 */
export function SettingSection({
  name,
  description,
  stored,
  save,
  saveLabel,
  children,
}: {
  name: SettingName;
  description: string;
  stored: { updatedBy: SettingEditor; updatedAt: Parameters<typeof formatDate>[0] } | null;
  save: { busy: boolean; failure: string | null; run: () => Promise<unknown> };
  saveLabel: string;
  children: ReactNode;
}) {
  const heading = `${name}-heading`;
  return (
    <section
      aria-labelledby={heading}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {SETTING_LABELS[name]}
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        {description}{' '}
        {stored
          ? `Changed by ${stored.updatedBy.name} on ${formatDate(stored.updatedAt)}.`
          : 'The defaults apply.'}
      </p>
      {children}
      <FormFailure message={save.failure} className="mt-2" />
      <Button className="mt-2" busy={save.busy} onClick={() => void save.run()}>
        {saveLabel}
      </Button>
      <SettingHistory name={name} />
    </section>
  );
}

/** A setting's grid of inputs: one row per entry, the first column naming it. */
export function SettingTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="text-sm">
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th
                key={column}
                scope="col"
                className={`${i === 0 ? 'pr-3' : 'px-1'} text-left font-medium`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
