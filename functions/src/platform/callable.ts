import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import {
  CALLABLES,
  type CallableInput,
  type CallableSpec,
  type CallableName,
  type CallableResponse,
} from '@campus-safety/model';
import { parseInput } from '../schemas/parse';
import { requireAdminSecondFactor, requireCaller, type Caller } from './caller';
import { toHttpsError } from './errors';
import { db } from './firebase';
import { CALLABLE_MAX_INSTANCES, enforceAppCheck } from '../options';

/** A public row's work has no caller (null); every other row's has one. */
type CallerOf<N extends CallableName> = (typeof CALLABLES)[N]['roles'] extends 'public'
  ? null
  : Caller;

/**
 * A callable of the model's contract (CALLABLES): the caller must hold one of its roles (and a
 * verified email, unless the row allows otherwise; `'public'` rows take anyone; an Admin with a
 * second factor where the deployment requires one), the input must pass its schema, and every
 * failure reaches the caller as an HttpsError with a message a person can act on (the row's
 * `failure` for an unexpected fault). `work` gets the parsed input and the caller; it holds no
 * checks of its own. App Check is enforced where the deployment sets ENFORCE_APP_CHECK, and the
 * row's instance bound is options.ts's.
 */
export function callable<N extends CallableName>(
  name: N,
  work: (input: CallableInput<N>, caller: CallerOf<N>) => Promise<CallableResponse<N>>,
) {
  const spec: CallableSpec = CALLABLES[name];
  const options = {
    enforceAppCheck,
    ...(CALLABLE_MAX_INSTANCES[name] ? { maxInstances: CALLABLE_MAX_INSTANCES[name] } : {}),
  };
  return onCall(
    options,
    async (request: CallableRequest<unknown>): Promise<CallableResponse<N>> => {
      try {
        const caller =
          spec.roles === 'public'
            ? null
            : await requireCaller(db(), request.auth, spec.roles, {
                allowUnverified: spec.allowUnverified === true,
              });
        if (caller) await requireAdminSecondFactor(db(), caller, request.auth?.token);
        const input = parseInput(spec.input, request.data) as CallableInput<N>;
        return await work(input, caller as CallerOf<N>);
      } catch (error) {
        throw toHttpsError(error, spec.failure);
      }
    },
  );
}
