import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { gunzipSync, inflateSync } from 'node:zlib';
import {
  FirestoreApiError,
  GrpcCode,
  type CallContext,
  type FirestoreService,
  type Json,
  type StreamSession,
} from '../service.js';
import { callerFromAuthorization } from './caller.js';
import { invalidArgument, toApiError } from './errors.js';
import { decodeToJson, encodeFromJson } from './proto-json.js';
import { loadFirestoreProtos, methodTypes, SERVICE_NAME } from './protos.js';
import { databaseOfHeaders, databaseOfRequest, type DatabaseRef } from './resource.js';
import { STREAM_RPCS, UNARY_RPCS } from './rpc-table.js';
import type protobuf from 'protobufjs';

/**
 * gRPC google.firestore.v1.Firestore over node:http2: length-prefixed protobuf messages in,
 * the engine's proto3 JSON in the middle, status in the trailers.
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
    const types = methodTypes(method);
    const decode = (frame: Buffer): Json => decodeToJson(types.request, frame);
    if (method.name === 'Write' || method.name === 'Listen') {
      handleBidi(service, method.name, call, reader, decode, types.response, caller, headers, log);
      return;
    }
    const rpc = UNARY_RPCS[method.name];
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
          const request = decode(frames[0]!);
          const ctx: CallContext = { ...databaseOfRequest(request), caller };
          const result = await rpc(service, ctx, request);
          for (const response of Array.isArray(result) ? result : [result]) {
            call.send(encodeFromJson(types.response, response));
          }
          call.finish(null);
        } catch (error) {
          call.finish(toApiError(error, log));
        }
      })();
    });
  };
}

function handleBidi(
  service: FirestoreService,
  name: 'Write' | 'Listen',
  call: GrpcCall,
  reader: FrameReader,
  decode: (frame: Buffer) => Json,
  responseType: protobuf.Type,
  caller: CallContext['caller'],
  headers: IncomingHttpHeaders,
  log: (line: string) => void,
): void {
  let session: StreamSession | null = null;
  const sink = {
    push(response: Json) {
      if (call.finished) return;
      try {
        call.send(encodeFromJson(responseType, response));
      } catch (error) {
        end(toApiError(error, log));
      }
    },
    fail(error: FirestoreApiError) {
      end(error);
    },
  };
  const open = (db: DatabaseRef): StreamSession =>
    STREAM_RPCS[name](service, { ...db, caller }, sink);
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
        const request = decode(frame);
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
