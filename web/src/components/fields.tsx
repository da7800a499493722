import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { IMAGE_CONTENT_TYPES } from '@campus-safety/model';
import { Button } from './Button';

const CONTROL =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

/** The props a field hands to its control: the label's target and the inline error or hint. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, then the error (or, without one, the hint) that describes the control. */
export function Field({ label, error, hint, id, children }: FieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every text-like field takes besides its control's own attributes. */
interface ValueFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> &
  ValueFieldProps;

export function TextField({ label, value, onChange, error, hint, id, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <input
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL}
          {...rest}
        />
      )}
    </Field>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> &
  ValueFieldProps;

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  id,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL}
          {...rest}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> &
  ValueFieldProps & {
    options: readonly (string | { value: string; label: string })[];
    placeholder?: string;
  };

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  id,
  ...rest
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={CONTROL}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const option = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export function FileField({
  label,
  accept,
  onChange,
  error,
  hint,
  fileName,
}: {
  label: string;
  accept?: string;
  onChange: (file: File | null) => void;
  error?: string;
  hint?: ReactNode;
  fileName?: string;
}) {
  return (
    <Field label={label} error={error} hint={fileName ? `Chosen: ${fileName}` : hint}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept={accept}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      )}
    </Field>
  );
}

/** Why sending the form failed, announced when it appears; nothing while there is no failure. */
export function FormFailure({
  message,
  className = '',
}: {
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm text-red-700 ${className}`.trim()}>
      {message}
    </p>
  );
}

/** A saving form's end: why sending failed, its submit button, and what the last save did. */
export function SaveFooter({
  failure,
  busy,
  label,
  saved,
}: {
  failure: string | null;
  busy: boolean;
  label: string;
  saved: string | null;
}) {
  return (
    <>
      <FormFailure message={failure} className="mb-3" />
      <Button type="submit" busy={busy}>
        {label}
      </Button>
      {saved && (
        <p role="status" className="mt-3 text-sm text-emerald-800">
          {saved}
        </p>
      )}
    </>
  );
}

/** An image upload limited to what Storage accepts; `keeps` names what choosing nothing leaves in place. */
export function ImageField({
  label,
  file,
  onChange,
  error,
  keeps,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  keeps?: string;
}) {
  return (
    <FileField
      label={label}
      accept={IMAGE_CONTENT_TYPES.join(',')}
      onChange={onChange}
      error={error}
      fileName={file?.name}
      hint={
        keeps ? `Leave empty to keep the current ${keeps}.` : 'JPEG, PNG, WebP or GIF, up to 5 MB.'
      }
    />
  );
}

/** One yes/no choice, its label beside the box. */
export function CheckboxField({
  label,
  checked,
  onChange,
  className = 'mb-3',
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm text-slate-800 ${className}`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** A set of checkboxes for multi-select vocabularies (tags). */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  /** A value shown as itself, or a value with its label (a campus id and its name). */
  options: readonly (string | { value: string; label: string })[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const errorId = useId();
  const choices = options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None available.</p>
      ) : (
        <div className="mt-1 flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
          {choices.map(({ value, label }) => (
            <label key={value} className="inline-flex items-center gap-1 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={selected.includes(value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...selected, value] : selected.filter((s) => s !== value),
                  )
                }
              />
              {label}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice among a few, each a radio button with its label; the group may be disabled. */
export function RadioGroup<V extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  disabled = false,
  className = 'mb-2',
  optionClassName = 'block',
}: {
  legend: string;
  options: readonly V[];
  labels: Record<V, string>;
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
  /** Each option's label: the /app passes a 44 px row for touch. */
  optionClassName?: string;
}) {
  const name = useId();
  return (
    <fieldset className={`text-sm ${className}`} disabled={disabled}>
      <legend className="font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option} className={`mr-4 ${optionClassName}`}>
          <input
            type="radio"
            name={name}
            className="mr-1"
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}
