import assert from 'node:assert/strict';
import { COLLECTIONS } from '@campus-safety/model';
import { EMULATOR_UNREGISTERED_PREFIX } from '../../src/push/emulator-transport';
import {
  FUNCTIONS_URL,
  PROJECT,
  account,
  auth,
  closeAll,
  db,
  docData,
  reporter,
  signIn,
  unique,
  waitFor,
} from './stack';

async function post(path: string, body: unknown, token?: string, origin?: string) {
  const res = await fetch(`${FUNCTIONS_URL}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, any>,
    headers: res.headers,
  };
}

describe('HTTP endpoints', () => {
  after(closeAll);

  it('send-notification pushes to the tokens for an Admin and records the push', async () => {
    const imt = await account({ role: 'Admin' });
    const typeId = unique('inc');
    const res = await post(
      'send-notification',
      {
        title: 'Update',
        body: 'On our way',
        tokens: ['tok-1', 'tok-2'],
        type: 'report',
        type_id: typeId,
      },
      await imt.idToken(),
      'http://localhost:5173',
    );
    assert.equal(res.status, 200);
    assert.deepEqual({ state: res.body.state, sent: res.body.sent }, { state: 'sent', sent: 2 });
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    const record = await docData(`${COLLECTIONS.pushMessages}/${res.body.id}`);
    assert.deepEqual(record!.tokens, ['tok-1', 'tok-2']);
    assert.equal(record!.transport, 'emulator');
  });

  it('answers the console’s origins only: another Firebase site is refused before any push (issue 28 item 7)', async () => {
    const admin = await account({ role: 'Admin' });
    const token = await admin.idToken();
    const preflight = (origin: string) =>
      fetch(`${FUNCTIONS_URL}/send-notification`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const own = await preflight(`https://${PROJECT}.web.app`);
    assert.equal(own.status, 204);
    assert.equal(own.headers.get('access-control-allow-origin'), `https://${PROJECT}.web.app`);
    for (const origin of ['https://attacker.web.app', `https://${PROJECT}-evil.firebaseapp.com`]) {
      const refused = await preflight(origin);
      assert.equal(refused.status, 403, origin);
      assert.equal(refused.headers.get('access-control-allow-origin'), null, origin);
      const typeId = unique('cors');
      const posted = await post(
        'send-notification',
        { title: 'T', body: 'B', tokens: ['tok-1'], type: 'report', type_id: typeId },
        token,
        origin,
      );
      assert.equal(posted.status, 403);
      assert.equal(posted.headers.get('access-control-allow-origin'), null);
      const pushes = await db
        .collection(COLLECTIONS.pushMessages)
        .where('payload.type_id', '==', typeId)
        .get();
      assert.equal(pushes.size, 0, 'nothing pushed');
    }
  });

  it('send-notification skips an empty token list and forgets unregistered tokens of any user', async () => {
    const admin = await account({ role: 'Admin' });
    const token = await admin.idToken();
    const skipped = await post(
      'send-notification',
      { title: 'T', body: 'B', tokens: [], type: 'report', type_id: 'x' },
      token,
    );
    assert.equal(skipped.body.state, 'skipped');
    const dead = `${EMULATOR_UNREGISTERED_PREFIX}${unique('t')}`;
    const rep = await reporter(['keep-me', dead]);
    const res = await post(
      'send-notification',
      { title: 'T', body: 'B', tokens: [dead], type: 'report', type_id: 'x' },
      token,
    );
    assert.equal(res.body.state, 'failed');
    await waitFor(
      () => docData(`${COLLECTIONS.users}/${rep.uid}`),
      (d) => d?.deviceToken.length === 1,
    );
  });

  it('send-notif-topic sends to the topic all', async () => {
    const admin = await account({ role: 'Admin' });
    const res = await post(
      'send-notif-topic',
      { title: 'New guide', body: 'Read it', topic: 'all', type: 'guide', type_id: 'a1' },
      await admin.idToken(),
    );
    assert.equal(res.status, 200);
    const record = await docData(`${COLLECTIONS.pushMessages}/${res.body.id}`);
    assert.equal(record!.topic, 'all');
    assert.equal(record!.payload.type, 'guide');
  });

  it('refuses missing tokens (401), app users and archived staff (403), bad payloads (400)', async () => {
    const payload = { title: 'T', body: 'B', topic: 'all', type: 'guide', type_id: 'a1' };
    const none = await post('send-notif-topic', payload);
    assert.equal(none.status, 401);
    assert.equal(none.body.error.status, 'unauthenticated');
    assert.equal((await post('send-notif-topic', payload, 'not-a-token')).status, 401);
    const user = await account({ role: 'User' });
    assert.equal((await post('send-notif-topic', payload, await user.idToken())).status, 403);
    const archived = await account({ role: 'Admin', isArchived: true });
    const archivedToken = await archived.user.getIdToken();
    // Archiving disables the Auth user (the user trigger): wait for that, as the endpoint reads it.
    await waitFor(
      () => auth.getUser(archived.uid),
      (u) => u.disabled,
    );
    const refused = await post('send-notif-topic', payload, archivedToken);
    assert.equal(refused.status, 403);
    assert.match(refused.body.error.message, /archived/);
    const admin = await account({ role: 'Admin' });
    const bad = await post(
      'send-notif-topic',
      { ...payload, topic: 'staff' },
      await admin.idToken(),
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.message, "topic must be 'all'.");
    const wrong = await post(
      'send-notification',
      { ...payload, tokens: 'abc' },
      await admin.idToken(),
    );
    assert.equal(wrong.status, 400);
  });

  it('refuses both pushes to an IMT, a reporter, a new sign-up and no token, and records nothing', async () => {
    const typeId = unique('attack');
    const topic = {
      title: 'Free parking',
      body: 'Reply with your card number',
      topic: 'all',
      type: 'announcement',
      type_id: typeId,
    };
    const direct = { ...topic, topic: undefined, tokens: ['victim-token'], type: 'report' };
    const imt = await account({ role: 'IMT' });
    const user = await account({ role: 'User' });
    // A new sign-up: an Auth account whose profile nobody has created.
    const email = `${unique('signup')}@mail.test`;
    await auth.createUser({ email, password: 'secret-123' });
    const signup = await signIn(email, 'secret-123');
    const callers: [string, string | undefined, number][] = [
      ['IMT', await imt.idToken(), 403],
      ['reporter', await user.idToken(), 403],
      ['new sign-up', await signup.idToken(), 403],
      ['no token', undefined, 401],
    ];
    for (const [who, token, status] of callers) {
      for (const [path, body] of [
        ['send-notif-topic', topic],
        ['send-notification', direct],
      ] as const) {
        const res = await post(path, body, token);
        assert.equal(res.status, status, `${path} as ${who}`);
        assert.equal(
          res.body.error.status,
          status === 401 ? 'unauthenticated' : 'permission-denied',
        );
      }
    }
    const imtRefusal = await post('send-notif-topic', topic, await imt.idToken());
    assert.equal(imtRefusal.body.error.message, 'Only Admin accounts can do this.');
    const recorded = await db
      .collection(COLLECTIONS.pushMessages)
      .where('payload.type_id', '==', typeId)
      .get();
    assert.equal(recorded.size, 0);
  });

  it('answers malformed or non-JSON bodies with a 400 and no stack trace, sending nothing', async () => {
    const admin = await account({ role: 'Admin' });
    const token = await admin.idToken();
    const before = (await db.collection(COLLECTIONS.pushMessages).count().get()).data().count;
    const send = (contentType: string, body: string) =>
      fetch(`${FUNCTIONS_URL}/send-notif-topic`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        body,
      });
    // Parsed (and refused) by the platform before the function runs.
    const malformed = await send('application/json', '{"title": "T", "body": ');
    assert.equal(malformed.status, 400);
    const page = await malformed.text();
    assert.doesNotMatch(page, /SyntaxError|JSON\.parse|node_modules|\bat \S+ \(/);
    // Not JSON at all: the function answers in its own JSON error shape.
    const text = await send('text/plain', 'title=T&body=B');
    assert.equal(text.status, 400);
    assert.deepEqual(((await text.json()) as { error: unknown }).error, {
      status: 'invalid-argument',
      message: 'Send the body as JSON (Content-Type: application/json).',
    });
    assert.equal(
      (await db.collection(COLLECTIONS.pushMessages).count().get()).data().count,
      before,
    );
  });
});
