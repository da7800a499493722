import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import {
  FUNCTIONS_REGION,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
} from '@campus-safety/model';
import { emulators, firebaseApp } from './firebase';
import { CallableError, callableErrorMessage, callableFieldErrors } from './errors';

const functions = getFunctions(firebaseApp, FUNCTIONS_REGION);
if (emulators)
  connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);

/**
 * Calls a callable of the model's contract (CALLABLES): the name picks the request and response
 * types; failures become a CallableError with readable text.
 */
export async function callFunction<N extends CallableName>(
  name: N,
  data: CallableRequest<N>,
): Promise<CallableResponse<N>> {
  try {
    const result = await httpsCallable<CallableRequest<N>, CallableResponse<N>>(
      functions,
      name,
    )(data);
    return result.data;
  } catch (error) {
    console.error(`Callable ${name} failed`, error);
    throw new CallableError(
      callableErrorMessage(error),
      callableFieldErrors(error),
      (error as { details?: unknown } | null)?.details,
    );
  }
}
