import { Dialog as HDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ReadState } from './States';
import { useAction } from './use-action';
import type { ReadStatus } from './use-form';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  /** While busy (sending), Escape and the backdrop do not close it. */
  busy?: boolean;
  /**
   * The stored document the dialog's form edits (`useForm`'s `read`): until it is read, the
   * dialog shows its loading or read error and only Cancel, never the form and its Save.
   */
  stored?: { read: ReadStatus; what: string };
}

/** Modal dialog: focus is trapped, Escape and the backdrop close it. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  wide,
  busy,
  stored,
}: DialogProps) {
  return (
    // The dialog element itself covers the viewport, so it has a box (browser tests see it as visible).
    <HDialog open={open} onClose={busy ? () => undefined : onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel
            className={`w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-lg bg-white p-6 shadow-xl`}
          >
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {description && (
              <Description className="mt-1 text-sm text-slate-600">{description}</Description>
            )}
            <div className="mt-4">
              {stored ? (
                <ReadState read={stored.read} what={stored.what}>
                  {children}
                </ReadState>
              ) : (
                children
              )}
              {stored && stored.read.status !== 'ready' && (
                <DialogActions>
                  <Button variant="secondary" onClick={onClose}>
                    Cancel
                  </Button>
                </DialogActions>
              )}
            </div>
          </DialogPanel>
        </div>
      </div>
    </HDialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** Heads the failure shown in the dialog: "Could not delete the tag". */
  failureTitle: string;
  /** What the person reads about a failure (default: the thrown message). */
  failureText?: (error: unknown) => string;
}

/**
 * Asks before a destructive or far-reaching action; stays open (busy) until it settles. A failure
 * (`onConfirm` throws) is said in the dialog, where the person is looking, and nowhere else:
 * callers throw rather than toast.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive,
  onConfirm,
  onClose,
  failureTitle,
  failureText,
}: ConfirmDialogProps) {
  const confirm = useAction(onConfirm, { failureText });
  // A failure shown belongs to this asking: the next opening starts clean.
  const close = () => {
    confirm.clearFailure();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} busy={confirm.busy} title={title}>
      <div className="text-sm text-slate-700">{message}</div>
      {confirm.failure && (
        <div role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          <p className="font-medium">{failureTitle}</p>
          <p>{confirm.failure}</p>
        </div>
      )}
      <DialogFooter
        onCancel={close}
        busy={confirm.busy}
        label={confirmLabel}
        destructive={destructive}
        onConfirm={() => void confirm.run()}
      />
    </Dialog>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}

/**
 * Cancel, then the dialog's main action. The action submits the form the footer stands in,
 * unless `onConfirm` is given; while busy, Cancel is disabled and the action shows it is working.
 */
export function DialogFooter({
  onCancel,
  busy = false,
  label,
  destructive,
  onConfirm,
}: {
  onCancel: () => void;
  busy?: boolean;
  label: string;
  destructive?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={destructive ? 'danger' : 'primary'}
        onClick={onConfirm}
        busy={busy}
      >
        {label}
      </Button>
    </DialogActions>
  );
}

/**
 * Asks before archiving or restoring `item` (closed while null): the title, button and tone follow
 * the item's archived flag; `message` says what happens to it.
 */
export function ArchiveConfirmDialog<T extends { isArchived: boolean }>({
  item,
  what,
  message,
  onConfirm,
  onClose,
}: {
  item: T | null;
  /** What is archived, in lower case: "account", "release", … */
  what: string;
  message: (item: T) => ReactNode;
  onConfirm: (item: T) => Promise<void> | void;
  onClose: () => void;
}) {
  const restore = item?.isArchived ?? false;
  return (
    <ConfirmDialog
      open={item !== null}
      title={`${restore ? 'Restore' : 'Archive'} ${what}`}
      message={item ? message(item) : ''}
      confirmLabel={restore ? 'Restore' : 'Archive'}
      destructive={!restore}
      onConfirm={() => (item ? onConfirm(item) : undefined)}
      onClose={onClose}
      failureTitle={`Could not ${restore ? 'restore' : 'archive'} the ${what}`}
    />
  );
}
