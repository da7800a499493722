/**
 * One WebChannel session: the bridge between the client's forward maps / back channel arrays and
 * one Listen or Write StreamSession of the engine.
 *
 * Every response becomes an "array" with an increasing id and stays in the outbox until the client
 * acknowledges it (AID on its next request), so a back channel that was lost in flight is replayed
 * on the next one. A streaming back channel (CI=0) stays open and gets each batch as it comes plus
 * keep-alive noops; a long-polling one (CI=1) is answered with what is queued, or held until
 * something is queued or the poll times out (answered with a noop: an empty answer is an error to
 * the client).
 */
import type { ServerResponse } from 'node:http';
import type { ListenResponse, WriteResponse } from '../protocol/messages.js';
import { decodeJsonMessage } from '../server/proto-json.js';
import type { StreamRpc } from '../server/rpc-table.js';
import {
  FirestoreApiError,
  type CallContext,
  type FirestoreService,
  type StreamSink,
} from '../service.js';
import {
  NOOP_PAYLOAD,
  asApiError,
  chunk,
  errorPayload,
  forwardAck,
  messageOfMap,
  type ForwardMap,
} from './protocol.js';

export interface SessionTimings {
  /** Longest a long poll is held when nothing is queued. */
  longPollTimeoutMs: number;
  /** Idle time on a streaming back channel after which a noop is sent (client watchdog is 45 s). */
  keepAliveIntervalMs: number;
  /** How long a session lives with no back channel and no request before it is closed. */
  idleTimeoutMs: number;
  /**
   * Unacknowledged bytes after which a streaming back channel is ended: a listener's client sends
   * nothing for long stretches, so only its next back channel request (AID) lets the outbox shrink.
   */
  recycleBytes: number;
}

interface OutboxEntry {
  id: number;
  payload: string;
}

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  timer: NodeJS.Timeout | null;
}

export class ChannelSession {
  /** The engine's stream, fed each forward map's message decoded with its request type. */
  private stream: { receive(json: unknown): void; close(): void } | null = null;
  /** Set once the stream ended with an error; later client messages are dropped. */
  private failed = false;
  private closed = false;
  /** Array 0 is the handshake, sent in the handshake response itself. */
  private nextArrayId = 1;
  private readonly outbox: OutboxEntry[] = [];
  /** Payload characters in the outbox: what the client has not acknowledged. */
  private outstandingBytes = 0;
  /** Highest array id written on the current back channel. */
  private writtenOnChannel = 0;
  /** Highest array id ever written (reported to forward POSTs). */
  private lastWritten = 0;
  /** The next forward map to deliver; null until the handshake sets the client's first id. */
  private nextMapId: number | null = null;
  /** Maps that arrived ahead of a gap (concurrent forward POSTs may complete out of order). */
  private readonly earlyMaps = new Map<number, ForwardMap>();
  private backChannel: BackChannel | null = null;
  private flushScheduled = false;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly id: string,
    readonly description: string,
    private readonly timings: SessionTimings,
    private readonly onClosed: (session: ChannelSession) => void,
    private readonly log: (line: string) => void,
  ) {
    this.armIdleTimer();
  }

  /** The sink handed to the engine when the stream is opened. */
  readonly sink: StreamSink<ListenResponse | WriteResponse> = {
    push: (response) => {
      if (this.failed || this.closed) return;
      this.enqueue([response]);
    },
    fail: (error: FirestoreApiError) => this.fail(error),
  };

  /** Opens the engine's stream for this session (throws what opening it throws). */
  attachStream<M extends 'Listen' | 'Write'>(
    service: FirestoreService,
    ctx: CallContext,
    rpc: StreamRpc<M>,
  ): void {
    const stream = rpc.open(service, ctx, this.sink);
    this.stream = {
      receive: (json) => stream.receive(decodeJsonMessage(rpc.types.request, json)),
      close: () => stream.close(),
    };
  }

  /** Ends the stream with an error the SDK maps to a FirestoreError code. */
  fail(error: FirestoreApiError): void {
    if (this.failed || this.closed) return;
    this.failed = true;
    this.log(`webchannel ${this.description} ${this.id} failed: ${error.message}`);
    this.enqueue(errorPayload(error));
  }

  /** Delivers forward maps in id order, once each (the client resends maps whose POST it lost). */
  receive(maps: ForwardMap[]): void {
    this.touch();
    if (this.nextMapId === null) this.nextMapId = maps[0]?.id ?? 0;
    for (const map of maps) {
      if (map.id >= this.nextMapId) this.earlyMaps.set(map.id, map);
    }
    for (
      let map = this.earlyMaps.get(this.nextMapId);
      map;
      map = this.earlyMaps.get(this.nextMapId)
    ) {
      this.earlyMaps.delete(this.nextMapId);
      this.nextMapId++;
      this.deliver(map);
    }
  }

  private deliver(map: ForwardMap): void {
    if (this.failed || this.closed) return;
    let message: object | null;
    try {
      message = messageOfMap(map);
      if (message !== null) this.stream?.receive(message);
    } catch (error) {
      this.fail(asApiError(error));
    }
  }

  /** Drops arrays the client has seen (its AID); it cannot have seen more than was written. */
  acknowledge(arrayId: number | null): void {
    if (arrayId === null) return;
    const seen = Math.min(arrayId, this.lastWritten);
    let acked = 0;
    while (acked < this.outbox.length && (this.outbox[acked] as OutboxEntry).id <= seen) {
      this.outstandingBytes -= (this.outbox[acked] as OutboxEntry).payload.length;
      acked++;
    }
    this.outbox.splice(0, acked);
  }

  /** The body of the answer to a forward POST on this session. */
  forwardResponse(): string {
    return chunk(forwardAck(this.backChannel !== null, this.lastWritten, this.outstandingBytes));
  }

  /**
   * Takes over `res` as the back channel. Everything after the client's AID is (re)sent on it;
   * a previous back channel still open is ended (the client gave up on it).
   */
  openBackChannel(res: ServerResponse, streaming: boolean, pollTimeoutMs: number | null): void {
    this.touch();
    this.endBackChannel();
    this.clearIdleTimer();
    const channel: BackChannel = { res, streaming, timer: null };
    this.backChannel = channel;
    this.writtenOnChannel = 0;
    res.on('close', () => {
      if (this.backChannel !== channel) return;
      this.detachBackChannel();
    });
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
    });
    if (this.outbox.length > 0) {
      this.flush();
    } else if (streaming) {
      // The first bytes tell a client with detectBufferingProxy that nothing buffers the stream.
      this.enqueue(NOOP_PAYLOAD);
      this.flush();
    } else {
      const timeout = Math.min(this.timings.longPollTimeoutMs, pollTimeoutMs ?? Infinity);
      channel.timer = setTimeout(() => {
        channel.timer = null;
        this.enqueue(NOOP_PAYLOAD);
      }, timeout).unref();
      res.flushHeaders();
    }
  }

  /** The client closed the channel (TYPE=terminate), or the session expired. */
  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.clearIdleTimer();
    this.endBackChannel();
    this.log(`webchannel ${this.description} ${this.id} closed (${reason})`);
    if (this.stream && !this.failed) {
      try {
        this.stream.close();
      } catch (error) {
        this.log(
          `webchannel ${this.description} ${this.id}: error closing stream: ${(error as Error).message}`,
        );
      }
    }
    this.onClosed(this);
  }

  /** Marks client activity (a request on this session). */
  touch(): void {
    if (this.backChannel === null) this.armIdleTimer();
  }

  private enqueue(payload: unknown[]): void {
    if (this.closed) return;
    const entry = { id: this.nextArrayId++, payload: JSON.stringify(payload) };
    this.outbox.push(entry);
    this.outstandingBytes += entry.payload.length;
    // Batch what the engine pushes in one turn (a snapshot is several responses) into one chunk.
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  private flush(): void {
    const channel = this.backChannel;
    if (!channel) return;
    const pending = this.outbox.filter((entry) => entry.id > this.writtenOnChannel);
    if (pending.length === 0) return;
    const arrays = pending.map((entry) => `[${entry.id},${entry.payload}]`).join(',');
    const last = (pending[pending.length - 1] as OutboxEntry).id;
    this.writtenOnChannel = last;
    this.lastWritten = Math.max(this.lastWritten, last);
    channel.res.write(chunk(`[${arrays}]`));
    if (channel.streaming && this.outstandingBytes < this.timings.recycleBytes) {
      this.armKeepAlive(channel);
    } else {
      // The client opens the next back channel at once, acknowledging what it got.
      this.endBackChannel();
    }
  }

  private armKeepAlive(channel: BackChannel): void {
    if (channel.timer) clearTimeout(channel.timer);
    channel.timer = setTimeout(() => {
      channel.timer = null;
      this.enqueue(NOOP_PAYLOAD);
    }, this.timings.keepAliveIntervalMs).unref();
  }

  private endBackChannel(): void {
    const channel = this.backChannel;
    if (!channel) return;
    this.detachBackChannel();
    channel.res.end();
  }

  private detachBackChannel(): void {
    const channel = this.backChannel;
    if (!channel) return;
    if (channel.timer) clearTimeout(channel.timer);
    this.backChannel = null;
    if (!this.closed) this.armIdleTimer();
  }

  private armIdleTimer(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => this.close('idle timeout'), this.timings.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
