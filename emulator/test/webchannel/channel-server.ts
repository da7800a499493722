/** A node:http server on a free port that routes WebChannel paths to the handler, for protocol tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FirestoreService } from '../../src/firestore/service.js';
import {
  createWebChannelHandler,
  type WebChannelOptions,
} from '../../src/firestore/webchannel/index.js';

export interface ChannelServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startChannelServer(
  service: FirestoreService,
  options: WebChannelOptions = {},
): Promise<ChannelServer> {
  const handle = createWebChannelHandler(service, options);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!handle(req, res, url)) res.writeHead(404).end('not a WebChannel path');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
