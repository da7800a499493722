import { onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { toHttpsError } from './errors';

/**
 * A callable whose failures always reach the caller as an HttpsError with a message a person can
 * act on; `failureMessage` is what an unexpected fault is reported as.
 */
export function callable<T>(
  failureMessage: string,
  work: (request: CallableRequest<unknown>) => Promise<T>,
) {
  return onCall(async (request: CallableRequest<unknown>) => {
    try {
      return await work(request);
    } catch (error) {
      throw toHttpsError(error, failureMessage);
    }
  });
}
