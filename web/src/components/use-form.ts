import { useState } from 'react';
import { fieldProblems } from '@campus-safety/model';
import { CallableError } from '../lib/errors';
import { hasErrors, type FieldErrors } from '../lib/validation';
import { useAction } from './use-action';

/** What a field component takes from its form: the value, the change handler, the inline error. */
export interface FieldBinding<V = string> {
  value: V;
  onChange: (value: V) => void;
  error?: string;
}

export interface FormOptions<T, F extends string, R = T> {
  initial: T;
  /** The form's own rules; any problem keeps the form from being sent. */
  validate?: (values: T) => FieldErrors<F>;
  /**
   * The zod schema of what is sent (a callable's request schema from the model, the one the
   * server checks): its problems go next to the fields named by the request's keys.
   */
  schema?: Parameters<typeof fieldProblems>[0];
  /** What is sent, built from the values (without it, the values themselves). */
  request?: (values: T) => R;
  /** Sends the request (`reset` puts back the initial values); a rejection becomes `failure` (and the `failureTitle` toast). */
  send: (request: R, form: { reset: () => void }) => Promise<void> | void;
  /** Title of the error toast shown when sending fails; without it only `failure` is set. */
  failureTitle?: string;
  /**
   * The stored document the form edits, as read (a live result, data/live-query): nothing is
   * sent until it is read, and the values are seeded again from `initial` when it is first read
   * and whenever its `version` changes.
   */
  stored?: StoredRead;
}

/** Whether a stored document has been read: a live result's status (data/live-query). */
export interface ReadStatus {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  retry?: () => void;
}

export interface StoredRead extends ReadStatus {
  /**
   * What changes when the stored document does (its `updatedAt` in milliseconds, or the stored
   * values themselves): a save here or elsewhere replaces what the form holds with what is stored.
   */
  version?: string | number | boolean | null;
}

/** Nothing to read: a form that creates something new. */
const NOTHING_TO_READ: ReadStatus = { status: 'ready', error: null };

/** The key the values were seeded at: nothing is kept from before the document was read. */
const seedOf = (stored: StoredRead | undefined) =>
  stored?.status === 'ready' ? `read ${String(stored.version)}` : 'unread';

/**
 * State of one form: values, inline field errors, busy while sending, and the sending failure.
 * Values are kept when sending fails, so nothing typed is lost. Every form of the console uses
 * it, so none hand-rolls its busy and error state. A form over a stored document passes it as
 * `stored`: `read` says whether it is read (components/States `ReadState` shows the form and its
 * Save only then), `submit` sends nothing before, and a new version of the document re-seeds the
 * values.
 */
export function useForm<T extends object, F extends string = Extract<keyof T, string>, R = T>({
  initial,
  validate,
  schema,
  request,
  send,
  failureTitle,
  stored,
}: FormOptions<T, F, R>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const read = stored
    ? { status: stored.status, error: stored.error, retry: stored.retry }
    : NOTHING_TO_READ;
  // The server's per-field problems go next to the fields, like the form's own.
  const sending = useAction(
    async (sent: R) => {
      try {
        await send(sent, { reset: () => setValues(initial) });
      } catch (error) {
        if (error instanceof CallableError) setErrors(error.fieldErrors as FieldErrors<F>);
        throw error;
      }
    },
    { failureTitle },
  );

  // Seeded during render rather than in an effect, so no render shows the values of before.
  const [seeded, setSeeded] = useState(() => seedOf(stored));
  if (seeded !== seedOf(stored)) {
    setSeeded(seedOf(stored));
    setValues(initial);
    setErrors({});
    sending.clearFailure();
  }

  // A changed field's error goes with the change: it spoke of the value before.
  const set =
    <K extends keyof T>(name: K) =>
    (value: T[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => (String(name) in e ? { ...e, [name]: undefined } : e));
    };

  const field = <K extends keyof T & F>(name: K): FieldBinding<T[K]> => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });

  async function submit(event?: { preventDefault(): void }) {
    event?.preventDefault();
    // Saving over a document nobody has seen would overwrite it unseen.
    if (read.status !== 'ready') return;
    const sent = request ? request(values) : (values as unknown as R);
    const problems: Record<string, string | undefined> = schema ? fieldProblems(schema, sent) : {};
    for (const [field, problem] of Object.entries(validate?.(values) ?? {})) {
      if (problem) problems[field] = problem as string;
    }
    setErrors(problems as FieldErrors<F>);
    sending.clearFailure();
    if (hasErrors(problems)) return;
    await sending.run(sent);
  }

  return {
    values,
    setValues,
    set,
    field,
    errors,
    failure: sending.failure,
    /** Clears a failure shown from an earlier send (the person went back a step). */
    clearFailure: sending.clearFailure,
    busy: sending.busy,
    submit,
    read,
  };
}
