import { useState } from 'react';
import { Link } from 'react-router';
import {
  ESCALATION_CONDITION_TEXT,
  ESCALATION_LEVEL_LABELS,
  internalNoteProblem,
  LIMITS,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/fields';
import { InlineSpinner } from '../../../components/States';
import { useForm } from '../../../components/use-form';
import { CallableError, RecordLimitError } from '../../../lib/errors';
import type { Incident } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import { recentNotesSpec, recentTimelineSpec, TIMELINE_PAGE } from '../../../data/timeline';
import { Time } from '../../../components/Time';
import { useAuth } from '../../../session/store';
import { addNote } from '../api';
import { recentTimeline, type TimelineItem } from './timeline';

/** The timeline as a list: what happened, who did it and when, with the notes between. */
export function TimelineList({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="mt-1 space-y-2 text-sm" aria-label="Timeline">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex flex-col gap-0.5 sm:flex-row sm:gap-3 ${item.isNote ? 'rounded border-l-4 border-amber-500 bg-amber-50 p-2' : ''}`}
        >
          <Time value={item.at} className="shrink-0 text-slate-600 sm:w-48" />
          <span className="min-w-0">
            <span className="font-medium">{item.label}</span>
            {item.detail && (
              <span className={item.isNote ? 'block whitespace-pre-wrap break-words' : ''}>
                {item.isNote ? item.detail : ` — ${item.detail}`}
              </span>
            )}
            <span className="block text-slate-600">by {item.actor}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The timeline of one incident as its staff see it: entries, notes, a note form, Print. */
export function IncidentTimeline({ incident }: { incident: Incident }) {
  // The newest page of the history, live; "Show older" reads one page more each time.
  const [limit, setLimit] = useState(TIMELINE_PAGE);
  const entries = useLiveQuery(recentTimelineSpec(incident.id, limit));
  const notes = useLiveQuery(recentNotesSpec(incident.id, limit));
  const profile = useAuth((s) => s.profile);
  const note = useForm({
    initial: { text: '' },
    validate: ({ text }) => ({ text: internalNoteProblem(text.trim()) ?? undefined }),
    send: async ({ text }, { reset }) => {
      if (!profile) throw new Error('Your profile is still loading: try again in a moment.');
      try {
        await addNote(incident.id, text, profile);
      } catch (failure) {
        // The report's note bound stays in view under the field, not only in a toast that fades.
        if (failure instanceof RecordLimitError)
          throw new CallableError(failure.message, { text: failure.message });
        throw failure;
      }
      reset();
    },
    failureTitle: 'Could not add the note',
  });
  const { items, olderHidden } = recentTimeline(entries.data, notes.data, limit);

  return (
    <section aria-labelledby="timeline-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="timeline-heading" className="font-semibold text-slate-900">
          Timeline
        </h3>
        {incident.escalation?.open ? (
          <span
            role="status"
            className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
          >
            Escalating: {ESCALATION_CONDITION_TEXT[incident.escalation.condition]}, step{' '}
            {incident.escalation.fired} of {incident.escalation.total} (
            {ESCALATION_LEVEL_LABELS[incident.escalation.level]})
          </span>
        ) : (
          incident.escalatedAt && (
            <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              Escalated{incident.escalation ? ' (ended)' : ''}
            </span>
          )
        )}
        <Link
          to={`/print/reports/${incident.id}`}
          target="_blank"
          className="ml-auto rounded-md px-3 py-1.5 text-sm font-medium text-sky-800 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Print report
        </Link>
      </div>
      {(entries.status === 'loading' || notes.status === 'loading') && <InlineSpinner />}
      {entries.status === 'error' && <p className="text-sm text-red-700">{entries.error}</p>}
      {notes.status === 'error' && <p className="text-sm text-red-700">{notes.error}</p>}
      {olderHidden && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          Older entries are not shown.
          <Button variant="secondary" onClick={() => setLimit((n) => n + TIMELINE_PAGE)}>
            Show older
          </Button>
          <span>The printed report has all of them.</span>
        </p>
      )}
      <TimelineList items={items} />
      <form onSubmit={note.submit} className="mt-3" noValidate>
        <TextAreaField
          label="Internal note (staff only)"
          {...note.field('text')}
          rows={2}
          maxLength={LIMITS.internalNote}
          hint="Seen by this campus's IMT and the Admins, never by the reporter."
        />
        <Button type="submit" variant="secondary" busy={note.busy}>
          Add note
        </Button>
      </form>
    </section>
  );
}
