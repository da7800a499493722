import type { IncomingMessage, ServerResponse } from 'node:http';
import { FirestoreApiError, GrpcCode } from '../service.js';
import { callerFromAuthorization } from './caller.js';
import { handleEmulatorEndpoint, type EndpointDeps } from './emulator-endpoints.js';
import { errorBody, httpStatusOf, invalidArgument, toApiError } from './errors.js';
import { handleRest, isRestPath } from './rest.js';
import { parseJsonWellFormed } from './unicode.js';

/** E3's WebChannel handler: returns false when the path is not a WebChannel path. */
export type WebChannelHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The HTTP/1.1 side of the single port: CORS on every response, WebChannel, the emulator
 * endpoints, then the REST surface; every error in Google's JSON error shape.
 */
export function createHttpHandler(
  deps: EndpointDeps,
  webChannel: WebChannelHandler | null,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-max-age': '86400', 'content-length': '0' });
      res.end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      sendError(res, invalidArgument(`Malformed request URL: ${req.url}`));
      return;
    }
    try {
      if (webChannel?.(req, res, url)) return;
    } catch (error) {
      sendError(res, toApiError(error, deps.log));
      return;
    }
    void route(deps, req, res, url).catch((error: unknown) =>
      sendError(res, toApiError(error, deps.log)),
    );
  };
}

async function route(
  deps: EndpointDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const readBody = () => readJsonBody(req);
  const endpoint = await handleEmulatorEndpoint(deps, method, url, readBody);
  if (endpoint) {
    if (endpoint.text) sendText(res, endpoint.status, String(endpoint.body));
    else sendJson(res, endpoint.status, endpoint.body);
    return;
  }
  if (isRestPath(url.pathname)) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : await readBody();
    const result = await handleRest(deps.service, {
      method,
      url,
      body,
      caller: callerFromAuthorization(req.headers.authorization),
    });
    sendJson(res, result.status, result.body);
    return;
  }
  throw new FirestoreApiError(GrpcCode.NOT_FOUND, `Not found: ${method} ${url.pathname}`);
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin ?? '*');
  if (origin) {
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-credentials', 'true');
  }
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? '*',
  );
  res.setHeader('access-control-expose-headers', '*');
}

/** Reads the body as JSON whatever the content type (the browser SDK sends text/plain). */
function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new FirestoreApiError(GrpcCode.INVALID_ARGUMENT, 'Request body too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        resolve(undefined);
        return;
      }
      try {
        resolve(parseJsonWellFormed(text));
      } catch (error) {
        reject(invalidArgument(`Invalid JSON payload received. ${(error as Error).message}`));
      }
    });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body ?? {});
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: FirestoreApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, httpStatusOf(error.code), errorBody(error));
}
