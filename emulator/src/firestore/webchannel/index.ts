/**
 * The WebChannel transport: how the Firebase web SDK in browsers runs its Listen and Write streams
 * (`.../google.firestore.v1.Firestore/{Listen,Write}/channel`). Each channel session maps to one
 * StreamSession of the service; see protocol.ts for the wire format and session.ts for delivery.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerFromAuthorization } from '../server/caller.js';
import { streamRpc } from '../server/rpc-table.js';
import {
  FirestoreApiError,
  GrpcCode,
  type CallContext,
  type FirestoreService,
} from '../service.js';
import {
  asApiError,
  chunk,
  handshakeArray,
  parseDatabaseName,
  parseForwardBody,
  parseHeaderBlock,
} from './protocol.js';
import { ChannelSession, type SessionTimings } from './session.js';

export interface WebChannelOptions {
  log?: (line: string) => void;
  /** Longest a long poll (CI=1) is held with nothing to send; the client's TO parameter may lower it. */
  longPollTimeoutMs?: number;
  /** Noop interval on an idle streaming back channel. */
  keepAliveIntervalMs?: number;
  /** A session with no back channel and no request for this long is closed (the client went away). */
  sessionIdleTimeoutMs?: number;
  /** Unacknowledged bytes after which a streaming back channel is ended so the client acknowledges. */
  backChannelRecycleBytes?: number;
  /** Largest forward POST body accepted. */
  maxBodyBytes?: number;
}

type StreamKind = 'Listen' | 'Write';

const CHANNEL_PATH = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;
const TEXT_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-cache, no-store',
};

export function createWebChannelHandler(
  service: FirestoreService,
  options: WebChannelOptions = {},
): (req: IncomingMessage, res: ServerResponse, url: URL) => boolean {
  const log = options.log ?? (() => {});
  const timings: SessionTimings = {
    longPollTimeoutMs: options.longPollTimeoutMs ?? 25_000,
    keepAliveIntervalMs: options.keepAliveIntervalMs ?? 25_000,
    idleTimeoutMs: options.sessionIdleTimeoutMs ?? 60_000,
    recycleBytes: options.backChannelRecycleBytes ?? 512 * 1024,
  };
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const sessions = new Map<string, ChannelSession>();

  async function handle(
    kind: StreamKind,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void> {
    const params = url.searchParams;
    const sid = params.get('SID');
    if (params.get('TYPE') === 'terminate') {
      // Sent by sendBeacon (POST), an image (GET) or XHR: the client closed the channel.
      req.resume();
      if (sid) sessions.get(sid)?.close('terminated by client');
      res.writeHead(200, TEXT_HEADERS).end();
      return;
    }
    if (req.method === 'POST') {
      const body = await readBody(req, maxBodyBytes);
      if (sid === null) {
        handshake(kind, req, res, url, body);
      } else {
        forward(sessionOrReject(sid, res), res, params, body);
      }
      return;
    }
    if (req.method === 'GET') {
      if (sid === null) return reject(res, 400, 'back channel request without SID');
      const type = params.get('TYPE');
      if (type !== null && type !== 'xmlhttp')
        return reject(res, 400, `unsupported back channel TYPE=${type}`);
      const session = sessionOrReject(sid, res);
      if (!session) return;
      session.acknowledge(arrayId(params.get('AID')));
      const timeout = Number(params.get('TO'));
      session.openBackChannel(res, params.get('CI') !== '1', timeout > 0 ? timeout : null);
      return;
    }
    reject(res, 405, `method ${req.method} not allowed on a WebChannel`, { Allow: 'GET, POST' });
  }

  function handshake(
    kind: StreamKind,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: string,
  ): void {
    const parsed = parseForwardBody(body);
    const id = randomBytes(12).toString('hex');
    const session = new ChannelSession(
      id,
      kind,
      timings,
      (closed) => sessions.delete(closed.id),
      log,
    );
    sessions.set(id, session);
    try {
      const ctx = callContext(url, req, parsed.headers);
      if (kind === 'Listen') session.attachStream(service, ctx, streamRpc('Listen'));
      else session.attachStream(service, ctx, streamRpc('Write'));
      log(
        `webchannel ${kind} ${id} opened for ${ctx.projectId}/${ctx.databaseId} (${ctx.caller.kind})`,
      );
    } catch (error) {
      session.fail(asApiError(error));
    }
    session.receive(parsed.maps);
    const headers: Record<string, string> = { ...TEXT_HEADERS };
    // The client names the URL parameter it will echo the session id in (gsessionid for Firestore).
    if (url.searchParams.has('X-HTTP-Session-Id')) headers['X-HTTP-Session-Id'] = id;
    res.writeHead(200, headers).end(chunk(handshakeArray(id)));
  }

  function forward(
    session: ChannelSession | null,
    res: ServerResponse,
    query: URLSearchParams,
    body: string,
  ): void {
    if (!session) return;
    const parsed = parseForwardBody(body);
    session.acknowledge(arrayId(query.get('AID')));
    session.receive(parsed.maps);
    res.writeHead(200, TEXT_HEADERS).end(session.forwardResponse());
  }

  function sessionOrReject(sid: string, res: ServerResponse): ChannelSession | null {
    const session = sessions.get(sid);
    // The client looks for "Unknown SID" past the start of a 400 body and then reconnects.
    if (!session) reject(res, 400, 'Unknown SID');
    return session ?? null;
  }

  return (req, res, url) => {
    const match = CHANNEL_PATH.exec(url.pathname);
    if (!match) return false;
    handle(match[1] as StreamKind, req, res, url).catch((error: unknown) => {
      if (error instanceof FirestoreApiError) {
        reject(res, error.code === GrpcCode.RESOURCE_EXHAUSTED ? 413 : 400, error.message);
        return;
      }
      log(`webchannel: internal error: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) res.destroy();
      else reject(res, 500, 'internal error');
    });
    return true;
  };
}

function callContext(
  url: URL,
  req: IncomingMessage,
  initHeaders: Map<string, string>,
): CallContext {
  const overwrite = parseHeaderBlock(url.searchParams.get('$httpHeaders') ?? '');
  const header = (name: string): string | undefined => {
    const direct = req.headers[name];
    return (
      initHeaders.get(name) ?? overwrite.get(name) ?? (Array.isArray(direct) ? direct[0] : direct)
    );
  };
  const database =
    url.searchParams.get('database') ?? header('google-cloud-resource-prefix') ?? null;
  return {
    ...parseDatabaseName(database),
    caller: callerFromAuthorization(header('authorization')),
  };
}

function arrayId(text: string | null): number | null {
  if (text === null || !/^-?\d+$/.test(text)) return null;
  return Number(text);
}

function reject(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...TEXT_HEADERS, ...extra }).end(`WebChannel error: ${message}\n`);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (data: Buffer) => {
      size += data.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(
          new FirestoreApiError(GrpcCode.RESOURCE_EXHAUSTED, `request body exceeds ${limit} bytes`),
        );
        return;
      }
      chunks.push(data);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete)
        reject(new FirestoreApiError(GrpcCode.CANCELLED, 'request aborted by the client'));
    });
  });
}
