import { randomBytes } from 'node:crypto';
import type { WriteRequest, WriteResponse } from '../protocol/messages.js';
import type { CallContext, StreamSession, StreamSink } from '../service.js';
import { FirestoreApiError, GrpcCode } from '../service.js';
import { invalid, isObject, optArray } from './errors.js';
import type { CommitOutcome } from './engine.js';
import { parseDatabaseName } from './paths.js';
import type { Database, Store } from './store.js';
import { microsToTimestamp } from './time.js';

export interface WriteHost {
  readonly store: Store;
  commitWrites(ctx: CallContext, db: Database, writes: unknown[], txn: null): CommitOutcome;
}

/**
 * The Write stream: a handshake (first request without writes, answered with a stream id and
 * token), then one commit per request, each answered with a new token, its commit time and results.
 */
export class WriteStreamSession implements StreamSession<WriteRequest> {
  private db: Database | null = null;
  private streamId = '';
  private sequence = 0;
  private closed = false;

  constructor(
    private readonly host: WriteHost,
    private readonly ctx: CallContext,
    private readonly sink: StreamSink<WriteResponse>,
  ) {}

  receive(request: WriteRequest): void {
    if (this.closed) return;
    try {
      this.handle(request);
    } catch (e) {
      this.closed = true;
      this.sink.fail(
        e instanceof FirestoreApiError
          ? e
          : new FirestoreApiError(GrpcCode.INTERNAL, `Write failed: ${(e as Error)?.message ?? e}`),
      );
    }
  }

  close(): void {
    this.closed = true;
  }

  private handle(request: WriteRequest): void {
    if (!isObject(request)) throw invalid('Write: a request must be an object');
    const writes = optArray(request, 'writes', 'Write');
    if (!this.db) {
      this.db = this.host.store.database(parseDatabaseName(request.database, 'Write'));
      if (writes.length > 0)
        throw invalid(
          'Write: the first request of a stream is a handshake and must not contain writes',
        );
      this.streamId = randomBytes(8).toString('hex');
      this.sink.push({ streamId: this.streamId, streamToken: this.nextToken(), writeResults: [] });
      return;
    }
    if (
      request.database &&
      this.host.store.database(parseDatabaseName(request.database, 'Write')) !== this.db
    ) {
      throw invalid('Write: all requests of a stream must name the same database');
    }
    const outcome = this.host.commitWrites(this.ctx, this.db, writes, null);
    this.sink.push({
      streamId: this.streamId,
      streamToken: this.nextToken(),
      writeResults: outcome.writeResults,
      commitTime: microsToTimestamp(outcome.commitTime),
    });
  }

  private nextToken(): string {
    this.sequence++;
    return Buffer.from(`${this.streamId}:${this.sequence}`).toString('base64');
  }
}
