import type { IncidentMedia } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';
import { mediaLabel, withheldText } from './media';
import { useMediaUrl } from '../../../data/media';

function Thumb({ media, label }: { media: IncidentMedia; label: string }) {
  const { url } = useMediaUrl(media.state === 'ready' ? media.thumbPath : undefined);
  if (media.state !== 'ready')
    return (
      <span className="line-clamp-4 p-1 text-left text-xs text-amber-900">
        {withheldText(media)}
      </span>
    );
  if (media.kind === 'image')
    return url ? (
      <img src={url} alt={label} className="size-full object-cover" />
    ) : (
      <span className="text-xs text-slate-500">Loading…</span>
    );
  return (
    <span className="text-sm font-medium text-slate-700">
      {media.kind === 'video' ? '▶ Video' : '♪ Audio'}
    </span>
  );
}

/**
 * Thumbnails of media (all of a report's, or those a message carries), each a button that opens
 * the viewer at it; `all` is the report's whole list, so labels count within it.
 */
export function MediaStrip({
  shown,
  all,
  onOpen,
}: {
  shown: readonly WithId<IncidentMedia>[];
  all: readonly WithId<IncidentMedia>[];
  onOpen: (index: number) => void;
}) {
  if (shown.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Media">
      {shown.map((media) => {
        const index = all.findIndex((m) => m.id === media.id);
        const label = mediaLabel(media, index, all.length);
        return (
          <li key={media.id}>
            <button
              type="button"
              onClick={() => onOpen(index)}
              aria-label={
                media.state === 'ready' ? `Open ${label}` : `${label}. ${withheldText(media)}`
              }
              className={`flex size-20 items-center justify-center overflow-hidden rounded border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${media.state === 'ready' ? 'border-slate-300 bg-slate-100' : 'border-amber-400 bg-amber-50'}`}
            >
              <Thumb media={media} label={label} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
