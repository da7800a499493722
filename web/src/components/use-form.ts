import { useState } from 'react';
import { CallableError } from '../lib/errors';
import { hasErrors, type FieldErrors } from '../lib/validation';
import { thrownText, toast } from './toast-store';

/** What a field component takes from its form: the value, the change handler, the inline error. */
export interface FieldBinding<V = string> {
  value: V;
  onChange: (value: V) => void;
  error?: string;
}

export interface FormOptions<T, F extends string> {
  initial: T;
  /** The form's rules; any problem keeps the form from being sent. */
  validate: (values: T) => FieldErrors<F>;
  /** Sends the form (`reset` puts back the initial values); a rejection becomes `failure` (and the `failureTitle` toast). */
  send: (values: T, form: { reset: () => void }) => Promise<void> | void;
  /** Title of the error toast shown when sending fails; without it only `failure` is set. */
  failureTitle?: string;
}

/**
 * State of one form: values, inline field errors, busy while sending, and the sending failure.
 * Values are kept when sending fails, so nothing typed is lost.
 */
export function useForm<T extends object, F extends string = Extract<keyof T, string>>({
  initial,
  validate,
  send,
  failureTitle,
}: FormOptions<T, F>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set =
    <K extends keyof T>(name: K) =>
    (value: T[K]) =>
      setValues((v) => ({ ...v, [name]: value }));

  const field = <K extends keyof T & F>(name: K): FieldBinding<T[K]> => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });

  async function submit(event?: { preventDefault(): void }) {
    event?.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      await send(values, { reset: () => setValues(initial) });
    } catch (error) {
      // The server's per-field problems go next to the fields, like the form's own.
      if (error instanceof CallableError) setErrors(error.fieldErrors as FieldErrors<F>);
      const message = thrownText(error);
      setFailure(message);
      if (failureTitle) toast.error(failureTitle, message);
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, set, field, errors, failure, busy, submit };
}
