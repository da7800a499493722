import { useId, useState, type ReactNode } from 'react';
import { LIMITS, messageTextProblem } from '@campus-safety/model';
import { CONVERSATION_PAGE, recentMessagesSpec, type Thread } from '../data/conversation';
import { useLiveQuery } from '../data/live-query';
import { CallableError } from '../lib/errors';
import { Button } from './Button';
import { TextAreaField } from './fields';
import { InlineSpinner } from './States';
import { MessageList, type MessageLine } from './MessageList';
import { useForm } from './use-form';

/** The newest page of a conversation's messages, live, and "Show older" (one more page). */
export function useConversationMessages(thread: Thread) {
  const [limit, setLimit] = useState(CONVERSATION_PAGE);
  const messages = useLiveQuery(recentMessagesSpec(thread, limit));
  return {
    messages,
    olderHidden: messages.data.length >= limit,
    showOlder: () => setLimit((n) => n + CONVERSATION_PAGE),
  };
}

export interface ComposerOptions {
  label: string;
  hint: string;
  rows?: number;
  /** Sends the trimmed, checked text; a refusal (the bound, the pace) is said under the field. */
  send: (text: string) => Promise<void>;
  /** Shown above the field (the console's quick questions). */
  before?: ReactNode;
  /** Shown below the field (attachments). */
  attachments?: ReactNode;
  /** Another send of the same screen is under way (a quick question): Send waits. */
  otherBusy?: boolean;
  /** A refusal of that other send. */
  failure?: string | null;
}

function Composer({
  label,
  hint,
  rows = 3,
  send,
  before,
  attachments,
  otherBusy,
  failure,
}: ComposerOptions) {
  const form = useForm({
    initial: { text: '' },
    validate: ({ text }) => ({ text: messageTextProblem(text.trim()) ?? undefined }),
    send: async ({ text }, { reset }) => {
      try {
        await send(text.trim());
      } catch (refused) {
        const message = refused instanceof Error ? refused.message : String(refused);
        throw new CallableError(message, { text: message });
      }
      reset();
    },
  });
  return (
    <>
      {before}
      <form onSubmit={form.submit} className="mt-3" noValidate>
        <TextAreaField
          label={label}
          rows={rows}
          maxLength={LIMITS.message}
          hint={hint}
          {...form.field('text')}
        />
        {attachments}
        {failure && (
          <p role="alert" className="mb-2 text-sm text-red-700">
            Not sent: {failure}
          </p>
        )}
        <Button type="submit" busy={form.busy} disabled={otherBusy}>
          {form.busy || otherBusy ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </>
  );
}

/**
 * A conversation (a report's or an emergency's, docs/console.md#conversation-with-the-reporter):
 * the newest page of messages live, oldest first, "Show older messages", and the composer bounded
 * by LIMITS.message; `composer` null when the record takes no more messages (`closed` says why).
 * The same bounds and rules hold for every conversation; the caller says who reads it (`lines`).
 */
export function Conversation<L extends MessageLine>({
  title,
  level = 2,
  action,
  conversation: { messages, olderHidden, showOlder },
  lines,
  theirs,
  after,
  waiting = false,
  empty,
  composer,
  closed,
}: {
  title: string;
  level?: 2 | 3;
  /** Beside the title (the console's CSV export). */
  action?: ReactNode;
  conversation: ReturnType<typeof useConversationMessages>;
  lines: readonly L[];
  theirs: (line: L) => boolean;
  after?: (line: L) => ReactNode;
  /** The listener is tried again while the record lands (spinner, no error). */
  waiting?: boolean;
  empty: string;
  composer: ComposerOptions | null;
  closed: string;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading
          id={headingId}
          className={
            level === 2 ? 'text-lg font-semibold text-slate-900' : 'font-semibold text-slate-900'
          }
        >
          {title}
        </Heading>
        {action}
      </div>
      {(messages.status === 'loading' || waiting) && <InlineSpinner />}
      {messages.status === 'error' && !waiting && (
        <p className="text-sm text-red-700">{messages.error}</p>
      )}
      {olderHidden && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          Older messages are not shown.
          <Button variant="secondary" onClick={showOlder}>
            Show older messages
          </Button>
        </p>
      )}
      {messages.status === 'ready' && lines.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      )}
      <MessageList lines={lines} theirs={theirs} scrolls after={after} />
      {composer ? (
        <Composer {...composer} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{closed}</p>
      )}
    </section>
  );
}
