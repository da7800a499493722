/**
 * A node:http server on a free port that routes WebChannel paths to the handler, for protocol
 * tests and for browser tests that need to reach into the server (it answers CORS like the
 * emulator, so a page on another origin can use it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FirestoreService } from '../../src/firestore/service.js';
import {
  createWebChannelHandler,
  type WebChannelOptions,
} from '../../src/firestore/webchannel/index.js';

export interface ChannelServer {
  host: string;
  port: number;
  baseUrl: string;
  /** Drops every session and connection, as a restarted server would. */
  forgetSessions(): void;
  close(): Promise<void>;
}

export async function startChannelServer(
  service: FirestoreService,
  options: WebChannelOptions = {},
): Promise<ChannelServer> {
  let handle = createWebChannelHandler(service, options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!handle(req, res, url)) res.writeHead(404).end('not a WebChannel path');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    forgetSessions() {
      handle = createWebChannelHandler(service, options);
      server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
