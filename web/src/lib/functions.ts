import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { emulators, firebaseApp } from './firebase';
import { CallableError, callableErrorMessage, callableFieldErrors } from './errors';

const functions = getFunctions(firebaseApp, 'us-central1');
if (emulators)
  connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);

/** Calls a callable of the model's contract; failures become a CallableError with readable text. */
export async function callFunction<Req, Res>(name: string, data: Req): Promise<Res> {
  try {
    const result = await httpsCallable<Req, Res>(functions, name)(data);
    return result.data;
  } catch (error) {
    console.error(`Callable ${name} failed`, error);
    throw new CallableError(callableErrorMessage(error), callableFieldErrors(error));
  }
}
