import { useState } from 'react';
import { LIMITS } from '@campus-safety/model';
import { MediaPicker } from '../../../components/MediaPicker';
import { InlineSpinner } from '../../../components/States';
import type { Incident } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import { incidentMediaSpec, validMedia } from '../../../data/media';
import { useAuth } from '../../../session/store';
import { MediaStrip } from './MediaStrip';
import { MediaViewer } from './MediaViewer';

/** The report's media as one list, and the viewer open at one of them (shared with messages). */
export function useIncidentMedia(incident: Pick<Incident, 'id' | 'anonymous'>) {
  const query = useLiveQuery(incidentMediaSpec(incident.id));
  const media = validMedia(query.data);
  const [open, setOpen] = useState<number | null>(null);
  const viewer =
    open === null ? null : (
      <MediaViewer
        items={media}
        index={open}
        anonymousReport={incident.anonymous === true}
        onMove={setOpen}
        onClose={() => setOpen(null)}
      />
    );
  return { query, media, open: setOpen, viewer };
}

/**
 * Photos, video and audio of a report (docs/media.md): thumbnails that open the viewer, and, on
 * a live report that is not Declined, staff attach more (stored under their own folder).
 */
export function IncidentMediaPanel({ incident }: { incident: Incident }) {
  const { query, media, open, viewer } = useIncidentMedia(incident);
  const uid = useAuth((s) => s.user?.uid ?? null);
  // Uploaded here and not yet judged by the server (its media doc not there yet).
  const [uploaded, setUploaded] = useState<string[]>([]);
  const checking = uploaded.filter((id) => !media.some((m) => m.id === id)).length;
  const ready = media.filter((m) => m.state === 'ready').length;
  const canAttach = !incident.isArchived && incident.status !== 'Declined' && uid !== null;

  return (
    <section aria-labelledby="media-heading">
      <h3 id="media-heading" className="font-semibold text-slate-900">
        Photos, video and audio
      </h3>
      {query.status === 'loading' && <InlineSpinner />}
      {query.status === 'error' && <p className="text-sm text-red-700">{query.error}</p>}
      {query.status === 'ready' && media.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">No media on this report.</p>
      )}
      <MediaStrip shown={media} all={media} onOpen={open} />
      {checking > 0 && (
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          {checking === 1 ? 'Checking 1 uploaded file…' : `Checking ${checking} uploaded files…`}
        </p>
      )}
      {canAttach && uid && ready < LIMITS.mediaPerReport && (
        <MediaPicker
          target={{ incidentId: incident.id, side: 'staff', uid }}
          onUploaded={(id) => setUploaded((ids) => [...ids, id])}
        />
      )}
      {viewer}
    </section>
  );
}
