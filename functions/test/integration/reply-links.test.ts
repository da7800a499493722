import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COLLECTIONS,
  DEFAULT_REPLY_CHOICES,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_REPLIES,
  MASS_NOTIFICATION_REPLY_SHARDS,
  rosterRecipientId,
  smsLength,
  sumReplyShards,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { waitForMail } from '@campus-safety/testkit/mail';
import {
  FUNCTIONS_URL,
  account,
  closeAll,
  db,
  docData,
  unique,
  waitFor,
  type SignedIn,
} from './stack';

const INBOX = process.env.MAIL_INBOX_URL ?? '';
/** The adapter's secret, from its one home (the stack's copy of functions/.env.local). */
const SECRET = /^SMS_INBOUND_SECRET=(.+)$/m.exec(
  readFileSync(join(__dirname, '..', '..', '.env.local'), 'utf8'),
)![1]!;
const RIVERSIDE = { allCampuses: false, campuses: ['riverside'], staffOnly: false };

const alertRef = (id: string) => db.collection(COLLECTIONS.massNotifications).doc(id);
const slotOf = (alertId: string, recipientId: string) =>
  alertRef(alertId).collection(MASS_NOTIFICATION_REPLIES).doc(recipientId).get();
const tally = async (id: string) =>
  sumReplyShards(
    (await alertRef(id).collection(MASS_NOTIFICATION_REPLY_SHARDS).get()).docs.map((d) => d.data()),
    DEFAULT_REPLY_CHOICES,
  );

/** The reply link's token in a text (an SMS, a mail). */
function tokenIn(text: string): string {
  const match = /http:\/\/console\.test\/alert-reply\?t=([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(
    text,
  );
  assert.ok(match, `a reply link in: ${text}`);
  return match[1]!;
}

const openLink = (token: string) =>
  fetch(`${FUNCTIONS_URL}/alert-reply?t=${encodeURIComponent(token)}`);
const answerLink = (token: string, choice: number) =>
  fetch(`${FUNCTIONS_URL}/alert-reply?t=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: token, choice: String(choice) }).toString(),
  });
async function smsIn(from: string, text: string, secret: string | null = SECRET) {
  const res = await fetch(`${FUNCTIONS_URL}/sms-inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-sms-secret': secret } : {}) },
    body: JSON.stringify({ from, text }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const smsTo = async (phone: string) =>
  (await db.collection(COLLECTIONS.smsMessages).where('to', '==', phone).get()).docs.map((d) =>
    String(d.get('text')),
  );

describe('reply links and SMS replies to "are you safe?" (issue 31 item 5)', function () {
  this.timeout(180_000);
  let admin: SignedIn;
  const person = {
    id: unique('S'),
    email: `${unique('contact')}@roster.test`,
    phone: `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  };
  const recipientId = () => rosterRecipientId(person.id);

  /** An alert asking Riverside Campus by mail and SMS, once every page is delivered. */
  async function ask(title: string) {
    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'emergency',
      title,
      body: 'A gas leak near the library. Tell us whether you are safe.',
      audience: RIVERSIDE,
      channels: ['email', 'sms'],
      reply: { choices: DEFAULT_REPLY_CHOICES },
    });
    const alert = await waitFor(
      () => docData(alertRef(res.id).path),
      (d) => d?.state === 'sent' && !!d.plan,
    );
    await waitFor(
      async () => (await alertRef(res.id).collection(MASS_NOTIFICATION_BATCHES).get()).docs,
      (docs) =>
        docs.length === alert!.plan.batches && docs.every((d) => d.get('state') === 'delivered'),
    );
    return res.id;
  }

  before(async () => {
    assert.ok(INBOX, 'MAIL_INBOX_URL is set by scripts/run-integration.mjs');
    admin = await account({ role: 'Admin', firstName: 'Rhea' });
    await waitFor(
      () => docData(`${COLLECTIONS.users}/${admin.uid}`),
      (d) => d?.emailVerified === true,
    );
    // A contact-only person: on the roster, no account, no app.
    await admin.call('importRoster', {
      csv: `external_id,name,email,phone,campus,affiliation\n${person.id},Rio Contact,${person.email},${person.phone},Riverside Campus,student\n`,
      mode: 'update',
      apply: true,
    });
  });
  after(async () => {
    await db.collection(COLLECTIONS.roster).doc(person.id).delete();
    await closeAll();
  });

  it('a contact-only roster person answers by link: the page records nothing, the answer once, a second use refused', async () => {
    const id = await ask('Are you safe? <b>Library</b>');
    const slot = await slotOf(id, recipientId());
    assert.deepEqual([slot.get('name'), slot.get('answered')], ['Rio Contact', false]);

    // One link per person, in the SMS (counted in its one segment) and in the mail.
    const sms = await docData(`${COLLECTIONS.smsMessages}/mass-${id}-roster-${person.id}`);
    const token = tokenIn(String(sms?.text));
    assert.equal(smsLength(String(sms?.text)).segments, 1, 'an Emergency Notification is one SMS');
    const [mail] = await waitForMail(INBOX, {
      to: person.email,
      match: (m) => m.subject.includes('Library'),
    });
    assert.equal(tokenIn(mail!.text), token);

    // Opening the link (a mail scanner does) shows the choices and records nothing.
    const shown = await openLink(token);
    assert.equal(shown.status, 200);
    assert.match(shown.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.equal(shown.headers.get('cache-control'), 'no-store');
    const html = await shown.text();
    assert.ok(html.includes('Are you safe? &lt;b&gt;Library&lt;/b&gt;'), 'the title escaped');
    assert.ok(!html.includes('<b>Library'));
    assert.ok(html.includes('>I&#39;m safe</button>') && html.includes('>I need help</button>'));
    assert.ok(!html.includes('<script'));
    assert.equal((await slotOf(id, recipientId())).get('answered'), false);
    assert.equal((await tally(id)).replied, 0);

    const answered = await answerLink(token, 1);
    assert.equal(answered.status, 200);
    assert.match(await answered.text(), /I need help/);
    const after = await slotOf(id, recipientId());
    assert.deepEqual(
      [after.get('answered'), after.get('label'), after.get('via')],
      [true, 'I need help', 'link'],
    );
    assert.deepEqual(await tally(id), { replied: 1, perChoice: [0, 1], needsHelp: 1 });

    // The same link again, to change the answer or to repeat it: refused, nothing moves.
    for (const choice of [0, 1]) {
      const again = await answerLink(token, choice);
      assert.equal(again.status, 410);
      assert.match(await again.text(), /This link has been used or has expired/);
    }
    assert.equal((await openLink(token)).status, 410);
    assert.equal((await slotOf(id, recipientId())).get('label'), 'I need help');
    assert.deepEqual(await tally(id), { replied: 1, perChoice: [0, 1], needsHelp: 1 });
  });

  it('a tampered, unknown or expired token is refused with one page and changes nothing', async () => {
    const id = await ask('Are you safe? (north gate)');
    const sms = await docData(`${COLLECTIONS.smsMessages}/mass-${id}-roster-${person.id}`);
    const token = tokenIn(String(sms?.text));
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const gone = [];
    for (const bad of [tampered, 'x'.repeat(22), 'short', `${token}x`])
      gone.push(await (await answerLink(bad, 0)).text());
    assert.equal(new Set(gone).size, 1, 'one page for every refused link');
    assert.match(gone[0]!, /This link has been used or has expired/);
    // Past its window the person's own link is refused too.
    const links = await db
      .collection(COLLECTIONS.replyLinks)
      .where('recipientId', '==', recipientId())
      .get();
    const link = links.docs.find((d) => d.get('alertId') === id)!;
    const expiresAt = link.get('expiresAt');
    await link.ref.update({ expiresAt: new Date(Date.now() - 1000) });
    assert.equal((await answerLink(token, 0)).status, 410);
    await link.ref.update({ expiresAt });
    assert.equal((await slotOf(id, recipientId())).get('answered'), false);
    assert.equal((await tally(id)).replied, 0);
  });

  it('a follow-up reaches the contact-only person who has not answered; its new link answers the first alert', async () => {
    const id = await ask('Are you safe? (east wing)');
    const res = await admin.call<SendMassNotificationResponse>('sendMassNotification', {
      kind: 'emergency',
      title: 'Are you safe? (again)',
      body: 'We have not heard from you.',
      audience: RIVERSIDE,
      channels: ['sms'],
      followsUp: id,
      toNonResponders: true,
    });
    const sms = await waitFor(
      () => docData(`${COLLECTIONS.smsMessages}/mass-${res.id}-roster-${person.id}`),
      (d) => d?.state === 'sent',
    );
    assert.equal((await answerLink(tokenIn(String(sms?.text)), 0)).status, 200);
    assert.equal((await slotOf(id, recipientId())).get('label'), "I'm safe");
    assert.deepEqual(await tally(id), { replied: 1, perChoice: [1, 0], needsHelp: 0 });
  });

  it('an SMS reply "2" from a roster phone records "I need help" once; other text is answered with the choices', async () => {
    const id = await ask('Are you safe? (SMS)');
    const first = await smsIn(person.phone, ' 2 ');
    assert.deepEqual(first, { status: 200, body: { outcome: 'recorded' } });
    const slot = await slotOf(id, recipientId());
    assert.deepEqual([slot.get('label'), slot.get('via')], ['I need help', 'sms']);
    assert.deepEqual(await smsIn(person.phone, 'i need help'), {
      status: 200,
      body: { outcome: 'recorded' },
    });
    assert.deepEqual(await tally(id), { replied: 1, perChoice: [0, 1], needsHelp: 1 });
    assert.equal((await slotOf(id, recipientId())).get('changes'), 0, 'the same answer again');

    assert.deepEqual((await smsIn(person.phone, 'what?')).body, { outcome: 'explained' });
    const back = await smsTo(person.phone);
    assert.ok(back.some((t) => t.includes("reply 1 for I'm safe, 2 for I need help")));
    assert.ok(back.some((t) => t.startsWith('Recorded: "I need help"')));
  });

  it('an SMS from an unknown number, or without the secret, changes nothing', async () => {
    const id = await ask('Are you safe? (forged)');
    const stranger = '+15005550199';
    assert.deepEqual((await smsIn(stranger, '1')).body, { outcome: 'ignored' });
    assert.deepEqual(await smsTo(stranger), [], 'a stranger is told nothing');
    for (const secret of [null, 'wrong-secret', `${SECRET}x`]) {
      const refused = await smsIn(person.phone, '1', secret);
      assert.equal(refused.status, 401);
    }
    assert.equal((await slotOf(id, recipientId())).get('answered'), false);
    assert.equal((await tally(id)).replied, 0);
  });
});
