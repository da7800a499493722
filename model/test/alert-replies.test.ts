import assert from 'node:assert/strict';
import {
  DEFAULT_REPLY_CHOICES,
  replyRequestSchema,
  sendMassNotificationSchema,
  sumReplyShards,
} from '../src';

const problem = (choices: unknown) => {
  const parsed = replyRequestSchema.safeParse({ choices });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('alert replies', () => {
  it('takes 2 to 4 distinct answers of at most 40 characters, exactly one meaning help', () => {
    assert.equal(problem(DEFAULT_REPLY_CHOICES), null);
    assert.match(problem([{ label: 'Safe', needsHelp: true }])!, /at least 2/);
    const five = ['a', 'b', 'c', 'd', 'e'].map((label, k) => ({ label, needsHelp: k === 0 }));
    assert.match(problem(five)!, /at most 4/);
    assert.match(
      problem([
        { label: 'x'.repeat(41), needsHelp: false },
        { label: 'Help', needsHelp: true },
      ])!,
      /at most 40/,
    );
    assert.match(
      problem([
        { label: 'Safe', needsHelp: false },
        { label: 'Okay', needsHelp: false },
      ])!,
      /exactly one/,
    );
    assert.match(
      problem([
        { label: 'Help', needsHelp: true },
        { label: 'help', needsHelp: false },
      ])!,
      /different/,
    );
  });

  it('a follow-up to those who have not answered names the alert it follows up', () => {
    const parsed = sendMassNotificationSchema.safeParse({
      kind: 'general',
      title: 'Again',
      body: 'Again.',
      audience: { allCampuses: true, campuses: [], staffOnly: false },
      channels: ['inApp'],
      toNonResponders: true,
    });
    assert.equal(parsed.success, false);
  });

  it('sums the tally from its shards, help counted by the answer that means it', () => {
    const tally = sumReplyShards(
      [{ replied: 2, c0: 1, c1: 1 }, { replied: 1, c1: 1 }, { count: 'junk' }],
      DEFAULT_REPLY_CHOICES,
    );
    assert.deepEqual(tally, { replied: 3, perChoice: [1, 2], needsHelp: 2 });
  });
});
