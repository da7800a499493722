import { onRequest, type Request } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import type { Response } from 'express';
import { REPLY_LIMITS } from '@campus-safety/model';
import {
  REPLY_PAGE_HEADERS,
  choicesPage,
  gonePage,
  problemPage,
  recordedPage,
} from '../domain/alert-reply-page';
import { HttpsError } from 'firebase-functions/v2/https';
import { db } from '../platform/firebase';
import { answerByLink, replyLinkQuestion } from '../services/mass-notifications/link-replies';

/** A form post of a token and a choice is well under this; anything larger is not ours. */
const MAX_BODY_BYTES = 1024;

/** "0"…"3", as the page's buttons post them; null for anything else. */
function choiceOf(value: unknown): number | null {
  return typeof value === 'string' && /^\d$/.test(value) && Number(value) < REPLY_LIMITS.maxChoices
    ? Number(value)
    : null;
}

async function answer(req: Request, res: Response) {
  if (req.method === 'GET') {
    // Showing the question records nothing: mail scanners and link previews open every link.
    const question = await replyLinkQuestion(db(), req.query.t);
    if (!question) return res.status(410).send(gonePage());
    return res.status(200).send(choicesPage({ ...question, token: String(req.query.t) }));
  }
  if (req.rawBody.length > MAX_BODY_BYTES)
    return res.status(413).send(problemPage('Too large', 'This answer is too large to take.'));
  if (!req.is('application/x-www-form-urlencoded'))
    return res
      .status(400)
      .send(problemPage('Not an answer', 'Answer with the buttons of the page.'));
  const body = (req.body ?? {}) as Record<string, unknown>;
  const choice = choiceOf(body.choice);
  if (choice === null)
    return res.status(400).send(problemPage('Not an answer', 'Choose one of the answers.'));
  try {
    const recorded = await answerByLink(db(), body.t, choice);
    if (!recorded) return res.status(410).send(gonePage());
    return res.status(200).send(recordedPage(recorded));
  } catch (error) {
    if (error instanceof HttpsError && error.code !== 'internal')
      return res.status(400).send(problemPage('Not recorded', error.message));
    throw error;
  }
}

/**
 * GET /alert-reply?t=<token>: the alert's question with a button per answer; POST (the form)
 * records the answer once (docs/mass-notifications.md#reply-links). A used, expired or unknown
 * link gets one page (410) and changes nothing.
 */
export const alertReplyEndpoint = onRequest({ cors: false }, async (req, res) => {
  res.set(REPLY_PAGE_HEADERS);
  if (req.method !== 'GET' && req.method !== 'POST') {
    res.set('Allow', 'GET, POST').status(405).send(problemPage('Not allowed', 'Open the link.'));
    return;
  }
  try {
    await answer(req, res);
  } catch (error) {
    logger.error('Could not take a reply by link', error);
    res
      .status(500)
      .send(problemPage('Not recorded', 'Your answer could not be recorded. Try the link again.'));
  }
});
