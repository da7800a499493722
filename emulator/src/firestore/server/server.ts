import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import type { FirestoreService } from '../service.js';
import type { EndpointDeps } from './emulator-endpoints.js';
import { createGrpcHandler } from './grpc.js';
import { createHttpHandler, type WebChannelHandler } from './http.js';
import type { ProjectRules } from './rules.js';
import type { TriggerRegistry } from './triggers.js';

export interface EmulatorServerOptions {
  service: FirestoreService;
  rules: ProjectRules;
  triggers: TriggerRegistry;
  webChannel: WebChannelHandler | null;
  host: string;
  port: number;
  log: (line: string) => void;
}

export interface EmulatorServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** The HTTP/2 connection preface every gRPC client opens with. */
const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n');

/**
 * One port for everything, as the official emulator: the first bytes of each connection decide
 * whether it is HTTP/2 (gRPC) or HTTP/1.1 (REST, WebChannel, emulator endpoints).
 */
export function startEmulatorServer(options: EmulatorServerOptions): Promise<EmulatorServer> {
  const deps: EndpointDeps = {
    service: options.service,
    rules: options.rules,
    triggers: options.triggers,
    log: options.log,
  };
  const h2 = http2.createServer({
    settings: { maxConcurrentStreams: 10_000, initialWindowSize: 1 << 20 },
    // Many Listen streams on one connection can buffer a lot at once; node's 10 MB default
    // would reset the session (ENHANCE_YOUR_CALM).
    maxSessionMemory: 256,
  });
  h2.on('stream', createGrpcHandler(options.service, options.log));
  h2.on('sessionError', () => undefined);
  h2.setTimeout(0);
  const h1 = http.createServer(
    { requestTimeout: 0, keepAliveTimeout: 65_000 },
    createHttpHandler(deps, options.webChannel),
  );
  h1.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const decided =
        head.length >= PREFACE.length || !PREFACE.subarray(0, head.length).equals(head);
      if (!decided) return;
      socket.off('data', onData);
      socket.pause();
      socket.unshift(head);
      // http2 takes the buffered bytes and reads the handle itself; resuming would drop them.
      if (head.subarray(0, PREFACE.length).equals(PREFACE)) {
        h2.emit('connection', socket);
      } else {
        h1.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} on ${options.host} is not available: address already in use.`,
            )
          : error,
      );
    });
    server.listen(options.port, options.host, () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        host: options.host,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
            h1.closeAllConnections();
          }),
      });
    });
  });
}
