import { createHash, timingSafeEqual } from 'node:crypto';
import { onRequest } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { defineString } from 'firebase-functions/params';
import { REPLY_LINK_LIMITS, smsInboundSchema } from '@campus-safety/model';
import { toHttpsError } from '../platform/errors';
import { db } from '../platform/firebase';
import { smsProvider } from '../platform/sms';
import { parseInput } from '../schemas/parse';
import { answerBySms } from '../services/mass-notifications/sms-replies';

/**
 * The secret the SMS adapter sends in `X-SMS-Secret` (functions/.env.local sets the local one;
 * a deployment sets its own). Empty: the endpoint refuses every request.
 */
const inboundSecret = defineString('SMS_INBOUND_SECRET', {
  default: '',
  description: 'Shared secret the SMS provider sends to /sms-inbound in X-SMS-Secret.',
});

/** Compared as digests in constant time: neither the length nor a prefix leaks. */
function secretMatches(given: string | undefined, secret: string): boolean {
  if (!secret || !given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

function refuse(res: Response, status: number, code: string, message: string) {
  res.status(status).json({ error: { status: code, message } });
}

/**
 * POST /sms-inbound, `{from, text}` as JSON with the shared secret in `X-SMS-Secret`: one SMS a
 * person sent back (docs/mass-notifications.md#sms-replies). Answers `{outcome}`: recorded,
 * explained (the choices were sent back) or ignored; 401 without the secret, 413 past 4 KB.
 */
export const smsInboundEndpoint = onRequest({ cors: false }, async (req, res) => {
  res.set('Cache-Control', 'no-store');
  if (req.method !== 'POST') {
    res.set('Allow', 'POST');
    return refuse(res, 405, 'method-not-allowed', 'Use POST.');
  }
  if (!secretMatches(req.get('x-sms-secret'), inboundSecret.value()))
    return refuse(res, 401, 'unauthenticated', 'Send the shared secret in X-SMS-Secret.');
  if (req.rawBody.length > REPLY_LINK_LIMITS.inboundBytes)
    return refuse(res, 413, 'payload-too-large', 'An inbound SMS is at most 4 KB.');
  if (!req.is('application/json'))
    return refuse(res, 400, 'invalid-argument', 'Send {from, text} as JSON.');
  try {
    const message = parseInput(smsInboundSchema, req.body);
    res.status(200).json({ outcome: await answerBySms({ db: db(), sms: smsProvider() }, message) });
  } catch (error) {
    const httpsError = toHttpsError(error, 'Could not take the SMS. The adapter may retry it.');
    refuse(
      res,
      httpsError.code === 'invalid-argument' ? 400 : 500,
      httpsError.code,
      httpsError.message,
    );
  }
});
