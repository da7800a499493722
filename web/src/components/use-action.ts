import { useState } from 'react';
import { thrownText, toast } from './toast-store';

export interface ActionOptions {
  /** Title of the error toast shown when the action fails; without it only `failure` is set. */
  failureTitle?: string;
  /** What the person reads about a failure (default: the thrown message). */
  failureText?: (error: unknown) => string;
}

/**
 * Busy and failure state of something a button starts (a call, a write): `run` starts it, `busy`
 * holds while it runs, `running` names the arguments of the run in flight (which of several
 * buttons is working), and a rejection becomes `failure` (and the `failureTitle` toast) instead
 * of being lost. Forms get the same through `useForm`, which is built on it.
 */
export function useAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown> | unknown,
  { failureTitle, failureText = thrownText }: ActionOptions = {},
) {
  const [running, setRunning] = useState<A | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(...args: A): Promise<void> {
    setRunning(args);
    setFailure(null);
    try {
      await action(...args);
    } catch (error) {
      const message = failureText(error);
      setFailure(message);
      if (failureTitle) toast.error(failureTitle, message);
    } finally {
      setRunning(null);
    }
  }

  return {
    run,
    busy: running !== null,
    running,
    failure,
    /** Clears a failure shown from an earlier run (the person changed what failed). */
    clearFailure: () => setFailure(null),
  };
}
