import { useState } from 'react';
import {
  ROSTER_LIMITS,
  ROSTER_MODES,
  type ImportRosterResponse,
  type RosterMode,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { FileField, FormFailure, RadioGroup } from '../../components/fields';
import { Table, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { useForm } from '../../components/use-form';
import { downloadCsv } from '../../lib/csv';
import { formatBytes } from '../../lib/format';
import { importRoster } from './api';
import {
  ROSTER_HEADER_TEXT,
  canApply,
  rosterFileProblem,
  sampleRosterCsv,
  type ChosenRoster,
  type RosterPreview,
} from './import-state';
import { useCampuses } from '../../data/settings';

const MODE_LABELS: Record<RosterMode, string> = {
  update: 'Update: add new people and change those whose details differ; nobody is retired',
  replace:
    'Replace: also retire every active person the file leaves out (they are no longer reached)',
};

const COUNT_LABELS: [keyof ImportRosterResponse['counts'], string][] = [
  ['rows', 'Rows'],
  ['add', 'To add'],
  ['change', 'To change'],
  ['unchanged', 'Unchanged'],
  ['retire', 'To retire'],
];

type Problem = ImportRosterResponse['problems'][number];
const PROBLEM_COLUMNS: Column<Problem>[] = [
  { header: 'Row', cell: (p) => p.row ?? 'File', numeric: true },
  { header: 'Column', cell: (p) => p.column ?? '—' },
  { header: 'Problem', cell: (p) => p.message },
];

/**
 * Choose a CSV and a mode, preview, then apply what was previewed (docs/mass-notifications.md#roster):
 * the server plans the file again on apply and applies nothing of a file with any problem.
 */
export function RosterImportPanel() {
  const campuses = useCampuses();
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<{ chosen: ChosenRoster | null; mode: RosterMode }>({
    initial: { chosen: null, mode: 'update' },
    validate: ({ chosen }) => ({ chosen: chosen ? undefined : 'Choose a CSV file.' }),
    send: async ({ chosen, mode }) => {
      if (!chosen) return;
      const response = await importRoster({ csv: chosen.csv, mode, apply: false });
      setPreview({ csv: chosen.csv, mode, response });
    },
    failureTitle: 'Could not preview the roster',
  });
  const { chosen, mode } = form.values;
  const applicable = canApply(preview, chosen, mode);

  async function choose(file: File | null) {
    const problem = file ? rosterFileProblem(file) : undefined;
    setFileProblem(problem);
    form.set('chosen')(file && !problem ? { fileName: file.name, csv: await file.text() } : null);
  }

  /** Sends what was previewed, with apply; throws so the dialog or the toast says a failure. */
  async function apply() {
    if (!preview) return;
    const response = await importRoster({ csv: preview.csv, mode: preview.mode, apply: true });
    setPreview({ ...preview, response });
    if (response.applied)
      toast.success('Roster applied', `${response.counts.rows} rows imported (${preview.mode}).`);
  }
  const applying = useAction(apply, { failureTitle: 'Could not apply the roster' });

  const shown = preview && chosen && preview.csv === chosen.csv ? preview.response : null;
  return (
    <section aria-labelledby="roster-import" className="mb-8">
      <h2 id="roster-import" className="mb-2 text-lg font-semibold">
        Import people
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">
        A CSV of at most {formatBytes(ROSTER_LIMITS.fileBytes)} and{' '}
        {ROSTER_LIMITS.rows.toLocaleString('en')} rows, with the header {ROSTER_HEADER_TEXT}, in any
        order.{' '}
        <button
          type="button"
          className="font-medium text-sky-800 underline"
          onClick={() => downloadCsv('roster-sample.csv', sampleRosterCsv(campuses))}
        >
          Download a sample
        </button>
      </p>
      <form onSubmit={(e) => void form.submit(e)} className="max-w-3xl" noValidate>
        <FileField
          label="Roster file (CSV)"
          accept=".csv,text/csv"
          onChange={(file) => void choose(file)}
          error={fileProblem ?? form.errors.chosen}
          fileName={chosen?.fileName}
        />
        <RadioGroup
          legend="Mode"
          options={ROSTER_MODES}
          labels={MODE_LABELS}
          value={mode}
          onChange={form.set('mode')}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={form.busy || !chosen}>
            {form.busy ? 'Previewing…' : 'Preview'}
          </Button>
          <Button
            type="button"
            disabled={!applicable || applying.busy}
            onClick={() => (mode === 'replace' ? setConfirming(true) : void applying.run())}
          >
            {applying.busy ? 'Applying…' : 'Apply'}
          </Button>
        </div>
        <FormFailure message={form.failure ?? applying.failure} className="mt-2" />
      </form>
      {shown && <PreviewResult response={shown} stale={shown.mode !== mode} />}
      <ConfirmDialog
        open={confirming}
        title="Replace the roster?"
        message={`${preview?.response.counts.retire ?? 0} people not in this file will be retired: alerts no longer reach them.`}
        confirmLabel="Replace and retire"
        destructive
        onConfirm={async () => {
          await apply();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
        failureTitle="Could not apply the roster"
      />
    </section>
  );
}

function PreviewResult({ response, stale }: { response: ImportRosterResponse; stale: boolean }) {
  const { counts, problems, problemCount, applied } = response;
  return (
    <div className="mt-4 max-w-3xl" data-testid="roster-preview">
      <p role="status" className="text-sm font-medium">
        {applied
          ? `Applied (${response.mode}).`
          : stale
            ? `Previewed as ${response.mode}: preview again to apply in the mode chosen now.`
            : problemCount > 0
              ? `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}: fix the file and preview it again. Nothing is applied.`
              : counts.rows === 0
                ? 'The file has no rows.'
                : `Preview (${response.mode}): no problem, ready to apply.`}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="rounded-md border border-slate-200 bg-white p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-count={key}>
              {counts[key]}
            </dd>
          </div>
        ))}
      </dl>
      {problemCount > 0 && (
        <div className="mt-3">
          <Table
            caption="Problems of the file"
            showCaption
            columns={PROBLEM_COLUMNS}
            rows={problems}
            rowKey={(p, i) => `${i}-${p.row}-${p.column}`}
          />
          {problemCount > problems.length && (
            <p className="mt-1 text-xs text-slate-600">
              The first {problems.length} of {problemCount} problems are listed.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
