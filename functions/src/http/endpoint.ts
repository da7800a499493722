import type { Request } from 'firebase-functions/v2/https';
import { HttpsError } from 'firebase-functions/v2/https';
import { onRequest } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { requireAdminSecondFactor, requireCaller, type Caller } from '../platform/caller';
import { authErrorCode, toHttpsError } from '../platform/errors';
import { auth, db } from '../platform/firebase';

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/**
 * Origins of the console, and no other site's: this project's own Hosting domains, the custom
 * domains a deployment lists in `CONSOLE_ORIGINS` (functions/.env, comma-separated `https://…`),
 * and under the emulator the local stack. Any `*.web.app` would let every Firebase site's page
 * read the answers with an Admin's token it got hold of (issue 17 item 10).
 */
export function consoleOrigins(env: {
  GCLOUD_PROJECT?: string;
  CONSOLE_ORIGINS?: string;
  FUNCTIONS_EMULATOR?: string;
}): (string | RegExp)[] {
  const project = env.GCLOUD_PROJECT;
  const listed = (env.CONSOLE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(origin));
  return [
    ...(project ? [`https://${project}.web.app`, `https://${project}.firebaseapp.com`] : []),
    ...listed,
    ...(env.FUNCTIONS_EMULATOR === 'true' ? [LOCAL_ORIGIN] : []),
  ];
}

/** HttpsError codes as HTTP statuses, as callables use them. */
const STATUS: Partial<Record<string, number>> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 412,
};

/**
 * Both endpoints push free text to devices (any token, or every app install through the topic),
 * which the console never needs: it publishes through the callables. Only an Admin, who may
 * already announce to everyone, may call them; an IMT's reach stays with their own reports.
 */
const ENDPOINT_ROLES = ['Admin'] as const;

export async function adminFromBearer(req: Request): Promise<Caller> {
  const header = req.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1])
    throw new HttpsError(
      'unauthenticated',
      'Send an Admin ID token as "Authorization: Bearer <token>".',
    );
  let token: DecodedIdToken;
  try {
    token = await auth().verifyIdToken(match[1], true);
  } catch (error) {
    // Archiving disables the Auth user (user trigger), so a disabled account is an archived one.
    if (authErrorCode(error) === 'auth/user-disabled') {
      throw new HttpsError(
        'permission-denied',
        'Your account is archived. Ask an Admin to restore it.',
      );
    }
    throw new HttpsError(
      'unauthenticated',
      'The ID token is invalid or expired. Sign in again and retry.',
    );
  }
  const caller = await requireCaller(db(), { uid: token.uid, token }, ENDPOINT_ROLES);
  await requireAdminSecondFactor(db(), caller, token);
  return caller;
}

/**
 * A JSON POST endpoint for other clients: CORS for the console, an Admin ID token, a JSON body;
 * errors answer `{ error: { status, message } }` with the matching HTTP status.
 */
export function adminEndpoint<T>(
  failureMessage: string,
  work: (body: unknown, caller: Caller) => Promise<T>,
) {
  return onRequest({ cors: consoleOrigins(process.env) }, async (req: Request, res: Response) => {
    if (req.method !== 'POST') {
      res
        .set('Allow', 'POST')
        .status(405)
        .json({ error: { status: 'method-not-allowed', message: 'Use POST.' } });
      return;
    }
    try {
      // A malformed JSON body never gets here: the platform's body parser answers it (HTML 400,
      // see docs/functions.md). Anything that is not JSON at all is refused here, as JSON.
      if (!req.is('application/json'))
        throw new HttpsError(
          'invalid-argument',
          'Send the body as JSON (Content-Type: application/json).',
        );
      const caller = await adminFromBearer(req);
      res.status(200).json(await work(req.body, caller));
    } catch (error) {
      const httpsError = toHttpsError(error, failureMessage);
      res.status(STATUS[httpsError.code] ?? 500).json({
        error: {
          status: httpsError.code,
          message: httpsError.message,
          details: httpsError.details,
        },
      });
    }
  });
}
