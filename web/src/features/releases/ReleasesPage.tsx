import { useRef, useState } from 'react';
import { ArchiveButton, Button } from '../../components/Button';
import { ArchiveConfirmDialog } from '../../components/Dialog';
import { FileField, FormFailure, TextAreaField, TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { PagedTable, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { formatBytes } from '../../lib/format';
import {
  downloadChoice,
  fileCheckLabel,
  releaseChecksSpec,
  releaseOffer,
} from '../../data/file-checks';
import { useLiveQuery } from '../../data/live-query';
import {
  DOWNLOAD_CANDIDATES,
  releasesSpec,
  setReleaseArchived,
  type ReleaseRow,
} from '../../data/releases';
import { publishRelease } from './api';
import { validateRelease, type ReleaseField, type ReleaseInput } from './form';
import { Time } from '../../components/Time';

function UploadForm({ highestCode }: { highestCode: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm<ReleaseInput, ReleaseField>({
    initial: { version: '', versionCode: '', notes: '' },
    validate: (input) => validateRelease(input, file, highestCode),
    send: async (input, { reset }) => {
      setProgress(0);
      try {
        await publishRelease(input, file!, setProgress);
      } finally {
        setProgress(null);
      }
      toast.success(
        'Release uploaded',
        `Version ${input.version} is offered on the download page once the server has checked the file.`,
      );
      reset();
      setFile(null);
      // The file input is uncontrolled: only resetting the form element clears it.
      formElement.current?.reset();
    },
    failureTitle: 'Could not upload the release',
  });

  return (
    <form
      ref={formElement}
      onSubmit={form.submit}
      noValidate
      className="mb-6 grid max-w-3xl gap-x-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <TextField label="Version" {...form.field('version')} placeholder="1.4.0" />
      <TextField
        label="Version code"
        inputMode="numeric"
        {...form.field('versionCode')}
        hint={`Greater than ${highestCode}.`}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="Release notes" {...form.field('notes')} rows={3} />
        <FileField
          label="Build file"
          accept=".apk,.aab,.ipa,application/vnd.android.package-archive,application/octet-stream"
          onChange={setFile}
          error={form.errors.file}
          fileName={file?.name}
        />
      </div>
      {progress !== null && (
        <div className="sm:col-span-2">
          <label className="text-sm" htmlFor="release-progress">
            Uploading…
          </label>
          <progress id="release-progress" className="ml-2 align-middle" value={progress} max={1} />
        </div>
      )}
      <FormFailure message={form.failure} className="sm:col-span-2" />
      <div>
        <Button type="submit" busy={form.busy}>
          Upload release
        </Button>
      </div>
    </form>
  );
}

export default function ReleasesPage() {
  const list = useLiveQuery(releasesSpec);
  const checks = useLiveQuery(releaseChecksSpec);
  const checkOf = (r: ReleaseRow) => checks.data.find((c) => c.path === r.storagePath);
  // The one the download page offers, decided as it decides (newest live one that passed).
  const choice =
    checks.status === 'ready'
      ? downloadChoice(
          list.data.filter((r) => !r.isArchived).slice(0, DOWNLOAD_CANDIDATES),
          (r) => checkOf(r) ?? null,
        )
      : null;
  const stateOf = (r: ReleaseRow) => {
    if (r.isArchived) return 'Archived';
    if (!choice) return '…';
    if (choice.state === 'offered' && choice.release.id === r.id) return 'Offered';
    const offer = releaseOffer(checkOf(r));
    if (offer.state === 'refused') return 'Not offered: failed its check';
    if (offer.state === 'checking') return 'Not offered until checked';
    return 'Live (a newer one is offered)';
  };
  const [archiving, setArchiving] = useState<ReleaseRow | null>(null);
  const highestCode = Math.max(0, ...list.data.map((r) => r.versionCode ?? 0));

  async function toggle(release: ReleaseRow) {
    await setReleaseArchived(release.id, !release.isArchived);
    toast.success(
      release.isArchived
        ? `Version ${release.version} restored`
        : `Version ${release.version} archived`,
    );
    setArchiving(null);
  }

  const columns: Column<ReleaseRow>[] = [
    { header: 'Version', cell: (r) => <span className="font-medium">{r.version}</span> },
    { header: 'Code', cell: (r) => r.versionCode },
    { header: 'Uploaded', cell: (r) => <Time value={r.timestamp} /> },
    { header: 'Size', cell: (r) => formatBytes(r.size) },
    {
      header: 'Notes',
      cell: (r) => <span className="line-clamp-2 whitespace-pre-wrap">{r.notes || '—'}</span>,
    },
    {
      header: 'File check',
      cell: (r) =>
        checks.status === 'ready'
          ? fileCheckLabel(checkOf(r))
          : checks.status === 'error'
            ? '—'
            : '…',
    },
    { header: 'State', cell: (r) => stateOf(r) },
    {
      header: 'Actions',
      cell: (r) => (
        <ArchiveButton
          archived={r.isArchived}
          name={`version ${r.version}`}
          onClick={() => setArchiving(r)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="App releases"
        subtitle="The newest offered release is on the public download page."
      />
      <UploadForm highestCode={highestCode} />
      <ListState live={list} emptyTitle="No releases yet">
        <PagedTable caption="App releases" columns={columns} rows={list.data} />
      </ListState>
      <ArchiveConfirmDialog
        item={archiving}
        what="release"
        message={(r) =>
          `Version ${r.version} will ${r.isArchived ? 'be offered again' : 'no longer be offered for download'}.`
        }
        onConfirm={toggle}
        onClose={() => setArchiving(null)}
      />
    </>
  );
}
