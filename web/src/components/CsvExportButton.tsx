import { useEffect, useRef, useState } from 'react';
import { formatInZone } from '@campus-safety/model';
import { ExportTooLargeError, readAllPages, type ExportProgress } from '../data/export';
import type { QuerySpec, WithId } from '../data/spec';
import { CsvLines, csvFileName, downloadCsv, type CsvCell } from '../lib/csv';
import { messageOf } from '../lib/errors';
import { programmeTimeZone } from '../lib/institution';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';
import { toast } from './toast-store';

export interface CsvExportProps<T> {
  /** What is exported, in lower case: "incident reports". */
  what: string;
  /** The file name before its date and extension: "incident-reports". */
  fileStem: string;
  /** The list's own query (scope and filters); every matching row is exported, not one page. */
  spec: QuerySpec<T>;
  header: readonly string[];
  toRow: (row: WithId<T>) => CsvCell[];
}

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress | null }
  | { kind: 'stopped'; title: string; message: string };

const number = (n: number) => n.toLocaleString('en-US');

/**
 * "Export CSV": reads every row of the list's query page by page with a progress bar and a Cancel,
 * then downloads one file. The query carries the role's scope, so the rules refuse any other.
 */
export function CsvExportButton<T>({ what, fileStem, spec, header, toRow }: CsvExportProps<T>) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', progress: null });
    const file = new CsvLines(header);
    try {
      await readAllPages(spec, (row) => file.add(toRow(row)), {
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'running', progress }),
      });
      const fileName = csvFileName([
        fileStem,
        formatInZone(new Date(), programmeTimeZone(), 'YYYY-MM-DD-HHmm'),
      ]);
      downloadCsv(fileName, file.toBlob());
      const rows = file.rowCount;
      toast.success(
        `Exported ${what}`,
        `${number(rows)} ${rows === 1 ? 'row' : 'rows'} · ${fileName}`,
      );
      setState({ kind: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const tooLarge = error instanceof ExportTooLargeError;
      if (!tooLarge) console.error(`Export of ${what} failed`, error);
      setState({
        kind: 'stopped',
        title: tooLarge ? 'Too many rows to export' : 'Export failed',
        message: messageOf(error),
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function cancel() {
    running.current?.abort();
    running.current = null;
    setState({ kind: 'idle' });
    toast.info('Export cancelled');
  }

  const progress = state.kind === 'running' ? state.progress : null;
  return (
    <>
      <Button variant="secondary" onClick={start} busy={state.kind === 'running'}>
        Export CSV
      </Button>
      <Dialog
        open={state.kind === 'running'}
        onClose={cancel}
        title={`Exporting ${what}`}
        description="Every row matching the current filters, not only the page shown."
      >
        <progress
          className="h-2 w-full appearance-none overflow-hidden rounded bg-slate-200 [&::-moz-progress-bar]:bg-sky-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-700"
          aria-label="Rows exported"
          max={progress?.total || 1}
          value={progress ? progress.done : undefined}
        />
        <p role="status" className="mt-2 text-sm text-slate-700">
          {progress
            ? `${number(progress.done)} of ${number(progress.total)} rows read`
            : 'Counting the matching rows…'}
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={state.kind === 'stopped'}
        onClose={() => setState({ kind: 'idle' })}
        title={state.kind === 'stopped' ? state.title : ''}
      >
        <p role="alert" className="text-sm text-slate-700">
          {state.kind === 'stopped' ? state.message : ''}
        </p>
        <DialogActions>
          <Button onClick={() => setState({ kind: 'idle' })}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
