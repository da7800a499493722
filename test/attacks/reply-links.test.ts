/**
 * "Are you safe?" answered from outside the app (issue 31 item 5): a reply link replayed (one
 * after the other and all at once), tokens guessed, the inbound SMS endpoint forged without its
 * secret, and the server-only link documents read by a client. Each refusal leaves the reply,
 * the tally and the link as they were.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { collection, doc, getDocs, setDoc } from 'firebase/firestore';
import { DEFAULT_REPLY_CHOICES } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import { FUNCTIONS_URL, admin, refused, state, unique } from './support';

const SECRET = /^SMS_INBOUND_SECRET=(.+)$/m.exec(
  readFileSync(new URL('../../functions/.env.local', import.meta.url), 'utf8'),
)![1]!;
/** Guesses per run: each is a request; 2^128 tokens make any number of them hopeless. */
const GUESSES = 200;

const post = (token: string, choice: number) =>
  fetch(`${FUNCTIONS_URL}/alert-reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: token, choice: String(choice) }).toString(),
  });

describe('attacks: reply links and SMS replies', () => {
  let c: Cast;
  const alertId = unique('asking');
  const recipientId = 'roster-attack-target';
  const token = randomBytes(16).toString('base64url');
  const linkPath = `reply_links/${createHash('sha256').update(token).digest('hex')}`;
  const watched = [
    `mass_notifications/${alertId}/replies/${recipientId}`,
    `mass_notifications/${alertId}/reply_shards`,
    linkPath,
  ];

  before(async function () {
    this.timeout(120_000);
    c = await theCast();
    // An alert that asked, a contact-only person's slot and link, as the delivery writes them.
    await admin.db.doc(`mass_notifications/${alertId}`).set({
      kind: 'emergency',
      title: 'Are you safe?',
      state: 'sent',
      reply: { choices: DEFAULT_REPLY_CHOICES },
    });
    await admin.db.doc(watched[0]!).set({
      name: 'Target',
      campus: 'main',
      answered: false,
      choice: null,
      label: null,
      needsHelp: false,
      firstAnsweredAt: null,
      answeredAt: null,
      changes: 0,
      via: null,
      location: null,
    });
    await admin.db.doc(linkPath).set({
      alertId,
      recipientId,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      usedAt: null,
    });
  });

  it('a link answers once: replayed after, or ten times at once, only one answer counts', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, (_, k) => post(token, k % 2)));
    const statuses = burst.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(410)]);
    const after = (await state(watched[0]!)) as Record<string, unknown>;
    assert.equal(after.via, 'link');
    const tally = (await state(watched[1]!)) as Record<string, Record<string, number>>;
    assert.equal(
      Object.values(tally).reduce((sum, s) => sum + (s.replied ?? 0), 0),
      1,
    );
    // Replayed later, with the other answer: refused, nothing moves.
    const before = await Promise.all(watched.map(state));
    const replay = await post(token, after.choice === 0 ? 1 : 0);
    assert.equal(replay.status, 410);
    assert.deepEqual(await Promise.all(watched.map(state)), before);
  });

  it(`${GUESSES} guessed tokens are all refused with the same page and change nothing`, async function () {
    this.timeout(120_000);
    const before = await Promise.all(watched.map(state));
    const pages = new Set<string>();
    for (let k = 0; k < GUESSES; k += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(randomBytes(16).toString('base64url'), 1)),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 410);
        pages.add(await answer.text());
      }
    }
    assert.equal(pages.size, 1);
    assert.deepEqual(await Promise.all(watched.map(state)), before);
  });

  it('the inbound SMS endpoint refuses a forged SMS: no secret, a wrong one, a bearer token', async () => {
    const before = await Promise.all(watched.map(state));
    const attempts: Record<string, string>[] = [
      {},
      { 'x-sms-secret': 'guess' },
      { 'x-sms-secret': `${SECRET}x` },
      { authorization: `Bearer ${await c.reporter.token()}` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${FUNCTIONS_URL}/sms-inbound?secret=${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ from: '+639171234567', text: '2' }),
      });
      assert.equal(res.status, 401, JSON.stringify(headers));
    }
    // With the secret, a body past its bound is refused before it is read.
    const large = await fetch(`${FUNCTIONS_URL}/sms-inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sms-secret': SECRET },
      body: JSON.stringify({ from: '+639171234567', text: 'x'.repeat(5000) }),
    });
    assert.equal(large.status, 413);
    assert.deepEqual(await Promise.all(watched.map(state)), before);
  });

  it('no client reads or writes a reply link or the SMS answer counts', async () => {
    for (const who of [c.reporter, c.imtMain, c.admin]) {
      await refused(() => getDocs(collection(who.db, 'reply_links')), []);
      await refused(() => getDocs(collection(who.db, 'sms_reply_quotas')), []);
      await refused(
        () =>
          setDoc(doc(who.db, linkPath), {
            alertId,
            recipientId: who.uid,
            expiresAt: new Date(Date.now() + 3_600_000),
            usedAt: null,
          }),
        [linkPath],
      );
    }
  });
});
