import assert from 'node:assert/strict';
import {
  DEFAULT_REPLY_CHOICES,
  replyRequestSchema,
  rosterRecipientId,
  smsLength,
  smsReplyChoice,
  smsReplyHelp,
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

  it('an SMS answers by number or by the answer’s words; anything else is none', () => {
    const choices = DEFAULT_REPLY_CHOICES;
    assert.equal(smsReplyChoice(' 2 ', choices), 1);
    assert.equal(smsReplyChoice('1.', choices), 0);
    assert.equal(smsReplyChoice('I  NEED help!', choices), 1);
    assert.equal(smsReplyChoice("i'm safe", choices), 0);
    for (const other of ['3', '0', '12', 'yes', '', 'STOP'])
      assert.equal(smsReplyChoice(other, choices), null);
    assert.equal(
      smsReplyHelp('Fire', choices),
      `To answer "Fire", reply 1 for I'm safe, 2 for I need help.`,
    );
    assert.equal(smsLength(smsReplyHelp('x'.repeat(400), choices)).segments, 1);
    assert.equal(rosterRecipientId('S-1'), 'roster-S-1');
  });
});
