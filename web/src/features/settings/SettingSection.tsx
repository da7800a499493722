import type { ReactNode } from 'react';
import { SETTING_LABELS, type SettingEditor, type SettingName } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { ReadState } from '../../components/States';
import { FormFailure } from '../../components/fields';
import type { ReadStatus } from '../../components/use-form';
import type { LiveDoc } from '../../data/live-query';
import { formatDate } from '../../lib/format';
import { SettingHistory } from './SettingHistory';

/**
 * One setting's part of the settings screen: its heading, what it governs and who saved it last,
 * the editor, the save button with the function's refusal, and the history. The editor and Save
 * appear only once the stored setting has been read (`ReadState`): until then nobody knows what
 * is stored, and saving the defaults shown over it would overwrite it unseen.
 */
export function SettingSection({
  name,
  description,
  live,
  form,
  saveLabel,
  children,
}: {
  name: SettingName;
  description: string;
  live: LiveDoc<{ updatedBy: SettingEditor; updatedAt: Parameters<typeof formatDate>[0] }>;
  /** The setting's `useForm`, over `live`. */
  form: {
    read: ReadStatus;
    busy: boolean;
    failure: string | null;
    submit: (event?: { preventDefault(): void }) => Promise<void>;
  };
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
        {live.status === 'ready' &&
          (live.data
            ? `Changed by ${live.data.updatedBy.name} on ${formatDate(live.data.updatedAt)}.`
            : 'The defaults apply.')}
      </p>
      <ReadState read={form.read} what="the stored setting">
        <form onSubmit={form.submit} noValidate>
          {children}
          <FormFailure message={form.failure} className="mt-2" />
          <Button type="submit" className="mt-2" busy={form.busy}>
            {saveLabel}
          </Button>
        </form>
      </ReadState>
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
