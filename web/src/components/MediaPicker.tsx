import { useEffect, useRef, useState } from 'react';
import { MEDIA_ACCEPT, mediaUploadProblem } from '@campus-safety/model';
import { UPLOAD_CANCELLED, startMediaUpload, type MediaTarget } from '../data/media';
import { Button } from './Button';

interface Pending {
  key: number;
  name: string;
  progress: number;
  cancel: () => void;
}

/**
 * Picks photos, video or audio and uploads each to the report (the console's staff side, the
 * reporter app's reporter side): type and size checked before anything is sent, progress and
 * Cancel per file, each problem said in plain words. `onUploaded` gets each stored media id;
 * the server then judges the file and writes its media doc.
 */
export function MediaPicker({
  target,
  onUploaded,
  label = 'Attach photo, video or audio',
  max,
  disabled = false,
  startWith,
}: {
  target: MediaTarget;
  onUploaded: (mediaId: string) => void;
  /** Files chosen earlier (MediaChooser in the report form), uploaded once on mount. */
  startWith?: readonly File[];
  label?: string;
  /** Files that may be picked at once (e.g. the media a message may carry). */
  max?: number;
  disabled?: boolean;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const next = useRef(0);

  function upload(files: File[]) {
    for (const file of files) {
      const key = ++next.current;
      const update = (progress: number) =>
        setPending((list) => list.map((p) => (p.key === key ? { ...p, progress } : p)));
      const started = startMediaUpload(target, file, update);
      setPending((list) => [
        ...list,
        { key, name: file.name, progress: 0, cancel: started.cancel },
      ]);
      started.done
        .then(() => onUploaded(started.mediaId))
        .catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (message !== UPLOAD_CANCELLED)
            setProblems((list) => [...list, `${file.name}: ${message}`]);
        })
        .finally(() => setPending((list) => list.filter((p) => p.key !== key)));
    }
  }

  // Files chosen before the report existed (the report form) go once, as soon as it is shown.
  const startedWith = useRef(false);
  useEffect(() => {
    if (startedWith.current || !startWith?.length) return;
    startedWith.current = true;
    upload(chosenFiles(startWith, max).files);
  });

  return (
    <div className="mt-2">
      <MediaChooser
        label={label}
        max={max}
        disabled={disabled}
        onChoose={(files, found) => {
          setProblems(found);
          upload(files);
        }}
      />
      {pending.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Uploads in progress">
          {pending.map((p) => (
            <li key={p.key} className="flex flex-wrap items-center gap-2">
              <span className="max-w-48 truncate">{p.name}</span>
              <progress
                className="h-2 w-32"
                max={1}
                value={p.progress}
                aria-label={`Uploading ${p.name}`}
              />
              <Button variant="ghost" onClick={p.cancel} aria-label={`Cancel uploading ${p.name}`}>
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
      <MediaProblems problems={problems} />
    </div>
  );
}

/** Why picked files were left out, each in plain words (nothing when none was). */
export function MediaProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-red-700">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

/**
 * The files that may go of those picked: at most `max`, each of a type and size the server takes
 * (mediaUploadProblem), with the problem of each one left out, in plain words.
 */
export function chosenFiles(
  picked: readonly File[],
  max?: number,
): { files: File[]; problems: string[] } {
  const problems: string[] = [];
  const allowed = max === undefined ? picked : picked.slice(0, max);
  if (allowed.length < picked.length) problems.push(`At most ${max} files at a time.`);
  const files: File[] = [];
  for (const file of allowed) {
    const problem = mediaUploadProblem(file);
    if (problem) problems.push(problem);
    else files.push(file);
  }
  return { files, problems };
}

/** The button that picks photos, video or audio (the file input behind it), checked by chosenFiles. */
export function MediaChooser({
  label,
  max,
  disabled = false,
  onChoose,
}: {
  label: string;
  max?: number;
  disabled?: boolean;
  onChoose: (files: File[], problems: string[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple={max !== 1}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => {
          const { files, problems } = chosenFiles([...(e.target.files ?? [])], max);
          onChoose(files, problems);
          e.target.value = '';
        }}
      />
      <Button
        variant="secondary"
        disabled={disabled || max === 0}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}
