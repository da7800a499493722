import { useState } from 'react';
import {
  LIMITS,
  MEDIA_KIND_NAMES,
  type IncidentMedia,
  type IncidentReport,
} from '@campus-safety/model';
import { MediaPicker } from '../../../components/MediaPicker';
import { incidentMediaSpec, useMediaUrl, validMedia } from '../../../data/media';
import { useLiveQuery } from '../../../data/live-query';
import type { WithId } from '../../../data/spec';

/** One file as its reporter sees it: the server's copy (never the original), or why it was refused. */
function ReporterMediaItem({ media, label }: { media: IncidentMedia; label: string }) {
  const ready = media.state === 'ready';
  const { url, error } = useMediaUrl(
    ready ? (media.kind === 'image' ? media.thumbPath : media.displayPath) : undefined,
  );
  if (!ready)
    return (
      <p className="text-sm text-amber-900">
        {label}: not accepted. {media.reason ?? ''}
      </p>
    );
  if (media.kind !== 'image' && !media.displayPath)
    return (
      <p className="text-sm text-slate-600">{`${label}: received. ${media.noPreview ?? ''}`}</p>
    );
  if (error) return <p className="text-sm text-red-700">{`${label}: ${error}`}</p>;
  if (!url) return <p className="text-sm text-slate-600">{`${label}: loading…`}</p>;
  if (media.kind === 'image')
    return <img src={url} alt={label} className="size-24 rounded object-cover" />;
  if (media.kind === 'video')
    return <video src={url} controls aria-label={label} className="max-h-48 w-full rounded" />;
  return <audio src={url} controls aria-label={label} className="w-full" />;
}

/**
 * The report's photos, video and audio as its reporter sees them (docs/media.md: the server's
 * copies, without location data), and the picker to add more while the report is open. A file
 * just sent shows as "being checked" until the server has judged it.
 */
export function ReporterMedia({
  incident,
  startWith,
}: {
  incident: WithId<IncidentReport>;
  /** Files chosen in the report form, uploaded once the report has arrived (undefined until then). */
  startWith?: readonly File[];
}) {
  const listed = useLiveQuery(incidentMediaSpec(incident.id));
  const media = validMedia(listed.data);
  const [sent, setSent] = useState<string[]>([]);
  const checking = sent.filter((id) => !media.some((m) => m.id === id)).length;
  const room = LIMITS.mediaPerReport - media.filter((m) => m.state === 'ready').length;
  const open = !incident.isArchived && incident.status !== 'Declined';
  return (
    <section aria-labelledby="media-heading" className="mt-6">
      <h2 id="media-heading" className="text-lg font-semibold text-slate-900">
        Photos, video and audio
      </h2>
      {listed.status === 'error' && <p className="text-sm text-red-700">{listed.error}</p>}
      {media.length === 0 && checking === 0 && (
        <p className="mt-1 text-sm text-slate-600">None added.</p>
      )}
      <ul className="mt-2 flex flex-wrap gap-2">
        {media.map((m, i) => (
          <li key={m.id} className={m.kind === 'image' ? '' : 'w-full'}>
            <ReporterMediaItem
              media={m}
              label={`${m.kind ? MEDIA_KIND_NAMES[m.kind] : 'File'} ${i + 1}`}
            />
          </li>
        ))}
      </ul>
      {checking > 0 && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {checking === 1 ? 'One file is' : `${checking} files are`} being checked.
        </p>
      )}
      {open && room > 0 && (
        <MediaPicker
          target={{ incidentId: incident.id, side: 'reporter' }}
          label="Add a photo, video or audio"
          max={room}
          startWith={startWith}
          onUploaded={(id) => setSent((list) => [...list, id])}
        />
      )}
    </section>
  );
}
