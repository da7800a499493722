import { z } from 'zod';
import { BROADCAST_TOPIC, LIMITS, PUSH_TYPES, requiredText, typeError } from '@campus-safety/model';

/** FCM accepts at most 500 tokens in one multicast; tokens themselves are a few hundred characters. */
export const MAX_TOKENS = 500;
const MAX_TOKEN_LENGTH = 4096;
const PUSH_BODY = 1000;

const pushType = z.enum(Object.values(PUSH_TYPES) as [string, ...string[]], {
  error: `type must be one of ${Object.values(PUSH_TYPES).join(', ')}.`,
});

/** POST /send-notification (docs/requirements.md#calls). */
export const sendNotificationSchema = z.strictObject({
  title: requiredText('title', LIMITS.title),
  body: requiredText('body', PUSH_BODY, { multiline: true }),
  tokens: z
    .array(
      z
        .string({ error: 'Each token must be text.' })
        .min(1, 'Tokens cannot be empty.')
        .max(MAX_TOKEN_LENGTH),
      { error: typeError('tokens', 'a list') },
    )
    .max(MAX_TOKENS, `Send to at most ${MAX_TOKENS} tokens at a time.`),
  type: pushType,
  type_id: requiredText('type_id', 200),
});

/**
 * POST /send-notif-topic (docs/requirements.md#calls); every app install subscribes to the topic
 * `all`.
 */
export const sendNotifTopicSchema = z.strictObject({
  title: requiredText('title', LIMITS.title),
  body: requiredText('body', PUSH_BODY, { multiline: true }),
  topic: z.literal(BROADCAST_TOPIC, { error: `topic must be '${BROADCAST_TOPIC}'.` }),
  type: z.enum([PUSH_TYPES.guide, PUSH_TYPES.announcement], {
    error: `type must be '${PUSH_TYPES.guide}' or '${PUSH_TYPES.announcement}'.`,
  }),
  type_id: requiredText('type_id', 200),
});
