import type { ReactNode } from 'react';
import type { DateInput } from '../lib/format';
import { Time } from './Time';

/** One message of a report's conversation as a reader sees it. */
export interface MessageLine {
  id: string;
  /** Who wrote it, as the reader should see it. */
  author: string;
  sentAt: DateInput;
  /** As written: shown as text, never as markup. */
  text: string;
}

/**
 * A conversation, oldest first (the console's report dialog and printout, the reporter app): the
 * other side's messages on the left with a bar, the reader's side's on the right.
 */
export function MessageList<L extends MessageLine>({
  lines,
  theirs,
  scrolls = false,
  after,
}: {
  lines: readonly L[];
  theirs: (line: L) => boolean;
  scrolls?: boolean;
  /** What a message shows below its text (the console: its photos, video and audio). */
  after?: (line: L) => ReactNode;
}) {
  return (
    <ol
      className={`mt-1 space-y-2 text-sm ${scrolls ? 'max-h-96 overflow-y-auto' : ''}`}
      aria-label="Messages"
      aria-live={scrolls ? 'polite' : undefined}
      tabIndex={scrolls && lines.length > 0 ? 0 : undefined}
    >
      {lines.map((line) => (
        <li
          key={line.id}
          className={`rounded p-2 break-inside-avoid ${theirs(line) ? 'mr-6 border-l-4 border-sky-600 bg-sky-50' : 'ml-6 bg-slate-100'}`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="font-medium">{line.author}</span>
            <Time value={line.sentAt} className="text-xs text-slate-600" />
          </p>
          <p className="whitespace-pre-wrap break-words">{line.text}</p>
          {after?.(line)}
        </li>
      ))}
    </ol>
  );
}
