import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { gunzipSync, inflateSync } from 'node:zlib';
import {
  FirestoreApiError,
  GrpcCode,
  type CallContext,
  type FirestoreService,
} from '../service.js';
import { callerFromAuthorization } from './caller.js';
import { invalidArgument, toApiError } from './errors.js';
import { decodeMessage, encodeMessage } from './proto-json.js';
import { loadFirestoreProtos, SERVICE_NAME } from './protos.js';
import { databaseOfHeaders, databaseOfRequest, type DatabaseRef } from './resource.js';
import { streamRpc, unaryRpc, type StreamRpc } from './rpc-table.js';

/**
 * gRPC google.firestore.v1.Firestore over node:http2: length-prefixed protobuf messages in,
 * each decoded once into its typed proto3 JSON message (proto-json.ts) for the engine, status in
 * the trailers.
 */
export function createGrpcHandler(
  service: FirestoreService,
  log: (line: string) => void,
): (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => void {
  const protos = loadFirestoreProtos();
  const prefix = `/${SERVICE_NAME}/`;
  return (stream, headers) => {
    const call = new GrpcCall(stream);
    const path = headers[':path'] ?? '';
    const contentType = headers['content-type'] ?? '';
    if (headers[':method'] !== 'POST' || !contentType.startsWith('application/grpc')) {
      stream.respond({ ':status': 415, 'content-type': 'text/plain' }, { endStream: false });
      stream.end('gRPC requests must be POST with content-type application/grpc.\n');
      return;
    }
    const method = path.startsWith(prefix)
      ? protos.methods.get(path.slice(prefix.length))
      : undefined;
    if (!method) {
      call.finish(new FirestoreApiError(GrpcCode.UNIMPLEMENTED, `Method not found: ${path}`));
      return;
    }
    const encoding = headers['grpc-encoding'];
    const reader = new FrameReader(Array.isArray(encoding) ? encoding[0] : encoding);
    const caller = callerFromAuthorization(headers.authorization);
    if (method.name === 'Write' || method.name === 'Listen') {
      handleBidi(service, streamRpc(method.name), call, reader, caller, headers, log);
      return;
    }
    const rpc = unaryRpc(method.name);
    if (!rpc) {
      call.finish(
        new FirestoreApiError(
          GrpcCode.UNIMPLEMENTED,
          `${method.name} is not supported by this emulator.`,
        ),
      );
      return;
    }
    const frames: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      try {
        frames.push(...reader.push(chunk));
      } catch (error) {
        call.finish(toApiError(error, log));
      }
    });
    stream.on('end', () => {
      if (call.finished) return;
      void (async () => {
        try {
          if (frames.length !== 1)
            throw invalidArgument(`Expected exactly one request message, got ${frames.length}.`);
          const request = decodeMessage(rpc.types.request, frames[0]!);
          const ctx: CallContext = { ...databaseOfRequest(request), caller };
          const result = await rpc.call(service, ctx, request);
          for (const response of Array.isArray(result) ? result : [result]) {
            call.send(encodeMessage(rpc.types.response, response));
          }
          call.finish(null);
        } catch (error) {
          call.finish(toApiError(error, log));
        }
      })();
    });
  };
}

function handleBidi<M extends 'Write' | 'Listen'>(
  service: FirestoreService,
  rpc: StreamRpc<M>,
  call: GrpcCall,
  reader: FrameReader,
  caller: CallContext['caller'],
  headers: IncomingHttpHeaders,
  log: (line: string) => void,
): void {
  type Session = ReturnType<StreamRpc<M>['open']>;
  let session: Session | null = null;
  const sink: Parameters<StreamRpc<M>['open']>[2] = {
    push(response) {
      if (call.finished) return;
      try {
        call.send(encodeMessage(rpc.types.response, response));
      } catch (error) {
        end(toApiError(error, log));
      }
    },
    fail(error: FirestoreApiError) {
      end(error);
    },
  };
  const open = (db: DatabaseRef): Session => rpc.open(service, { ...db, caller }, sink);
  const end = (error: FirestoreApiError | null): void => {
    if (call.finished) return;
    call.finish(error);
    const closing = session;
    session = null;
    closing?.close();
  };
  try {
    const fromHeaders = databaseOfHeaders(headers);
    if (fromHeaders) session = open(fromHeaders);
  } catch (error) {
    end(toApiError(error, log));
    return;
  }
  call.stream.on('data', (chunk: Buffer) => {
    if (call.finished) return;
    try {
      for (const frame of reader.push(chunk)) {
        const request = decodeMessage(rpc.types.request, frame);
        session ??= open(databaseOfRequest(request));
        session.receive(request);
        if (call.finished) return;
      }
    } catch (error) {
      end(toApiError(error, log));
    }
  });
  // The client half-closing ends the stream cleanly; the client going away just releases it.
  call.stream.on('end', () => end(null));
  call.stream.on('close', () => {
    call.finished = true;
    const closing = session;
    session = null;
    closing?.close();
  });
}

/** One gRPC call's response side: headers once, messages, then status in trailers. */
class GrpcCall {
  finished = false;
  private headersSent = false;

  constructor(readonly stream: ServerHttp2Stream) {
    stream.on('error', () => {
      this.finished = true;
    });
  }

  send(message: Uint8Array): void {
    if (this.finished || this.stream.destroyed) return;
    this.sendHeaders();
    const frame = Buffer.allocUnsafe(5 + message.length);
    frame.writeUInt8(0, 0);
    frame.writeUInt32BE(message.length, 1);
    frame.set(message, 5);
    this.stream.write(frame);
  }

  finish(error: FirestoreApiError | null): void {
    if (this.finished) return;
    this.finished = true;
    if (this.stream.destroyed || this.stream.closed) return;
    const status = {
      'grpc-status': String(error ? error.code : GrpcCode.OK),
      ...(error ? { 'grpc-message': encodeGrpcMessage(error.message) } : {}),
    };
    if (!this.headersSent) {
      // Trailers-only response.
      this.headersSent = true;
      this.stream.respond(
        { ':status': 200, 'content-type': 'application/grpc+proto', ...status },
        { endStream: true },
      );
      return;
    }
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(status));
    this.stream.end();
  }

  private sendHeaders(): void {
    if (this.headersSent) return;
    this.headersSent = true;
    this.stream.respond(
      { ':status': 200, 'content-type': 'application/grpc+proto' },
      { waitForTrailers: true },
    );
  }
}

/** Splits the request body into gRPC length-prefixed messages, decompressing if flagged. */
class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly encoding: string | undefined) {}

  push(chunk: Buffer): Buffer[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Buffer[] = [];
    while (this.buffer.length >= 5) {
      const length = this.buffer.readUInt32BE(1);
      if (this.buffer.length < 5 + length) break;
      const compressed = this.buffer[0] === 1;
      const body = this.buffer.subarray(5, 5 + length);
      this.buffer = this.buffer.subarray(5 + length);
      frames.push(compressed ? this.decompress(body) : body);
    }
    return frames;
  }

  private decompress(body: Buffer): Buffer {
    try {
      if (this.encoding === 'gzip') return gunzipSync(body);
      if (this.encoding === 'deflate') return inflateSync(body);
    } catch (error) {
      throw invalidArgument(
        `Could not decompress the request message: ${(error as Error).message}`,
      );
    }
    throw new FirestoreApiError(
      GrpcCode.UNIMPLEMENTED,
      `Unsupported grpc-encoding: ${this.encoding ?? 'none'}`,
    );
  }
}

/** Percent-encodes only what the gRPC spec requires (non-printable-ASCII and '%'); clients decodeURI it. */
function encodeGrpcMessage(message: string): string {
  return message.replace(/[^\x20-\x7E]|%/gu, (c) => encodeURIComponent(c));
}
