import {
  formatDate,
  timeZoneLabel,
  toDate,
  viewerTime,
  viewerTimeZone,
  type DateInput,
} from '../lib/format';
import { programmeTimeZone } from '../lib/institution';

/**
 * Every time the console shows: written in the programme zone (formatDate), with the viewer's own
 * clock in the tooltip when the browser runs in a zone that reads differently.
 */
export function Time({ value, className }: { value: DateInput; className?: string }) {
  const date = toDate(value);
  if (!date || Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  const theirs = viewerTime(value);
  return (
    <time
      dateTime={date.toISOString()}
      title={theirs ? `Your time: ${theirs}` : undefined}
      className={`whitespace-nowrap ${className ?? ''}`}
    >
      {formatDate(value)}
    </time>
  );
}

/** The programme zone, said once per screen (and the viewer's own zone when it differs). */
export function TimeZoneNote({ className }: { className?: string }) {
  const viewer = viewerTimeZone();
  return (
    <p className={`text-xs text-slate-600 ${className ?? ''}`} data-testid="time-zone-note">
      {timeZoneLabel()}
      {viewer !== programmeTimeZone() && ` · your browser: ${viewer} (hover a time to see yours)`}
    </p>
  );
}
