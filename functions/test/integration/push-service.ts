/**
 * A real Web Push service on this machine (the `web-push-testing` package, in this process on a
 * free port): it makes subscriptions as a browser's push service would, checks each push's VAPID
 * signature against the subscription's key, decrypts it, and keeps what it received. A
 * subscription it expired answers 410 Gone, as a push service answers for an unsubscribed device.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { WebPushSubscription } from '@campus-safety/model';

interface TestingServer {
  startServer(): void;
  _server: import('node:http').Server;
}
type ServerClass = new (model: { notifyUrl: string }, port: number) => TestingServer;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS package without types
const WebPushTestingServer = require('web-push-testing/src/server.js') as ServerClass;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => { notifyUrl: string };
};

/** The stack's VAPID public key, from its one home (the stack's copy of functions/.env.local). */
export const VAPID_PUBLIC_KEY = /^WEB_PUSH_PUBLIC_KEY=(.+)$/m.exec(
  readFileSync(join(__dirname, '..', '..', '.env.local'), 'utf8'),
)![1]!;

export interface PushDevice {
  subscription: WebPushSubscription;
  /** The pushes this device received, decrypted (the JSON the functions sent). */
  received(): Promise<unknown[]>;
  /** From now on the service answers 410 Gone for it. */
  expire(): Promise<void>;
}

export interface PushService {
  subscribe(): Promise<PushDevice>;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel();
  // Port 0: the system picks a free one, then the model is told the address it hands out.
  const server = new WebPushTestingServer(model, 0);
  server.startServer();
  await new Promise<void>((resolve) => server._server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server._server.address() as AddressInfo).port}`;
  model.notifyUrl = `${base}/notify/`;

  async function post(path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${await res.text()}`);
    return res.headers.get('content-type')?.includes('json') ? res.json() : null;
  }

  return {
    async subscribe() {
      const { data } = (await post('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey: VAPID_PUBLIC_KEY,
      })) as {
        data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
      };
      return {
        subscription: { endpoint: data.endpoint, p256dh: data.keys.p256dh, auth: data.keys.auth },
        async received() {
          const { data: got } = (await post('/get-notifications', {
            clientHash: data.clientHash,
          })) as { data: { messages: string[] } };
          return got.messages.map((m) => JSON.parse(m) as unknown);
        },
        async expire() {
          await post(`/expire-subscription/${data.clientHash}`);
        },
      };
    },
    stop: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
