import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { generateVAPIDKeys } from 'web-push';
import {
  isWebPushAddress,
  recordedAddress,
  webPushAddress,
  webPushSubscriptionOf,
} from '../../src/domain/push-address';
import { routedTransport } from '../../src/push/routed-transport';
import { INVALID_TOKEN_CODES, type PushTransport } from '../../src/push/transport';
import {
  WEB_PUSH_CONCURRENCY,
  WEB_PUSH_TTL_SECONDS,
  webPushTransport,
  type PushPost,
} from '../../src/push/web-push-transport';

const VAPID = { subject: 'mailto:t@example.test', ...generateVAPIDKeys() };
// A device's keys as a browser makes them: a P-256 key pair and a 16-byte secret.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const KEYS = {
  p256dh: ecdh.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};
const device = (i: number) => ({ endpoint: `https://push.example:8443/send/${i}?a=b`, ...KEYS });
const payload = {
  title: 'Alert',
  body: 'Stay inside.',
  type: 'mass-notification' as const,
  type_id: 'a1',
};

describe('Web Push addresses', () => {
  it('carry the whole subscription and are recorded without its keys', () => {
    const address = webPushAddress(device(1));
    assert.ok(isWebPushAddress(address));
    assert.deepEqual(webPushSubscriptionOf(address), device(1));
    assert.equal(recordedAddress(address), `webpush:${device(1).endpoint}`);
    assert.equal(recordedAddress('fcm-token'), 'fcm-token');
    assert.equal(webPushSubscriptionOf('fcm-token'), null);
    assert.equal(webPushSubscriptionOf('webpush:onlykey'), null);
  });
});

describe('webPushTransport', () => {
  it('sends the payload with a day of TTL, at most 50 at once, and tells a gone device apart', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: { endpoint: string; headers: Record<string, string> }[] = [];
    const post: PushPost = async (endpoint, { headers, body }) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      assert.ok(body && body.length > 0, 'an encrypted payload');
      seen.push({ endpoint, headers });
      if (endpoint.includes('/send/3?')) return { status: 410, text: 'gone' };
      if (endpoint.includes('/send/4?')) return { status: 503, text: 'busy' };
      return { status: 201, text: '' };
    };
    const addresses = Array.from({ length: 120 }, (_, i) => webPushAddress(device(i)));
    const result = await webPushTransport(VAPID, { post }).sendToTokens(addresses, payload);

    assert.equal(most, WEB_PUSH_CONCURRENCY);
    assert.equal(seen.length, 120);
    const { headers } = seen[0]!;
    assert.equal(headers.TTL, String(WEB_PUSH_TTL_SECONDS));
    assert.equal(headers.Urgency, 'high', 'an alert wakes the device');
    assert.equal(headers['Content-Encoding'], 'aes128gcm');
    assert.match(headers.Authorization!, new RegExp(`^vapid t=.+, k=${VAPID.publicKey}$`));
    assert.equal(result.successCount, 118);
    const byToken = new Map(result.failures.map((f) => [f.token, f.code]));
    assert.ok(INVALID_TOKEN_CODES.has(byToken.get(addresses[3]!)!), 'a 410 is forgotten');
    assert.ok(!INVALID_TOKEN_CODES.has(byToken.get(addresses[4]!)!), 'a 503 is kept');
  });

  it('refuses a plain-http endpoint outside the emulators', async () => {
    const plain = webPushAddress({ ...device(1), endpoint: 'http://127.0.0.1:9/notify/x' });
    const post: PushPost = async () => assert.fail('nothing is sent');
    const result = await webPushTransport(VAPID, { post }).sendToTokens([plain], payload);
    assert.equal(result.failures[0]!.code, 'webpush/malformed-address');
  });

  it('fails every address, forgetting none, while no VAPID keys are set', async () => {
    const result = await webPushTransport(null).sendToTokens([webPushAddress(device(1))], {
      ...payload,
      type: 'report',
    });
    assert.equal(result.successCount, 0);
    assert.equal(result.failures[0]!.code, 'webpush/not-configured');
  });
});

describe('routedTransport', () => {
  it('sends each address its own way and merges the answers, one way failing whole', async () => {
    const got: string[][] = [];
    const fcm: PushTransport = {
      name: 'fcm',
      async sendToTokens(tokens) {
        got.push(tokens);
        return { successCount: tokens.length, failures: [] };
      },
      async sendToTopic() {},
    };
    const web: PushTransport = {
      name: 'webpush',
      async sendToTokens() {
        throw new Error('down');
      },
      async sendToTopic() {},
    };
    const address = webPushAddress(device(1));
    const result = await routedTransport(fcm, web).sendToTokens(['t1', address, 't2'], payload);
    assert.deepEqual(got, [['t1', 't2']]);
    assert.equal(result.successCount, 2);
    assert.deepEqual(
      result.failures.map((f) => [f.token, f.code]),
      [[address, 'webpush/failed']],
    );
  });
});
