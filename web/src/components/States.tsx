import type { ReactNode } from 'react';
import { Button } from './Button';
import type { ReadStatus } from './use-form';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

export function ErrorState({
  title = 'Could not load this list.',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-center text-red-900"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function InlineSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 p-6 text-slate-600">
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-sky-700 border-t-transparent"
      />
      {label}
    </div>
  );
}

/**
 * What a list shows its states from: a live query's result, or several combined
 * (data/live-query `combineLive`, which has no rows: then the screen says when it is empty).
 */
export interface ListSource {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  data?: readonly unknown[];
  retry?: () => void;
}

/**
 * Loading, error and empty states of a list in one place, so no list forgets one. Empty means no
 * rows unless the screen says otherwise (rows filtered in the console).
 */
export function ListState({
  live: { status, error, data, retry },
  isEmpty = data?.length === 0,
  emptyTitle,
  emptyHint,
  children,
}: {
  live: ListSource;
  isEmpty?: boolean;
  emptyTitle: string;
  emptyHint?: ReactNode;
  children: ReactNode;
}) {
  if (status === 'loading') return <InlineSpinner />;
  if (status === 'error') return <ErrorState message={error ?? 'Unknown error.'} onRetry={retry} />;
  if (isEmpty) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;
  return <>{children}</>;
}

/**
 * A form over a stored document (`useForm`'s `read`): the form and its Save only once the
 * document is read. Until then nobody knows what is stored, and saving what the form shows would
 * overwrite it unseen; a failed read says so, with a retry, and offers no Save.
 */
export function ReadState({
  read: { status, error, retry },
  what,
  children,
}: {
  read: ReadStatus;
  /** What is read, as a sentence names it: "the stored setting". */
  what: string;
  children: ReactNode;
}) {
  if (status === 'loading') return <InlineSpinner label={`Reading ${what}…`} />;
  if (status === 'error')
    return (
      <ErrorState
        title={`Could not read ${what}, so it cannot be changed now.`}
        message={error ?? 'Unknown error.'}
        onRetry={retry}
      />
    );
  return <>{children}</>;
}
