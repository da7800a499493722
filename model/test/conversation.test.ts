import assert from 'node:assert/strict';
import { LIMITS, messageTextProblem, nextMessagePace } from '../src/index';

const MINUTE = 60_000;

describe('message pace (per author, per report)', () => {
  const start = Date.parse('2026-11-26T10:00:00Z');

  it('starts a window with the first message and counts within it up to the limit', () => {
    assert.deepEqual(nextMessagePace(null, start), { sameWindow: false, sent: 1 });
    assert.deepEqual(nextMessagePace({ windowStart: start, sent: 1 }, start + MINUTE), {
      sameWindow: true,
      sent: 2,
    });
    assert.equal(
      nextMessagePace({ windowStart: start, sent: LIMITS.messagesPerWindow }, start + MINUTE),
      'too-fast',
    );
  });

  it('starts a new window once the old one has passed', () => {
    const end = start + LIMITS.messageWindowMinutes * MINUTE;
    assert.equal(
      nextMessagePace({ windowStart: start, sent: LIMITS.messagesPerWindow }, end - 1),
      'too-fast',
    );
    assert.deepEqual(nextMessagePace({ windowStart: start, sent: LIMITS.messagesPerWindow }, end), {
      sameWindow: false,
      sent: 1,
    });
  });
});

describe('message text', () => {
  it('takes line breaks and markup as text, refuses empty, too long and hidden characters', () => {
    assert.equal(messageTextProblem('Yes.\nHe ran <b>north</b>.'), null);
    assert.equal(messageTextProblem(''), 'Message is required.');
    assert.equal(
      messageTextProblem('x'.repeat(LIMITS.message + 1)),
      `Message must be at most ${LIMITS.message} characters.`,
    );
    assert.match(messageTextProblem('safe\u202E') ?? '', /U\+202E/);
  });
});
