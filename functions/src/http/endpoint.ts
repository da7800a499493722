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

/** Whether `origin` is one of `origins` (exactly, or matched by a pattern). */
export function originAllowed(origins: readonly (string | RegExp)[], origin: string): boolean {
  return origins.some((allowed) =>
    typeof allowed === 'string' ? allowed === origin : allowed.test(origin),
  );
}

/**
 * CORS done here rather than by the `cors` option: under the emulator firebase-tools turns on
 * the debug feature `enableCors`, with which firebase-functions admits every origin for any list
 * it is given, so the local stack would answer any site while production does not. With
 * `cors: false` both pass every request here. A browser's request from another origin is
 * refused (403, no Access-Control headers) before any work; clients that send no Origin (curl, a
 * server) are not browsers and are judged by their token alone. Returns whether it answered.
 */
function answeredCors(req: Request, res: Response, origins: readonly (string | RegExp)[]) {
  const origin = req.get('origin');
  if (origin === undefined) return false;
  if (!originAllowed(origins, origin)) {
    res.status(403).json({
      error: { status: 'permission-denied', message: 'This site may not call the endpoint.' },
    });
    return true;
  }
  res.set('Access-Control-Allow-Origin', origin).set('Vary', 'Origin');
  if (req.method !== 'OPTIONS') return false;
  res
    .set('Access-Control-Allow-Methods', 'POST')
    .set('Access-Control-Allow-Headers', 'authorization, content-type')
    .set('Access-Control-Max-Age', '3600')
    .status(204)
    .end();
  return true;
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
 * The push endpoints push free text to devices (any token, or every app install through the
 * topic), which the console never needs: it publishes through the callables; the roster import
 * decides whom alerts reach. Only an Admin, who may already announce to everyone and import the
 * roster, may call them; an IMT's reach stays with their own reports.
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

/** What an endpoint takes: a JSON body (parsed by the platform), or CSV text up to a bound. */
export type EndpointBody = { kind: 'json' } | { kind: 'csv'; maxBytes: number; tooLarge: string };

/**
 * A POST endpoint for other clients: CORS for the console's origins only, an Admin ID token, a
 * JSON body (or CSV text: `text/csv`, refused past its bound with 413); errors answer
 * `{ error: { status, message } }` with the matching HTTP status.
 */
export function adminEndpoint<T>(
  failureMessage: string,
  work: (body: unknown, caller: Caller, req: Request) => Promise<T>,
  accepts: EndpointBody = { kind: 'json' },
) {
  const origins = consoleOrigins(process.env);
  return onRequest({ cors: false }, async (req: Request, res: Response) => {
    if (answeredCors(req, res, origins)) return;
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
      if (accepts.kind === 'json' && !req.is('application/json'))
        throw new HttpsError(
          'invalid-argument',
          'Send the body as JSON (Content-Type: application/json).',
        );
      if (accepts.kind === 'csv' && !req.is('text/csv'))
        throw new HttpsError('invalid-argument', 'Send the body as CSV (Content-Type: text/csv).');
      const caller = await adminFromBearer(req);
      if (accepts.kind === 'csv' && req.rawBody.length > accepts.maxBytes) {
        res.status(413).json({ error: { status: 'payload-too-large', message: accepts.tooLarge } });
        return;
      }
      const body = accepts.kind === 'csv' ? req.rawBody.toString('utf8') : req.body;
      res.status(200).json(await work(body, caller, req));
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
