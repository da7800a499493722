import { useEffect } from 'react';
import type { IncidentMedia } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { InlineSpinner } from '../../../components/States';
import type { WithId } from '../../../data/spec';
import { useAction } from '../../../components/use-action';
import { mediaLabel, step, withheldText } from './media';
import { mediaObjectUrl, useMediaUrl } from '../../../data/media';

function Shown({ media, label }: { media: IncidentMedia; label: string }) {
  const { url, error } = useMediaUrl(media.state === 'ready' ? media.displayPath : undefined);
  if (media.state !== 'ready')
    return <p className="rounded bg-amber-50 p-3 text-sm text-amber-900">{withheldText(media)}</p>;
  if (!media.displayPath)
    return <p className="rounded bg-slate-100 p-3 text-sm text-slate-700">{media.noPreview}</p>;
  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!url) return <InlineSpinner label="Loading the file…" />;
  if (media.kind === 'image')
    return <img src={url} alt={label} className="mx-auto max-h-[65vh] w-full object-contain" />;
  if (media.kind === 'video')
    return (
      <video src={url} controls aria-label={label} className="mx-auto max-h-[65vh] w-full">
        <track kind="captions" />
      </video>
    );
  return <audio src={url} controls aria-label={label} className="w-full" />;
}

/** Saves the original (staff) through the Storage rules, under a name from its media id. */
async function downloadOriginal(media: WithId<IncidentMedia>) {
  const url = await mediaObjectUrl(media.originalPath);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${media.id}-${media.originalPath.split('/').pop() ?? 'original'}`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * One report's media, one at a time: the display copy (photos) or the player (video, audio),
 * ← and → (or the buttons) move, Escape closes. Staff get the original with its SHA-256, except
 * the reporter's originals of an anonymous report, which no client reads (docs/anonymity.md); a
 * refused file is "Withheld: <reason>", a recording with no copy says "No preview".
 */
export function MediaViewer({
  items,
  index,
  anonymousReport,
  onMove,
  onClose,
}: {
  items: readonly WithId<IncidentMedia>[];
  index: number;
  anonymousReport: boolean;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const media = items[index];
  const total = items.length;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A focused player keeps its own arrow keys (seeking).
      if (event.target instanceof HTMLMediaElement || total < 2) return;
      if (event.key === 'ArrowRight') onMove(step(index, 1, total));
      if (event.key === 'ArrowLeft') onMove(step(index, -1, total));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, total, onMove]);
  const download = useAction(() => downloadOriginal(media!), {
    failureTitle: 'Could not download the original',
  });
  if (!media) return null;
  const label = mediaLabel(media, index, total);

  return (
    <Dialog open onClose={onClose} title={label} wide>
      <div className="space-y-3">
        <Shown key={media.id} media={media} label={label} />
        {total > 1 && (
          <div className="flex items-center justify-between gap-2">
            <Button variant="secondary" onClick={() => onMove(step(index, -1, total))}>
              ← Previous
            </Button>
            <span className="text-sm text-slate-600" aria-live="polite">
              {index + 1} / {total}
            </span>
            <Button variant="secondary" onClick={() => onMove(step(index, 1, total))}>
              Next →
            </Button>
          </div>
        )}
        {media.state === 'ready' && (
          <div className="rounded border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">Original (staff only)</p>
            <p className="mt-1 text-slate-600">
              SHA-256: <code className="break-all text-xs">{media.sha256}</code>
            </p>
            {anonymousReport && media.side === 'reporter' ? (
              <p className="mt-1 text-slate-600">
                The original of an anonymous reporter&rsquo;s file is kept on the server only: its
                metadata may show where they were.
              </p>
            ) : (
              <Button
                variant="secondary"
                className="mt-2"
                busy={download.busy}
                onClick={() => void download.run()}
              >
                Download original
              </Button>
            )}
            {download.failure && (
              <p role="alert" className="mt-1 text-red-700">
                {download.failure}
              </p>
            )}
          </div>
        )}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
