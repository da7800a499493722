import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-300',
  secondary:
    'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-sky-800 hover:bg-sky-50 disabled:text-slate-400',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  className = '',
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {busy && (
        <span
          aria-hidden
          className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}

/**
 * A secondary button acting on one row of a list: it reads `label`, and screen readers hear
 * `label` and then `row` (which row: "Edit" + "Fire drill"), since every row has the same button.
 */
export function RowButton({
  label,
  row,
  onClick,
}: {
  label: string;
  row: string;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" onClick={onClick} aria-label={`${label} ${row}`}>
      {label}
    </Button>
  );
}

/** The row button that archives a live item or restores an archived one; `name` says which row. */
export function ArchiveButton({
  archived,
  name,
  onClick,
}: {
  archived?: boolean;
  name: string;
  onClick: () => void;
}) {
  const action = archived ? 'Restore' : 'Archive';
  return (
    <Button
      variant={archived ? 'secondary' : 'danger'}
      onClick={onClick}
      aria-label={`${action} ${name}`}
    >
      {action}
    </Button>
  );
}
